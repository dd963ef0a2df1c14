import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { Member, PropertyInfo } from '../api/customers';
import { callsTo, fakeApi, lastCall, listReply, messageReply, notifications, refusedReply, renderCustomers, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
beforeEach(resetPage);

const PROPERTY: PropertyInfo = {
  id: 40,
  customer_id: 7,
  property_name: 'Home',
  property_type: 'House',
  address_type: 'residential',
  unit_type: null,
  unit_number: null,
  level_type: null,
  level_number: null,
  street_number: '12',
  street: 'Wattle',
  street_type: 'Street',
  street_suffix: null,
  city: 'Parramatta',
  state: 'NSW',
  postal_code: '2150',
  devices: 1,
  members: 1,
  created_at: '2022-03-14T02:30:00.000Z',
  nmi: '4102345678',
  survey_data: [{ question: 'Type of air conditioner', given_answer: 'Split', sub_questions: [{ question: 'How many?', given_answer: 2 }] }],
  property_updated: true,
  updated_at: '2022-03-14T02:30:00.000Z',
  customer_name: 'Chris Demo',
  customer_email: 'customer@demo.test',
  site_name: null,
  company_name: null,
  tariff: {
    id: 1,
    company_id: 2,
    company_name: 'Endeavour Energy',
    electricity_retailer_id: 1,
    retailer_name: 'AGL',
    tariff_structure_id: 3,
    tariff_structure_type: 'Flat Rate',
    is_flat_rate: true,
    unit_charge: 0.315,
    tariff_plan: [],
    discount_type: null,
    discount_percentage: null,
    supply_charge: 1.052,
    supply_charge_discount: 0,
    gst_include: 1,
    impulse_rate: 1000,
    impulse_rate_type: 'imp/kWh',
    rates_updated: true,
    created_at: '2022-03-14T02:30:00.000Z',
  },
};

const MEMBER: Member = { id: 5, property_id: 40, customer_id: 8, email: 'user@demo.test', first_name: 'Jordan', last_name: 'Demo', phone_no: '0412345679', created_at: '2022-04-02T05:00:00.000Z' };

function api(prefix: string, extra: Record<string, Parameters<typeof fakeApi>[0][string]> = {}) {
  return fakeApi({
    [`GET ${prefix}/property/get-info`]: { body: { status: true, message: 'Property', info: PROPERTY } },
    [`GET ${prefix}/property/member`]: { body: { status: true, message: 'Members', info: [MEMBER] } },
    [`GET ${prefix}/property/devices`]: {
      body: { status: true, message: 'Devices', info: [{ id: 3, product_line: 'heat_pump', serial_number: 'HP0000000003', mac_address: 'HP0003', firmware_version: '2.1', device_status: 'Active', status: 'Completed', is_online: 1, fault_code: null, installation_date: '2024-01-02' }] },
    },
    'GET /api/tariff/get-companies': (call) =>
      ({ body: { status: true, message: 'Distributors', info: call.query.get('post_code') === '2150' ? [{ id: 2, company_name: 'Endeavour Energy' }] : call.query.get('post_code') === '2000' ? [{ id: 1, company_name: 'Ausgrid' }] : [] } }),
    'GET /api/electricity-retailer/list': { body: { status: true, message: 'Retailers', info: { electricity_retailers: [{ electricity_retailer_id: 1, retailer_name: 'AGL', is_top_listed: 1 }, { electricity_retailer_id: 2, retailer_name: 'Origin Energy', is_top_listed: 1 }] } } },
    'GET /api/tarrif/company/get-structure': (call) => ({
      body: {
        status: true,
        message: 'Tariff structures',
        info: {
          tariff_structure:
            call.query.get('company_id') === '2'
              ? [
                  { tariff_structure_id: 3, type: 'Flat Rate', is_flat_rate: true, flat_rate: 0.315, tariff_plan: [] },
                  { tariff_structure_id: 4, type: 'Time of Use', is_flat_rate: false, flat_rate: null, tariff_plan: [{ key: 'peak', load_type_key: 'general', unit_charge: 0.54 }, { key: 'offPeak', load_type_key: 'general', unit_charge: 0.19 }] },
                ]
              : [{ tariff_structure_id: 9, type: 'Flat Rate', is_flat_rate: true, flat_rate: 0.3, tariff_plan: [] }],
        },
      },
    }),
    ...extra,
  });
}

describe('Property view', () => {
  it('shows the place, owner, current tariff, devices (linked to their page), members and survey answers', async () => {
    signInAs('sm');
    api('/api/sm/customer');
    renderCustomers('/sitemanager/customer/property/view/40');
    expect(await screen.findByRole('heading', { name: 'Property Details [Home]' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chris Demo' })).toHaveAttribute('href', '/sitemanager/customer/view/7');
    expect(screen.getByText('Endeavour Energy')).toBeInTheDocument();
    expect(screen.getByText('$0.3150')).toBeInTheDocument();
    const devices = await screen.findByRole('table', { name: 'Devices' });
    expect(await within(devices).findByRole('link', { name: 'HP0000000003' })).toHaveAttribute('href', '/sitemanager/device/view/3');
    // the line by its product's name, as the product selector names it
    expect(within(devices).getByText('Heat Pump')).toBeInTheDocument();
    expect(within(devices).queryByText('heat_pump')).toBeNull();
    expect(await screen.findByText('user@demo.test')).toBeInTheDocument();
    expect(screen.getByText('Type of air conditioner')).toBeInTheDocument();
    expect(screen.getByText('How many?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("names each device's product as the console does (shared-ui's product names), never the server's key", async () => {
    signInAs('Admin');
    const device = { serial_number: 'S', mac_address: null, firmware_version: '2.1', device_status: 'Active', status: 'Completed', is_online: 1, fault_code: null, installation_date: '2024-01-02' };
    api('/api/customer', {
      'GET /api/customer/property/devices': {
        body: {
          status: true,
          message: 'Devices',
          info: [
            { ...device, id: 3, product_line: 'heat_pump', serial_number: 'HP0000000003' },
            { ...device, id: 4, product_line: 'ihd_livelink', serial_number: 'IL0000000004' },
            { ...device, id: 5, product_line: 'ihd', serial_number: 'IH0000000005' },
            { ...device, id: 6, product_line: 'bulb', serial_number: 'BU0000000006' },
          ],
        },
      },
    });
    renderCustomers('/admin/customer/property/view/40');
    const devices = await screen.findByRole('table', { name: 'Devices' });
    await within(devices).findByText('HP0000000003');
    const products = within(devices)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    expect(products).toEqual(['Heat Pump', 'Livelink', 'Electricity Advisor', 'Lighting']);
    expect(within(devices).queryByText(/heat_pump|ihd_livelink/)).toBeNull();
  });

  it("takes the product names from the ui texts' products, so each language names them", async () => {
    i18next.addResourceBundle('hi', 'ui', { products: { heat_pump: 'हीट पंप' } }, true, false);
    signInAs('sm');
    api('/api/sm/customer');
    renderCustomers('/sitemanager/customer/property/view/40');
    const devices = await screen.findByRole('table', { name: 'Devices' });
    expect(await within(devices).findByText('Heat Pump')).toBeInTheDocument();
    await act(() => i18next.changeLanguage('hi'));
    try {
      expect(await within(devices).findByText('हीट पंप')).toBeInTheDocument();
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });

  it("adds a member with the spec's messages, then removes one after Yes", async () => {
    signInAs('Agency');
    const calls = api('/api/agency/customer', {
      'POST /api/agency/customer/property/add-member': (call) =>
        (call.body as { email: string }).email === 'user@demo.test'
          ? { status: 409, body: { status: false, message: 'This email address is already a member of this property', info: { field: 'email' } } }
          : messageReply('Member added successfully', { id: 6 }),
      'DELETE /api/agency/customer/property/remove-member': messageReply('Member removed successfully'),
    });
    renderCustomers('/agency/customer/property/view/40');
    await user.click(await screen.findByRole('button', { name: 'Add Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('First Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone Number is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'user@demo');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '04123');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Email address is invalid')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone Number must be 8 to 13 characters.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/agency/customer/property/add-member')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), '.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '45678');
    await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Nia');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Member');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    // said once, beside the Email field: no toast, nothing at the top of the dialog
    const emailField = within(dialog).getByRole('textbox', { name: 'Email' }).closest<HTMLElement>('[data-scope="field"][data-part="root"]');
    if (!emailField) throw new Error('the Email field has no field root');
    expect(await within(emailField).findByText('This email address is already a member of this property')).toBeInTheDocument();
    expect(screen.getAllByText('This email address is already a member of this property')).toHaveLength(1);
    expect(notifications()).toEqual([]);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'nia@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Member' })).toBeNull());
    expect(lastCall(calls, 'POST', '/api/agency/customer/property/add-member').body).toEqual({ property_id: 40, email: 'nia@example.com', first_name: 'Nia', last_name: 'Member', phone_no: '0412345678' });

    const members = screen.getByRole('table', { name: 'Members' });
    await user.click(within(members).getByRole('button', { name: 'Delete user@demo.test' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Member' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/agency/customer/property/remove-member')).toHaveLength(1));
    expect(Object.fromEntries(lastCall(calls, 'DELETE', '/api/agency/customer/property/remove-member').query)).toEqual({ property_id: '40', member_id: '5' });
  });

  it('edits details through the cascade with each message, and sends per-plan charges', async () => {
    signInAs('Admin');
    const calls = api('/api/customer', { 'PUT /api/customer/property/update-details': messageReply('Property details updated successfully') });
    renderCustomers('/admin/customer/property/view/40');
    await user.click(await screen.findByRole('button', { name: 'Edit Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Details' });
    const distributor = within(dialog).getByRole('combobox', { name: 'Electricity Distributor' });
    await waitFor(() => expect(distributor).toHaveValue('2'));
    const name = within(dialog).getByRole('textbox', { name: 'Property Name' });
    const postal = within(dialog).getByRole('textbox', { name: 'Postal Code' });
    const cost = within(dialog).getByRole('textbox', { name: 'Cost per kWh ($)' });
    await user.clear(name);
    await user.clear(postal);
    await user.type(postal, '21');
    await user.clear(cost);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Property Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Valid postal code is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Cost per unit is required')).toBeInTheDocument();

    // a postal code another distributor serves: the chosen one is no longer a choice
    await user.type(postal, '00');
    await waitFor(() => expect(distributor).toHaveValue(''));
    await user.type(name, 'Beach House');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Please select the electricity distributor')).toBeInTheDocument();

    await user.clear(postal);
    await user.type(postal, '2150');
    await waitFor(() => expect(within(distributor).getByRole('option', { name: 'Endeavour Energy' })).toBeInTheDocument());
    await user.selectOptions(distributor, '2');
    const structure = within(dialog).getByRole('combobox', { name: 'Tariff Structure' });
    await waitFor(() => expect(within(structure).getByRole('option', { name: 'Time of Use' })).toBeInTheDocument());
    await user.selectOptions(structure, '3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Cost per kWh ($)' }), '0.30');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Discount type' }), 'value');
    await user.type(within(dialog).getByRole('textbox', { name: 'Discount' }), '0.30');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Discount value must be less than unit charge')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/api/customer/property/update-details')).toHaveLength(0);

    await user.selectOptions(structure, '4');
    const peak = await within(dialog).findByRole('group', { name: 'Peak' });
    const offPeak = within(dialog).getByRole('group', { name: 'Off-peak' });
    await user.type(within(peak).getByRole('textbox', { name: 'Peak: Cost per kWh ($)' }), '0.52');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(offPeak).findByText('Cost per unit is required')).toBeInTheDocument();
    await user.type(within(offPeak).getByRole('textbox', { name: 'Off-peak: Cost per kWh ($)' }), '0.18');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Electricity Retailer' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Details' })).toBeNull());
    expect(lastCall(calls, 'PUT', '/api/customer/property/update-details').body).toEqual({
      property_id: 40,
      property_name: 'Beach House',
      postal_code: '2150',
      company_id: 2,
      electricity_retailer_id: 2,
      tariff_structure_id: 4,
      unit_charge: null,
      discount_type: null,
      discount_percentage: null,
      supply_charge: 1.052,
      gst_include: 1,
      tariff_plan: [
        { key: 'peak', unit_charge: 0.52, discount_type: null, discount_percentage: null },
        { key: 'offPeak', unit_charge: 0.18, discount_type: null, discount_percentage: null },
      ],
    });
  });

  it('deletes on the admin path after Yes', async () => {
    signInAs('Admin');
    const calls = api('/api/customer', { 'DELETE /api/customer/property/delete': messageReply('Property deleted successfully'), 'GET /api/customer/get-info': refusedReply(404, 'Customer not found') });
    renderCustomers('/admin/customer/property/view/40');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Property' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/customer/property/delete')).toHaveLength(1));
    expect(lastCall(calls, 'DELETE', '/api/customer/property/delete').query.get('property_id')).toBe('40');
  });

  it('says so when the property is not in the list', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/customer/property/get-info': refusedReply(404, 'Property not found'), 'GET /api/customer/get/all': listReply([]) });
    renderCustomers('/admin/customer/property/view/41');
    expect(await screen.findByText('This property is not in your list.')).toBeInTheDocument();
  });

  describe('Timeline tab', () => {
    const ENTRIES = [
      { key: 'member:0:9:removed', kind: 'member', event: 'removed', at: '2031-01-01T00:09:00.000Z', subject: 'leaves@example.com', detail: null, actor: { id: 3, email: 'agency@demo.test', role: 'Agency', name: 'Sunrise Installers' }, changes: [] },
      { key: 'tariff:2:1:set', kind: 'tariff', event: 'set', at: '2031-01-01T00:08:00.000Z', subject: 'Flat Rate', detail: 'AGL', actor: null, changes: [] },
    ];

    it.each([
      ['Admin', '/api/customer', '/admin'],
      ['Agency', '/api/agency/customer', '/agency'],
      ['mscc', '/api/mscc/customer', '/multisite'],
      ['sm', '/api/sm/customer', '/sitemanager'],
    ] as const)('%s: reads the timeline only once its tab is chosen, keeps the tab in the URL, and filters by kind', async (role, prefix, area) => {
      signInAs(role);
      const calls = api(prefix, { [`GET ${prefix}/property/timeline`]: listReply(ENTRIES) });
      const { location } = renderCustomers(`${area}/customer/property/view/40`);
      expect(await screen.findByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tablist', { name: 'Property views' })).toBeInTheDocument();
      expect(callsTo(calls, 'GET', `${prefix}/property/timeline`)).toHaveLength(0);
      await user.click(screen.getByRole('tab', { name: 'Timeline' }));
      const table = await screen.findByRole('table', { name: 'Timeline' });
      expect(await within(table).findByText('Member leaves@example.com removed')).toBeInTheDocument();
      expect(within(table).getByText('agency@demo.test · Sunrise Installers')).toBeInTheDocument();
      expect(within(table).getByText('Tariff set: Flat Rate · AGL')).toBeInTheDocument();
      expect(location().search).toBe('?tab=timeline');
      expect(lastCall(calls, 'GET', `${prefix}/property/timeline`).query.get('property_id')).toBe('40');
      // the facts are in the Details tab only
      expect(screen.queryByText('Endeavour Energy')).toBeNull();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'member');
      await waitFor(() => expect(JSON.parse(lastCall(calls, 'GET', `${prefix}/property/timeline`).query.get('filter') ?? '[]')).toEqual([{ key: 'kind', value: 'member', type: 'single' }]));
    });

    it('opens on the timeline from a link that names it, and speaks Hindi', async () => {
      signInAs('Admin');
      api('/api/customer', { 'GET /api/customer/property/timeline': listReply(ENTRIES) });
      renderCustomers('/admin/customer/property/view/40?tab=timeline');
      expect(await screen.findByText('Member leaves@example.com removed')).toBeInTheDocument();
      await act(() => i18next.changeLanguage('hi'));
      expect(await screen.findByRole('tab', { name: 'समयरेखा' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByText('सदस्य leaves@example.com हटाया गया')).toBeInTheDocument();
      await act(() => i18next.changeLanguage('en'));
    });

    it("the spec's property timeline route shows the same list", async () => {
      signInAs('Agency');
      api('/api/agency/customer', { 'GET /api/agency/customer/property/timeline': listReply(ENTRIES) });
      renderCustomers('/agency/customer/property/property-timeline/40');
      expect(await screen.findByRole('heading', { name: 'Property Timeline' })).toBeInTheDocument();
      expect(await screen.findByText('Member leaves@example.com removed')).toBeInTheDocument();
    });
  });
});
