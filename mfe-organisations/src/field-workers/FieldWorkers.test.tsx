import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, expectNotFound, fakeApi, filterOf, lastCall, listReply, messageReply, passwordBox, refusedReply, renderOrganisations, resetPage, retype, saveExpecting, saveLandsOn, signInAs, STRENGTH, textbox, typeInto } from '../test-support';

const user = userEvent.setup({ delay: null });
beforeEach(resetPage);

const MIA = {
  id: 31,
  electrician_id: 7,
  electrician_name: 'Ben Carter',
  company_name: 'Carter Electrical',
  first_name: 'Mia',
  last_name: 'Fraser',
  full_name: 'Mia Fraser',
  email: 'mia@field.test',
  phone: '0400000001',
  devices: 12,
  created_at: '2021-06-01T09:00:00.000Z',
};
const MIA_INFO = { ...MIA, updated_at: '2024-01-01T00:00:00.000Z' };
const DEVICE = {
  id: 902,
  product_line: 'livelink',
  serial_number: 'LL0000000902',
  mac_address: 'BB0000000902',
  installation_date: '2022-04-02',
  device_status: 'Active',
  is_online: 1,
  property_id: null,
  unit_number: null,
  street_number: null,
  street: null,
  city: null,
  state: null,
  postal_code: null,
  field_worker: 'Mia Fraser',
  created_at: '2022-04-02T00:00:00.000Z',
};


