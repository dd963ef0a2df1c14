import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { heatPump } from '../test-fixtures';
import { callsTo, fakeApi, lastCall, listReply, renderHeatPump, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
const COMPANY = { id: 4, company_name: 'Acme Sites', company_address: '1 Main St', contact_person_email: 'ops@acme.test', agencies: [], sites_count: 1, heat_pumps: 9, created_at: '2025-01-01T00:00:00.000Z' };
const SITE = { id: 8, site_name: 'North Depot', site_address: '2 North Rd', site_manager_name: 'Helen', site_manager_email: 'h@acme.test', company_id: 4, company_name: 'Acme Sites', heat_pumps: 6 };

beforeEach(resetPage);

function api() {
  return fakeApi({
    'GET /api/heat-pump/list': listReply([heatPump(1), heatPump(2)], 2),
    'GET /api/nms/multi-site-company/list': listReply([COMPANY]),
    'GET /api/nms/sites/list': listReply([SITE]),
    'PUT /api/nms/devices/assign': { body: { status: true, message: '1 heat pumps assigned', info: { devices: 1 } } },
  });
}

async function openAssign() {
  renderHeatPump('/admin/heat_pump/devices');
  await user.click(await screen.findByRole('checkbox', { name: '200000000001' }));
  // the selection bar with its actions shows once a row is ticked (a busy machine takes a moment)
  await user.click(await screen.findByRole('button', { name: 'Assign to Multi-Site' }));
  return screen.findByRole('dialog', { name: 'Choose Multi-Site for the selected devices' });
}

describe('assigning heat pumps to a multi-site company and a site (Admin)', () => {
  it('asks for a company (the spec messages), then a site, and can skip the site', async () => {
    signInAs('Admin');
    const calls = api();
    let dialog = await openAssign();
    expect(dialog).toHaveTextContent('1 heat pumps selected');
    await user.type(within(dialog).getByRole('textbox', { name: /^Search/ }), 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Please Select Mulitisite')).toBeInTheDocument();
    await user.click(await within(dialog).findByText('Acme Sites'));
    await user.click(within(dialog).getByText('Acme Sites'));
    expect(await within(dialog).findByText('Please Select Multisite')).toBeInTheDocument();
    await user.click(within(dialog).getByText('Acme Sites'));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    dialog = await screen.findByRole('dialog', { name: 'Choose Site for the Selected Devices' });
    // the company's search text does not carry over into the sites
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/nms/sites/list').length).toBeGreaterThan(0));
    const siteFilter = JSON.parse(lastCall(calls, 'GET', '/api/nms/sites/list').query.get('filter') ?? '[]') as unknown[];
    expect(siteFilter).toEqual([{ key: 'company_id', value: '4', type: 'single' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Please select a site')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/api/nms/devices/assign')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Skip this step' }));
    await waitFor(() => expect(lastCall(calls, 'PUT', '/api/nms/devices/assign').body).toEqual({ device_ids: [1], company_id: 4 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('assigns the chosen site', async () => {
    signInAs('Admin');
    const calls = api();
    const dialog = await openAssign();
    await user.click(await within(dialog).findByText('Acme Sites'));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const siteStep = await screen.findByRole('dialog', { name: 'Choose Site for the Selected Devices' });
    await user.click(await within(siteStep).findByText('North Depot'));
    await user.click(within(siteStep).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(lastCall(calls, 'PUT', '/api/nms/devices/assign').body).toEqual({ device_ids: [1], company_id: 4, site_id: 8 }));
  });
});

describe("an agency's assignment (spec: Assign at once; the hint for a company it did not create)", () => {
  function agencyApi() {
    return fakeApi({
      'GET /api/heat-pump/list': listReply([heatPump(1), heatPump(2)], 2),
      'GET /api/nms/multi-site-company/list': (call) => listReply(call.query.get('filter') ? [] : [COMPANY]),
      'GET /api/nms/multi-site-company/by-contact': (call) =>
        call.query.get('email') === 'owner@elsewhere.test'
          ? { body: { status: true, message: 'Company', info: { id: 77, company_name: 'Elsewhere Co' } } }
          : { status: 404, body: { status: false, message: 'No multi-site company has this contact email' } },
      'PUT /api/nms/devices/assign': { body: { status: true, message: '1 heat pumps assigned', info: { devices: 1 } } },
    });
  }

  async function openAgencyAssign() {
    signInAs('Agency');
    renderHeatPump('/agency/devices');
    await user.click(await screen.findByRole('checkbox', { name: '200000000001' }));
    // the selection bar with its actions shows once a row is ticked (a busy machine takes a moment)
    await user.click(await screen.findByRole('button', { name: 'Assign to Multi-Site' }));
    return screen.findByRole('dialog', { name: 'Choose Multi-Site for the selected devices' });
  }

  it('assigns one of its companies with Assign (no site step), and shows the hint', async () => {
    const calls = agencyApi();
    const dialog = await openAgencyAssign();
    expect(within(dialog).getByText('For a company you did not create, type its exact contact email.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(await within(dialog).findByText('Acme Sites'));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(lastCall(calls, 'PUT', '/api/nms/devices/assign').body).toEqual({ device_ids: [1], company_id: 4 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("finds a company it did not create by the exact contact email, and assigns by that email; another email finds nothing", async () => {
    const calls = agencyApi();
    const dialog = await openAgencyAssign();
    const search = within(dialog).getByRole('textbox', { name: /^Search/ });
    await user.type(search, 'someone@elsewhere.test');
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/nms/multi-site-company/by-contact')).toHaveLength(1), { timeout: 3000 });
    expect(await within(dialog).findByText('No Data Found')).toBeInTheDocument();
    // a partial address is not asked about
    await user.clear(search);
    await user.type(search, 'owner@elsewhere');
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/nms/multi-site-company/list').length).toBeGreaterThan(2), { timeout: 3000 });
    expect(callsTo(calls, 'GET', '/api/nms/multi-site-company/by-contact')).toHaveLength(1);
    await user.type(search, '.test');
    await user.click(await within(dialog).findByText('Elsewhere Co (contact owner@elsewhere.test)', {}, { timeout: 3000 }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(lastCall(calls, 'PUT', '/api/nms/devices/assign').body).toEqual({ device_ids: [1], contact_person_email: 'owner@elsewhere.test' }));
  });
});
