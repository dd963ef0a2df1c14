import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, fill, lastCall, listReply, messageReply, passwordBox, refusedReply, renderOrganisations, resetPage, saveExpecting, saveLandsOn, signInAs, STRENGTH } from '../test-support';

const user = userEvent.setup({ delay: null });
beforeEach(resetPage);

const AGENT = { id: 11, first_name: 'Liam', last_name: 'Park', email: 'liam.park@agents.example.com', phone: '0412345679', status: 'Active', agency_id: 1, agency_name: 'Sunrise Installers', devices: 20, created_at: '2021-03-02T09:00:00.000Z' };
const RECORD = { id: 11, first_name: 'Liam', last_name: 'Park', email: 'liam.park@agents.example.com', phone: '0412345679', status: 'Active', created_at: '2021-03-02T09:00:00.000Z', updated_at: '2021-03-02T09:00:00.000Z' };
const PAYLOAD = {
  agent: { ...RECORD, installer_uuid: '5f0c3f5e-0b6a-4a57-9d2e-3a1f1c7e9a11' },
  agency: { id: 1, agency_name: 'Sunrise Installers', status: 'Active' },
  flows: ['install', 'replace'],
  device_types: ['livelink', 'heat_pump'],
  devices: 20,
  may_sign_in: false,
  refusals: ['No password is set: its agency sets one'],
};

describe("the agency's installation agents", () => {
  it('lists its agents with view, edit and delete; a refused delete says why', async () => {
    signInAs('Agency', { product: 'livelink' });
    const calls = fakeApi({
      'GET /api/agency/agents': listReply([AGENT]),
      'DELETE /api/agency/agent/11': refusedReply(409, 'This installation agent installed 20 devices; set it In-Active instead'),
    });
    const r = renderOrganisations('/agency/installation-agents');
    const table = await screen.findByRole('table', { name: 'Installation Agents' });
    expect(await within(table).findByRole('link', { name: 'Liam Park' })).toHaveAttribute('href', '/agency/installation-agents/view/11');
    expect(within(table).queryByRole('columnheader', { name: 'Agency' })).toBeNull();
    expect(lastCall(calls, 'GET', '/api/agency/agents').query.get('deviceType')).toBe('livelink');
    await user.click(within(table).getByRole('button', { name: 'Delete Liam Park' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Installation Agent' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByText('This installation agent installed 20 devices; set it In-Active instead')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Add Installation Agent' }));
    expect(r.location().pathname).toBe('/agency/installation-agent');
  });

  it("adds an agent with the spec's messages (password required on create only) and keeps what was typed when refused", async () => {
    signInAs('Agency');
    let refuse = true;
    const calls = fakeApi({
      'POST /api/agency/agent/add': () =>
        refuse ? refusedReply(409, 'An installation agent with this email already exists') : messageReply('Installation agent added successfully', { id: 12 }),
      'GET /api/agency/agent/12': messageReply('Installation agent', { ...PAYLOAD, agent: { ...PAYLOAD.agent, id: 12 } }),
      'GET /api/agency/agent-devices': listReply([]),
    });
    const r = renderOrganisations('/agency/installation-agent');
    await screen.findByRole('heading', { level: 1, name: 'Add Installation Agent' });
    await saveExpecting(user, ['First Name is required', 'Last Name is required', 'Email is required', 'Phone Number is required', 'Password is required']);
    await user.type(screen.getByRole('textbox', { name: /First Name/ }), 'x'.repeat(200));
    await user.type(screen.getByRole('textbox', { name: /Last Name/ }), 'y'.repeat(200));
    await fill(user, /^Email/, 'priya@shah');
    await fill(user, /Phone Number/, '0412');
    await user.type(passwordBox(), 'install9');
    await saveExpecting(user, ['First Name should be less than 200 character', 'Last Name should be less than 200 character', 'Email address is invalid', 'Phone Number must be 8 to 13 characters.', STRENGTH]);
    expect(callsTo(calls, 'POST', '/api/agency/agent/add')).toHaveLength(0);

    await fill(user, /First Name/, 'Priya');
    await fill(user, /Last Name/, 'Shah');
    await fill(user, /^Email/, 'priya.shah@agents.example.com');
    await fill(user, /Phone Number/, '0412000111');
    await user.clear(passwordBox());
    await user.type(passwordBox(), 'Install-Pass-9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An installation agent with this email already exists')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /First Name/ })).toHaveValue('Priya');
    expect(lastCall(calls, 'POST', '/api/agency/agent/add').body).toEqual({
      first_name: 'Priya',
      last_name: 'Shah',
      email: 'priya.shah@agents.example.com',
      phone: '0412000111',
      status: 'Active',
      password: 'Install-Pass-9',
    });
    refuse = false;
    await saveLandsOn(user, r, '/agency/installation-agents/view/12');
  });

  it('edits an agent: the password is sent only when typed', async () => {
    signInAs('Agency');
    const calls = fakeApi({
      'GET /api/agency/agent/get/11': messageReply('Installation agent', RECORD),
      'PUT /api/agency/agent/edit/11': messageReply('Installation agent updated successfully'),
      'GET /api/agency/agent/11': messageReply('Installation agent', PAYLOAD),
      'GET /api/agency/agent-devices': listReply([]),
    });
    const r = renderOrganisations('/agency/installation-agents/11');
    expect(await screen.findByRole('textbox', { name: /First Name/ })).toHaveValue('Liam');
    expect(screen.getByText('Leave empty to keep the current password.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'In-Active');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall(calls, 'PUT', '/api/agency/agent/edit/11').body).toEqual({ first_name: 'Liam', last_name: 'Park', email: 'liam.park@agents.example.com', phone: '0412345679', status: 'In-Active' }));
    await waitFor(() => expect(r.location().pathname).toBe('/agency/installation-agents/view/11'));
  });

  it("shows an agent, its installer-app sign-in and its devices; another agency's agent is not found", async () => {
    signInAs('Agency', { product: 'livelink' });
    const calls = fakeApi({
      'GET /api/agency/agent/11': messageReply('Installation agent', PAYLOAD),
      'GET /api/agency/agent-devices': listReply([{ id: 70, product_line: 'heat_pump', serial_number: '600000000070', mac_address: null, installation_date: null, device_status: 'Active', installed_via: 'Installer App', agency_name: null, first_name: null, last_name: null, property_id: null, unit_number: null, street_number: null, street: null, city: null, state: null, postal_code: null }]),
      'GET /api/agency/agent/12': refusedReply(404, 'Installation agent not found'),
    });
    const { unmount } = renderOrganisations('/agency/installation-agents/view/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Liam Park' })).toBeInTheDocument();
    expect(screen.getByText('Cannot sign in to the installer app')).toBeInTheDocument();
    expect(screen.getByText('No password is set: its agency sets one')).toBeInTheDocument();
    expect(screen.getByText('Install, Replace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/agency/installation-agents/11');
    const devices = await screen.findByRole('table', { name: 'Devices (Livelink)' });
    expect(await within(devices).findByRole('link', { name: 'Open device 600000000070' })).toHaveAttribute('href', '/agency/heat_pump/device/view/70');
    expect(lastCall(calls, 'GET', '/api/agency/agent-devices').query.get('agent_id')).toBe('11');
    unmount();
    renderOrganisations('/agency/installation-agents/view/12');
    expect(await screen.findByText('Installation agent not found')).toBeInTheDocument();
  });
});