describe("the electrician's field workers", () => {
  it('adds one with the spec messages; a refusal keeps what was typed; the new one opens', async () => {
    signInAs('Electrician');
    let refuse = true;
    const calls = fakeApi({
      'GET /api/electrician/agents': listReply([MIA]),
      'POST /api/electrician/agent/add': () =>
        refuse
          ? refusedReply(409, 'A field worker with this email already exists')
          : messageReply('Field worker added successfully', { id: 40 }),
      'GET /api/electrician/agent/get/40': messageReply('Field worker', { ...MIA_INFO, id: 40, full_name: 'Jamie Ladder' }),
    });
    const r = renderOrganisations('/electrician/installer-agents');
    const table = await screen.findByRole('table', { name: 'Field Workers' });
    expect(await within(table).findByText('Mia Fraser')).toBeInTheDocument();
    // its own list: no electrician column
    expect(within(table).queryByText('Ben Carter')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Field Worker' }));
    await waitFor(() => expect(r.location().pathname).toBe('/electrician/installer-agent'));

    await user.click(await screen.findByRole('button', { name: 'Save' }));
    for (const message of ['First Name is required', 'Last Name is required', 'Email is required', 'Phone Number is required', 'Password is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await typeInto(user, [
      ['First Name', 'x'.repeat(200)],
      ['Last Name', 'y'.repeat(200)],
      ['Email', 'jamie@'],
      ['Phone Number', '1234567'],
    ]);
    await user.type(passwordBox(), 'lowercase1');
    await saveExpecting(user, [
      'First Name should be less than 200 character',
      'Last Name should be less than 200 character',
      'Email address is invalid',
      'Phone Number must be 8 to 13 characters.',
      STRENGTH,
    ]);
    await user.clear(textbox('Phone Number'));
    await user.type(textbox('Phone Number'), '(0412)34567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone Number must start with + or a digit and end with a digit')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/electrician/agent/add')).toHaveLength(0);

    await retype(user, [
      ['First Name', 'Jamie'],
      ['Last Name', 'Ladder'],
      ['Email', 'jamie@volt.example.com'],
      ['Phone Number', '+61412345678'],
    ]);
    await user.clear(passwordBox());
    await user.type(passwordBox(), 'Ladder-up-2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A field worker with this email already exists')).toBeInTheDocument();
    expect(textbox('First Name')).toHaveValue('Jamie');
    expect(lastCall(calls, 'POST', '/api/electrician/agent/add').body).toEqual({
      first_name: 'Jamie',
      last_name: 'Ladder',
      email: 'jamie@volt.example.com',
      phone: '+61412345678',
      password: 'Ladder-up-2026',
    });
    refuse = false;
    await saveLandsOn(user, r, '/electrician/installer-agent/view/40');
  });

  it('edits one (the password only when typed), and deletes it after Yes', async () => {
    signInAs('Electrician');
    const calls = fakeApi({
      'GET /api/electrician/agent/get/31': messageReply('Field worker', MIA_INFO),
      'PUT /api/electrician/agent/edit/31': messageReply('Field worker updated successfully'),
      'DELETE /api/electrician/agent/31': messageReply('Field worker deleted successfully'),
      'GET /api/electrician/agents': listReply([]),
    });
    const r = renderOrganisations('/electrician/installer-agent/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Field Worker [Mia Fraser]' })).toBeInTheDocument();
    expect(textbox('Email')).toHaveValue('mia@field.test');
    await user.type(passwordBox(), 'short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(STRENGTH)).toBeInTheDocument();
    await user.clear(passwordBox());
    await user.clear(textbox('Last Name'));
    await user.type(textbox('Last Name'), 'Frazer');
    await saveLandsOn(user, r, '/electrician/installer-agent/view/31');
    expect(lastCall(calls, 'PUT', '/api/electrician/agent/edit/31').body).toEqual({ first_name: 'Mia', last_name: 'Frazer', email: 'mia@field.test', phone: '0400000001' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Field Worker [Mia Fraser]' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/electrician/installer-agent/31');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const reads = calls.length;
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Field Worker' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(r.location().pathname).toBe('/electrician/installer-agents'));
    // the deleted one is not read again (it would answer 404): only the list is
    await waitFor(() => expect(calls.slice(reads).map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/electrician/agent/31', 'GET /api/electrician/agents']));
  });

  it("another's field worker (404) says not found, with nothing to edit", async () => {
    signInAs('Electrician');
    await expectNotFound('/api/electrician/agent/get/32', '/electrician/installer-agent/32', 'Field worker not found');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe("Admin's field workers", () => {
  it('lists whose they are, edits contact details in a dialog (no password), and opens the devices they installed', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/electrician-agent/get/all': listReply([MIA]),
      'GET /api/electrician-agent/get/31': messageReply('Field worker', MIA_INFO),
      'PUT /api/electrician-agent/edit/31': (call) =>
        (call.body as { email: string }).email === 'taken@field.test'
          ? refusedReply(409, 'A field worker with this email already exists')
          : messageReply('Field worker updated successfully'),
      'GET /api/electrician-agent/devices': listReply([DEVICE]),
    });
    const r = renderOrganisations('/admin/electricians-installers');
    const table = await screen.findByRole('table', { name: 'Field Workers' });
    expect(await within(table).findByRole('link', { name: 'Ben Carter' })).toHaveAttribute('href', '/admin/electrician/view/7');
    await user.click(within(table).getByRole('button', { name: 'View Mia Fraser' }));
    await waitFor(() => expect(r.location().pathname).toBe('/admin/electrician-installer/view/31'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Field Worker [Mia Fraser]' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Field Worker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Field Worker' });
    expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();
    const email = within(dialog).getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    await user.type(email, 'taken@field.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A field worker with this email already exists')).toBeInTheDocument();
    expect(email).toHaveValue('taken@field.test');
    await user.clear(email);
    await user.type(email, 'mia.fraser@field.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Field Worker' })).toBeNull());
    expect(lastCall(calls, 'PUT', '/api/electrician-agent/edit/31').body).toEqual({ first_name: 'Mia', last_name: 'Fraser', email: 'mia.fraser@field.test', phone: '0400000001' });

    await user.click(screen.getByRole('link', { name: 'Installed Devices' }));
    await waitFor(() => expect(r.location().pathname).toBe('/admin/electrician-installer/device/view/31'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Devices installed by Mia Fraser' })).toBeInTheDocument();
    const devices = await screen.findByRole('table', { name: 'Installed Devices' });
    expect(await within(devices).findByRole('link', { name: 'Open device LL0000000902' })).toHaveAttribute('href', '/admin/devices/view/902');
    expect(within(devices).getByText('No Property Exist')).toBeInTheDocument();
    expect(lastCall(calls, 'GET', '/api/electrician-agent/devices').query.get('elect_agent_id')).toBe('31');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('Serial Number'), 'LL-09:02');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/electrician-agent/devices'))).toEqual([{ key: 'serial_number', value: 'LL0902', type: 'single' }]));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(r.location().pathname).toBe('/admin/electrician-installer/view/31'));
  });
});

describe("the agency's electrician agents", () => {
  it('lists and opens them read-only', async () => {
    signInAs('Agency');
    const calls = fakeApi({
      'GET /api/agency/electrician-agent/get/all': listReply([MIA]),
      'GET /api/agency/electrician-agent/get/31': messageReply('Field worker', MIA_INFO),
    });
    const r = renderOrganisations('/agency/electricians-agents');
    const table = await screen.findByRole('table', { name: 'Electrician Agents' });
    expect(await within(table).findByRole('link', { name: 'Ben Carter' })).toHaveAttribute('href', '/agency/electricians/view/7');
    expect(within(table).queryByRole('button', { name: 'Edit Mia Fraser' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Field Worker' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'View Mia Fraser' }));
    await waitFor(() => expect(r.location().pathname).toBe('/agency/electricians-agents/view/31'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Field Worker [Mia Fraser]' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Field Worker' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(callsTo(calls, 'GET', '/api/electrician-agent/get/31')).toHaveLength(0);
  });
});
