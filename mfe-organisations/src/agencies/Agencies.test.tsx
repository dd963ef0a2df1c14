import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AGENCY_SAMPLE } from '@fleet/contract';
import { callsTo, expectNotFound, fakeApi, fakeUploads, fill, filterOf, lastCall, listReply, messageReply, passwordBox, refusedReply, renderOrganisations, resetPage, saveExpecting, saveLandsOn, signInAs, STRENGTH } from '../test-support';

const user = userEvent.setup({ delay: null });
const realXhr = global.XMLHttpRequest;
beforeEach(() => {
  resetPage();
  signInAs('Admin', { product: 'livelink' });
});
afterEach(() => {
  global.XMLHttpRequest = realXhr;
});

const ROW = {
  id: 4,
  agency_name: 'Harbour Electrical Group',
  email: 'admin@harbour.example.com',
  contact_first_name: 'Tom',
  contact_last_name: 'Roberts',
  contact: '0396541230',
  postcode: '3000',
  city: 'Melbourne',
  state: 'VIC',
  status: 'In-Active',
  flows: ['install'],
  device_type: ['livelink', 'bulb'],
  agents: 3,
  devices: 41,
  created_at: '2021-02-01T09:00:00.000Z',
};
const INFO = {
  ...ROW,
  status: 'Active',
  abn_no: '12004044937',
  country: 'Australia',
  street_address: '240 Collins Street',
  plot_address: null,
  email_notification: true,
  second_factor_required: false,
  customers: 12,
  electricians: 3,
  partners: [{ id: 2, name: 'GreenSwitch Finance' }],
  updated_at: '2022-02-01T09:00:00.000Z',
};
const DEVICE = {
  id: 70,
  product_line: 'livelink',
  serial_number: '200000000070',
  mac_address: 'A4CF12000046',
  installation_date: '2023-05-01',
  device_status: 'Active',
  installed_via: 'Installer App',
  agency_name: 'Harbour Electrical Group',
  first_name: 'Liam',
  last_name: 'Park',
  property_id: 9,
  unit_number: null,
  street_number: '5',
  street: 'Low Rd',
  city: 'Hobart',
  state: 'TAS',
  postal_code: '7000',
};
const AGENT = { id: 11, first_name: 'Liam', last_name: 'Park', email: 'liam.park@agents.example.com', phone: '0412345679', status: 'Active', agency_id: 4, agency_name: 'Harbour Electrical Group', devices: 20, created_at: '2021-03-02T09:00:00.000Z' };


describe('Agencies list', () => {
  it("shows each agency's status, agents and devices of the product; the drawer filters; delete says why it is refused", async () => {
    const calls = fakeApi({
      'GET /api/agency/get/all': listReply([ROW, { ...ROW, id: 5, agency_name: 'Sunrise Installers', status: 'Active' }]),
      'DELETE /api/agency/delete/4': refusedReply(409, 'This agency has 41 devices and 3 installation agents; move them to another agency or set it In-Active instead'),
    });
    renderOrganisations('/admin/installer-agencies');
    const table = await screen.findByRole('table', { name: 'Agencies' });
    const row = (await within(table).findByText('Harbour Electrical Group')).closest('tr') as HTMLElement;
    expect(within(row).getByText('In-Active')).toBeInTheDocument();
    expect(within(row).getByText('Tom Roberts')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Devices \(Livelink\)/ })).toBeInTheDocument();
    expect(lastCall(calls, 'GET', '/api/agency/get/all').query.get('deviceType')).toBe('livelink');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('Postcode'), '3000');
    await user.click(within(drawer).getByText('In-Active'));
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(filterOf(lastCall(calls, 'GET', '/api/agency/get/all'))).toEqual([
        { key: 'postcode', value: '3000', type: 'single' },
        { key: 'status', value: ['In-Active'], type: 'multi' },
      ]),
    );

    await user.click(within(table).getByRole('button', { name: 'Delete Harbour Electrical Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Agency' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByText(/This agency has 41 devices and 3 installation agents/)).toBeInTheDocument();
  });

  it('exports the whole filtered list as a job, and offers its file', async () => {
    const clicks = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const calls = fakeApi({
      'GET /api/agency/get/all': listReply([ROW]),
      'POST /api/export/agencies': messageReply('Export started', { id: 8, status: 'running', total: 1, rows_written: 0, download_link: null, error: null }),
      'GET /api/export/8': messageReply('Export', { id: 8, status: 'done', total: 1, rows_written: 1, download_link: '/api/export/download/8/csv?expires=1&signature=x', error: null }),
    });
    renderOrganisations(`/admin/installer-agencies?agency_name=Harbour&sortBy=agency_name&orderBy=asc`);
    await screen.findByRole('table', { name: 'Agencies' });
    await user.click(screen.getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/export/agencies')).toHaveLength(1));
    expect(lastCall(calls, 'POST', '/api/export/agencies').body).toEqual({ filter: JSON.stringify([{ key: 'agency_name', value: 'Harbour', type: 'single' }]), sortBy: 'agency_name', orderBy: 'asc' });
    expect(await screen.findByRole('link', { name: /Agencies\.csv/ })).toBeInTheDocument();
    expect(clicks).toHaveBeenCalledTimes(1);
    clicks.mockRestore();
  });
});