describe("Admin's installer agents", () => {
  it("lists every agency's agents with their agency, and exports the filtered list", async () => {
    signInAs('Admin', { product: 'heat_pump' });
    const calls = fakeApi({
      'GET /api/agent/get/all': listReply([AGENT]),
      'POST /api/export/agents': messageReply('Export started', { id: 3, status: 'running', total: 1, rows_written: 0, download_link: null, error: null }),
      'GET /api/export/3': messageReply('Export', { id: 3, status: 'running', total: 1, rows_written: 0, download_link: null, error: null }),
    });
    renderOrganisations('/admin/installer-agents?status[]=Active&sortBy=email&orderBy=desc');
    const table = await screen.findByRole('table', { name: 'Installer Agents' });
    expect(await within(table).findByText('Sunrise Installers')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Liam Park' })).toHaveAttribute('href', '/admin/installer-agent/view/11');
    await user.click(screen.getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(lastCall(calls, 'POST', '/api/export/agents').body).toEqual({ deviceType: 'heat_pump', filter: JSON.stringify([{ key: 'status', value: ['Active'], type: 'multi' }]), sortBy: 'email', orderBy: 'desc' }));
  });

  it('views an agent (its login payload) and edits it on the same page', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/agent/login-payload': messageReply('Login payload', PAYLOAD),
      'PUT /api/agent/edit/11': messageReply('Installation agent updated successfully'),
    });
    const r = renderOrganisations('/admin/installer-agent/view/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Liam Park' })).toBeInTheDocument();
    expect(lastCall(calls, 'GET', '/api/agent/login-payload').query.get('agent_id')).toBe('11');
    expect(screen.getByText('5f0c3f5e-0b6a-4a57-9d2e-3a1f1c7e9a11')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sunrise Installers' })).toHaveAttribute('href', '/admin/installer-agency/view/1');
    // the count it shows starts its name (WCAG 2.5.3), what it opens follows for a screen reader
    const devices = screen.getByRole('link', { name: /^20\b.*All devices of this agent/ });
    expect(devices).toHaveAttribute('href', '/admin/installer-agent/view/device/11');
    expect(devices).toHaveTextContent(/^20/);
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Installation Agent' })).toBeInTheDocument();
    // Admin's edit (spec 7) sets no password
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await fill(user, /Last Name/, '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Last Name is required')).toBeInTheDocument();
    await fill(user, /Last Name/, 'Parker');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall(calls, 'PUT', '/api/agent/edit/11').body).toEqual({ first_name: 'Liam', last_name: 'Parker', email: 'liam.park@agents.example.com', phone: '0412345679', status: 'Active' }));
    await waitFor(() => expect(r.location().search).toBe(''));
    expect(await screen.findByRole('heading', { level: 1, name: 'Liam Park' })).toBeInTheDocument();
  });

  it("pages an agent's devices with the drawer's filters in the address", async () => {
    signInAs('Admin', { product: 'all' });
    const calls = fakeApi({ 'GET /api/agent/login-payload': messageReply('Login payload', PAYLOAD), 'GET /api/agent/get-devices': listReply([], 0) });
    const r = renderOrganisations('/admin/installer-agent/view/device/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Devices of Liam Park' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/agent/get-devices')).not.toHaveLength(0));
    expect(lastCall(calls, 'GET', '/api/agent/get-devices').query.get('deviceType')).toBe('all');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('Serial Number'), '2000-00');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(r.location().search).toContain('serial_number=200000'));
  });
});

describe('a record page of an id that is not one', () => {
  it('says not found without calling the server', async () => {
    signInAs('Admin');
    const calls = fakeApi({});
    renderOrganisations('/admin/installer-agent/view/abc');
    expect(await screen.findByText('Installation agent not found')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
