import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, expectNotFound, fakeApi, filterOf, lastCall, listReply, messageReply, notifications, passwordBox, refusedReply, renderOrganisations, resetPage, retype, saveExpecting, saveLandsOn, signInAs, STRENGTH, textbox, typeInto } from '../test-support';

const user = userEvent.setup({ delay: null });
beforeEach(resetPage);

const BEN = {
  id: 7,
  first_name: 'Ben',
  last_name: 'Carter',
  full_name: 'Ben Carter',
  email: 'ben@sparks.test',
  phone_no: '0412345678',
  company_name: 'Carter Electrical',
  abn_number: '51000000000',
  eid: 'EL100200',
  address: '10 Wattle Street',
  city: 'Parramatta',
  state: 'NSW',
  postcode: '2150',
  aggregator_id: 2,
  aggregator_name: 'Reposit Power',
  field_workers: 2,
  status: 'Active',
  created_at: '2021-04-01T09:00:00.000Z',
};
const BEN_INFO = { ...BEN, agency_name: 'Sunrise Installers', second_factor_required: true, devices: 30, updated_at: '2024-01-01T00:00:00.000Z' };
const AGGREGATORS = [
  { id: 1, name: 'Amber Grid Services' },
  { id: 2, name: 'Reposit Power' },
];
const WORKERS = [
  { id: 31, electrician_id: 7, electrician_name: 'Ben Carter', company_name: 'Carter Electrical', first_name: 'Mia', last_name: 'Fraser', full_name: 'Mia Fraser', email: 'mia@field.test', phone: '0400000001', devices: 12, created_at: '2021-06-01T09:00:00.000Z' },
];
const DEVICE = {
  id: 901,
  product_line: 'heat_pump',
  serial_number: 'HP0000000901',
  mac_address: 'AA0000000901',
  installation_date: '2022-03-14',
  device_status: 'Active',
  is_online: 1,
  property_id: 55,
  unit_number: null,
  street_number: '12',
  street: 'Wattle',
  city: 'Parramatta',
  state: 'NSW',
  postal_code: '2150',
  field_worker: 'Mia Fraser',
  created_at: '2022-03-14T00:00:00.000Z',
};