describe('Add Agency', () => {
  it("says each of the spec's messages, keeps what was typed when the server refuses, and sends form data (In-Active as In-Active)", async () => {
    fakeApi({ 'GET /api/agency/get/9': messageReply('Agency', { ...INFO, id: 9, agency_name: 'Bright Homes' }), 'GET /api/agency/get-devices': listReply([]), 'GET /api/agency/get-agents': listReply([]) });
    let refuse = true;
    const uploads = fakeUploads(() =>
      refuse ? refusedReply(409, 'An agency with this email already exists') : { body: { status: true, message: 'Agency added successfully', info: { id: 9 } } },
    );
    const r = renderOrganisations('/admin/installer-agency');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Agency' })).toBeInTheDocument();
    await saveExpecting(user, ['Agency Name is required', 'Email is required', 'Password is required', 'Contact First Name is required', 'Contact Last Name is required', 'Phone Number is required', 'Valid Postal code is required']);
    // the first field in error is where the keyboard goes
    expect(screen.getByRole('textbox', { name: /Agency Name/ })).toHaveFocus();

    await fill(user, /Agency Name/, AGENCY_SAMPLE.agency_name);
    await fill(user, /^Email/, 'office@bright');
    await user.type(passwordBox(), 'weakpass');
    await fill(user, /Phone Number/, '12345');
    await fill(user, /Contact First Name/, AGENCY_SAMPLE.contact_first_name);
    await fill(user, /Contact Last Name/, AGENCY_SAMPLE.contact_last_name);
    await fill(user, /Postcode/, '20');
    await fill(user, /ABN/, '123');
    await saveExpecting(user, ['Email address is invalid', STRENGTH, 'Phone Number must be 8 to 13 characters.', 'Valid Postal code is required', 'Invalid ABN']);
    expect(uploads).toHaveLength(0);

    await fill(user, /^Email/, AGENCY_SAMPLE.email);
    await user.clear(passwordBox());
    await user.type(passwordBox(), AGENCY_SAMPLE.password);
    await fill(user, /Phone Number/, AGENCY_SAMPLE.contact);
    await fill(user, /Postcode/, AGENCY_SAMPLE.postcode);
    await fill(user, /ABN/, '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'In-Active');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'NSW');
    await user.click(screen.getByText('Replace'));
    await user.click(screen.getByText('Heat Pump'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An agency with this email already exists')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Agency Name/ })).toHaveValue(AGENCY_SAMPLE.agency_name);
    expect(Object.fromEntries(uploads[0]?.form.entries() ?? [])).toEqual({
      ...AGENCY_SAMPLE,
      abn_no: '',
      country: 'Australia',
      state: 'NSW',
      city: '',
      street_address: '',
      plot_address: '',
      status: 'In-Active',
      flows: 'install,remove',
      deviceType: 'heat_pump',
      email_notification: 'false',
    });
    expect(uploads[0]).toMatchObject({ method: 'POST', url: 'http://localhost/api/agency/add' });

    refuse = false;
    await saveLandsOn(user, r, '/admin/installer-agency/view/9');
  });
});

describe('Edit Agency', () => {
  it('starts from the agency, sends form data by PUT, and the password only when one is typed', async () => {
    fakeApi({ 'GET /api/agency/get/4': messageReply('Agency', INFO), 'GET /api/agency/get-devices': listReply([]), 'GET /api/agency/get-agents': listReply([]) });
    const uploads = fakeUploads(() => ({ body: { status: true, message: 'Agency updated successfully', info: null } }));
    const r = renderOrganisations('/admin/installer-agency/4');
    expect(await screen.findByRole('textbox', { name: /Agency Name/ })).toHaveValue('Harbour Electrical Group');
    expect(screen.getByText('Leave empty to keep the current password.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Install' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Send this agency email notifications' })).toBeChecked();
    // issue 24: Admin requires a second factor of the agency's users
    const twoStep = screen.getByRole('checkbox', { name: 'Require two-step sign-in' });
    expect(twoStep).not.toBeChecked();
    await user.click(twoStep);
    await fill(user, /Contact First Name/, 'Thomas');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const sent = Object.fromEntries(uploads[0]?.form.entries() ?? []);
    expect(uploads[0]).toMatchObject({ method: 'PUT', url: 'http://localhost/api/agency/edit/4' });
    expect(sent).toMatchObject({ contact_first_name: 'Thomas', status: 'Active', flows: 'install', deviceType: 'livelink,bulb', email_notification: 'true', second_factor_required: 'true' });
    expect(sent).not.toHaveProperty('password');
    await waitFor(() => expect(r.location().pathname).toBe('/admin/installer-agency/view/4'));
  });

  it('says when the agency is not there', async () => {
    await expectNotFound('/api/agency/get/77', '/admin/installer-agency/77', 'Agency not found');
  });
});

describe('Agency view', () => {
  it('shows its facts and partners, pages its devices and agents, and links each to its page', async () => {
    const calls = fakeApi({
      'GET /api/agency/get/4': messageReply('Agency', INFO),
      'GET /api/agency/get-devices': listReply([DEVICE], 30),
      'GET /api/agency/get-agents': listReply([AGENT]),
    });
    renderOrganisations('/admin/installer-agency/view/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Electrical Group' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/installer-agency/4');
    expect(screen.getByRole('link', { name: 'GreenSwitch Finance' })).toHaveAttribute('href', '/admin/partner/view/2');
    expect(screen.getByText('Install')).toBeInTheDocument();
    const devices = await screen.findByRole('table', { name: 'Devices (Livelink)' });
    expect(within(devices).getByRole('link', { name: 'Open device 200000000070' })).toHaveAttribute('href', '/admin/devices/view/70');
    expect(within(devices).getByText('5 Low Rd Hobart TAS 7000')).toBeInTheDocument();
    const device = lastCall(calls, 'GET', '/api/agency/get-devices').query;
    expect([device.get('agency_id'), device.get('deviceType'), device.get('page'), device.get('limit'), device.get('orderBy'), device.get('sortBy')]).toEqual(['4', 'livelink', '1', '25', 'desc', 'created_at']);
    const agents = await screen.findByRole('table', { name: 'Installation Agents' });
    expect(within(agents).getByRole('link', { name: 'Liam Park' })).toHaveAttribute('href', '/admin/installer-agent/view/11');

    // a section pages on its own: the page's address stays the agency's
    await user.click(within(screen.getByRole('region', { name: 'Devices (Livelink)' })).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/agency/get-devices').query.get('page')).toBe('2'));
    expect(lastCall(calls, 'GET', '/api/agency/get-agents').query.get('page')).toBe('1');
  });
});