describe('Admin: electricians', () => {
  it('lists with the drawer filters; View, Edit and Add open their pages', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/electrician/get/all': listReply([BEN], 1),
      'GET /api/aggregators/get-list': messageReply('Aggregators', AGGREGATORS),
    });
    const r = renderOrganisations('/admin/electricians');
    const table = await screen.findByRole('table', { name: 'Electricians' });
    expect(await within(table).findByText('Ben Carter')).toBeInTheDocument();
    expect(within(table).getByText('Reposit Power')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('Company Name'), 'Carter');
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Aggregator' }), 'Reposit Power');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(filterOf(lastCall(calls, 'GET', '/api/electrician/get/all'))).toEqual([
        { key: 'company_name', value: 'Carter', type: 'single' },
        { key: 'aggregator_id', value: '2', type: 'single' },
      ]),
    );

    await user.click(within(table).getByRole('button', { name: 'View Ben Carter' }));
    await waitFor(() => expect(r.location().pathname).toBe('/admin/electrician/view/7'));
  });

  it('add: every message of the spec, a refusal keeps what was typed, then saves and opens the new electrician', async () => {
    signInAs('Admin');
    let refuse = true;
    const calls = fakeApi({
      'GET /api/aggregators/get-list': messageReply('Aggregators', AGGREGATORS),
      'POST /api/electrician/add': () =>
        refuse
          ? { status: 409, body: { status: false, message: 'An account with this email already exists', info: { field: 'email' } } }
          : messageReply('Electrician added successfully', { id: 12 }),
      'GET /api/electrician/get/12': messageReply('Electrician', { ...BEN_INFO, id: 12 }),
      'GET /api/electrician/get-agents': listReply([]),
      'GET /api/electrician/get-devices': listReply([]),
    });
    const r = renderOrganisations('/admin/electrician');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Electrician' })).toBeInTheDocument();
    await saveExpecting(user, [
      'First Name is required',
      'Last Name is required',
      'Email is required',
      'Phone Number is required',
      'Company Name is required',
      'ABN Number is required',
      'Address is required',
      'Valid Postal code is required',
      'Password is required',
    ]);
    // the aggregator waits until the electrician is edited
    expect(screen.queryByText('Aggregator is required')).toBeNull();

    await typeInto(user, [
      ['First Name', 'x'.repeat(200)],
      ['Last Name', 'y'.repeat(200)],
      ['Email', 'riley@volt'],
      ['Phone Number', '0412'],
      ['ABN Number', '5182'],
      ['Postcode', '20'],
    ]);
    await user.type(passwordBox(), 'weakpass');
    await saveExpecting(user, [
      'First Name should be less than 200 character',
      'Last Name should be less than 200 character',
      'Email address is invalid',
      'Phone Number must be 8 to 13 characters.',
      'Invalid ABN',
      'Valid Postal code is required',
      STRENGTH,
    ]);
    expect(callsTo(calls, 'POST', '/api/electrician/add')).toHaveLength(0);

    await retype(user, [
      ['First Name', ' Riley '],
      ['Last Name', 'Sparks'],
      ['Email', 'riley@volt.example.com'],
      ['Phone Number', '0412555666'],
      ['Company Name', 'Sparks Electrical'],
      ['ABN Number', '51824753556'],
      ['Address', '4 Volt Lane'],
      ['Postcode', '2042'],
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'NSW');
    await user.clear(passwordBox());
    await user.type(passwordBox(), 'Brisk-volt-2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // said once, beside the Email field (no toast, nothing above the footer), which takes the focus
    const emailField = textbox('Email').closest<HTMLElement>('[data-scope="field"][data-part="root"]');
    if (!emailField) throw new Error('the Email field has no field root');
    expect(await within(emailField).findByText('An account with this email already exists')).toBeInTheDocument();
    expect(textbox('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('An account with this email already exists')).toHaveLength(1);
    expect(notifications()).toEqual([]);
    expect(textbox('Email')).toHaveFocus();
    expect(textbox('Email')).toHaveValue('riley@volt.example.com');
    expect(lastCall(calls, 'POST', '/api/electrician/add').body).toEqual({
      first_name: 'Riley',
      last_name: 'Sparks',
      email: 'riley@volt.example.com',
      phone_no: '0412555666',
      company_name: 'Sparks Electrical',
      abn_number: '51824753556',
      eid: '',
      address: '4 Volt Lane',
      city: '',
      state: 'NSW',
      postcode: '2042',
      aggregator_id: null,
      password: 'Brisk-volt-2026',
    });

    refuse = false;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Aggregator' }), 'Amber Grid Services');
    await saveLandsOn(user, r, '/admin/electrician/view/12');
    expect(lastCall(calls, 'POST', '/api/electrician/add').body).toMatchObject({ aggregator_id: 1 });
    // a new electrician is Active: the add form has no Status (the server takes none)
    expect(lastCall(calls, 'POST', '/api/electrician/add').body).not.toHaveProperty('status');
  });

  it('phone: letters are told they are letters, a bad first or last character is told so', async () => {
    signInAs('Admin');
    const calls = fakeApi({ 'GET /api/aggregators/get-list': messageReply('Aggregators', AGGREGATORS) });
    renderOrganisations('/admin/electrician');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Electrician' })).toBeInTheDocument();
    const letters = 'Phone Number can only contain digits, spaces, brackets, hyphens and a leading +';
    const ends = 'Phone Number must start with + or a digit and end with a digit';
    await user.type(textbox('Phone Number'), '0412abc678');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(letters)).toBeInTheDocument();
    expect(screen.queryByText(ends)).toBeNull();
    await user.clear(textbox('Phone Number'));
    await user.type(textbox('Phone Number'), '0412 345 67-');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ends)).toBeInTheDocument();
    expect(screen.queryByText(letters)).toBeNull();
    expect(callsTo(calls, 'POST', '/api/electrician/add')).toHaveLength(0);
  });

  it('edit: the stored values, the aggregator required, the password sent only when typed', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/electrician/get/7': messageReply('Electrician', BEN_INFO),
      'GET /api/aggregators/get-list': messageReply('Aggregators', AGGREGATORS),
      'PUT /api/electrician/edit/7': messageReply('Electrician updated successfully'),
      'GET /api/electrician/get-agents': listReply(WORKERS),
      'GET /api/electrician/get-devices': listReply([]),
    });
    const r = renderOrganisations('/admin/electrician/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Electrician [Ben Carter]' })).toBeInTheDocument();
    expect(textbox('Company Name')).toHaveValue('Carter Electrical');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Aggregator' })).toHaveValue('2'));
    expect(screen.getByText('Leave empty to keep the current password')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Aggregator' }), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Aggregator is required')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/api/electrician/edit/7')).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Aggregator' }), 'Amber Grid Services');
    await user.clear(textbox('Company Name'));
    await user.type(textbox('Company Name'), 'Carter & Sons');
    // In-Active: the electrician stays, its sign-in ends
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Active');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'In-Active');
    // issue 24: the stored requirement is shown and can be lifted
    const twoStep = screen.getByRole('checkbox', { name: 'Require two-step sign-in' });
    expect(twoStep).toBeChecked();
    await user.click(twoStep);
    await saveLandsOn(user, r, '/admin/electrician/view/7');
    const body = lastCall(calls, 'PUT', '/api/electrician/edit/7').body as Record<string, unknown>;
    expect(body).toMatchObject({ company_name: 'Carter & Sons', aggregator_id: 1, status: 'In-Active', second_factor_required: false });
    expect(body).not.toHaveProperty('password');
  });

  it('view: the facts, field workers and devices a page at a time; a refused delete says why, a delete returns to the list', async () => {
    signInAs('Admin');
    let refuse = true;
    const calls = fakeApi({
      'GET /api/electrician/get/7': messageReply('Electrician', BEN_INFO),
      'GET /api/electrician/get-agents': listReply(WORKERS),
      'GET /api/electrician/get-devices': { body: { status: true, message: 'Devices', info: { data: [DEVICE], total: 30, current_page: 1, last_page: 2 } } },
      'DELETE /api/electrician/delete/7': () =>
        refuse
          ? refusedReply(409, 'This electrician has installed 30 devices and cannot be deleted')
          : messageReply('Electrician deleted successfully'),
      'GET /api/electrician/get/all': listReply([]),
      'GET /api/aggregators/get-list': messageReply('Aggregators', AGGREGATORS),
    });
    const r = renderOrganisations('/admin/electrician/view/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Electrician [Ben Carter]' })).toBeInTheDocument();
    expect(screen.getByText('Sunrise Installers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/electrician/7');
    const workers = await screen.findByRole('table', { name: 'Field Workers' });
    expect(within(workers).getByRole('link', { name: 'Mia Fraser' })).toHaveAttribute('href', '/admin/electrician-installer/view/31');
    expect(lastCall(calls, 'GET', '/api/electrician/get-agents').query.get('electrician_id')).toBe('7');
    const devices = await screen.findByRole('table', { name: 'Installed Devices' });
    expect(await within(devices).findByRole('link', { name: 'Open device HP0000000901' })).toHaveAttribute('href', '/admin/heat_pump/device/view/901');
    expect(within(devices).getByText('Heat Pump')).toBeInTheDocument();
    const devicesSection = screen.getByRole('region', { name: 'Installed Devices' });
    // each section's pager is its own landmark, named after its list
    expect(within(devicesSection).getByRole('navigation', { name: 'Pagination: Installed Devices' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination: Field Workers' })).toBeInTheDocument();
    await user.click(within(devicesSection).getByRole('button', { name: /next/i }));
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/electrician/get-devices').query.get('page')).toBe('2'));
    expect(lastCall(calls, 'GET', '/api/electrician/get-agents').query.get('page')).toBe('1');
    // a header sorts the section from its page 1; the section's size keeps that sort
    await user.click(within(devices).getByRole('button', { name: /MAC Address/ }));
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/electrician/get-devices').query.get('sortBy')).toBe('mac_address'));
    expect(Object.fromEntries(lastCall(calls, 'GET', '/api/electrician/get-devices').query)).toMatchObject({ page: '1', orderBy: 'asc' });
    await user.selectOptions(within(devicesSection).getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/electrician/get-devices').query.get('limit')).toBe('50'));
    expect(Object.fromEntries(lastCall(calls, 'GET', '/api/electrician/get-devices').query)).toMatchObject({ page: '1', sortBy: 'mac_address', orderBy: 'asc' });
    // the sections page on their own (the URL stays the record's) and offer no column chooser
    expect(r.location().search).toBe('');
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Electrician' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByText('This electrician has installed 30 devices and cannot be deleted')).toBeInTheDocument();
    expect(r.location().pathname).toBe('/admin/electrician/view/7');
    refuse = false;
    const reads = calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(r.location().pathname).toBe('/admin/electricians'));
    // the deleted electrician is not read again (it would answer 404): only the list is
    expect(calls.slice(reads).map((c) => c.path).filter((p) => p !== '/api/aggregators/get-list')).toEqual(['/api/electrician/delete/7', '/api/electrician/get/all']);
  });

  it('an electrician outside reach (404) or an id that is not one says not found', async () => {
    signInAs('Admin');
    const { unmount } = await expectNotFound('/api/electrician/get/99', '/admin/electrician/view/99', 'Electrician not found');
    unmount();
    renderOrganisations('/admin/electrician/view/abc');
    expect(await screen.findByText('Electrician not found')).toBeInTheDocument();
  });
});

describe("the agency's electricians", () => {
  it('lists and opens them read-only, through the agency calls', async () => {
    signInAs('Agency');
    const calls = fakeApi({
      'GET /api/agency/electrician/get/all': listReply([BEN]),
      'GET /api/aggregators/get-list': messageReply('Aggregators', AGGREGATORS),
      'GET /api/agency/electrician/get/7': messageReply('Electrician', BEN_INFO),
      'GET /api/agency/electrician/get-agents': listReply(WORKERS),
      'GET /api/agency/electrician/get-devices': listReply([{ ...DEVICE, product_line: 'livelink' }]),
      'GET /api/agency/electrician/devices': listReply([{ ...DEVICE, id: 902, serial_number: 'LL0000000902', product_line: 'livelink', electrician: 'Ben Carter', field_worker: 'Mia Fraser' }]),
    });
    const r = renderOrganisations('/agency/electricians');
    const table = await screen.findByRole('table', { name: 'Electricians' });
    // below the list: the agency's devices its electricians installed, each with who installed it
    const installed = await screen.findByRole('table', { name: 'Devices installed by electricians' });
    const row = (await within(installed).findByRole('link', { name: 'Open device LL0000000902' })).closest('tr');
    expect(row).toHaveTextContent('Ben Carter');
    expect(row).toHaveTextContent('Mia Fraser');
    expect(within(installed).getByRole('link', { name: 'Open device LL0000000902' })).toHaveAttribute('href', '/agency/devices/view/902');
    expect(screen.queryByRole('button', { name: 'Add Electrician' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Edit Ben Carter' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Delete Ben Carter' })).toBeNull();
    await user.click(await within(table).findByRole('button', { name: 'View Ben Carter' }));
    await waitFor(() => expect(r.location().pathname).toBe('/agency/electricians/view/7'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Electrician [Ben Carter]' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    const workers = await screen.findByRole('table', { name: 'Field Workers' });
    expect(within(workers).getByRole('link', { name: 'Mia Fraser' })).toHaveAttribute('href', '/agency/electricians-agents/view/31');
    expect(await screen.findByRole('link', { name: 'Open device HP0000000901' })).toHaveAttribute('href', '/agency/devices/view/901');
    expect(callsTo(calls, 'GET', '/api/electrician/get/7')).toHaveLength(0);
  });
});
