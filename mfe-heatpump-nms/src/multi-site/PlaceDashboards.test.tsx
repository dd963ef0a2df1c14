import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { heatPump } from '../test-fixtures';
import { currentUrl, fakeApi, listReply, renderHeatPump, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
const reply = <T,>(info: T) => ({ body: { status: true, message: 'ok', info } });

const TREND = [
  { month: '2026-10', raised: 4, resolved: 2, mean_resolve_hours: 30.5 },
  { month: '2026-11', raised: 1, resolved: 0, mean_resolve_hours: null },
];

beforeEach(resetPage);

describe("a company's dashboard", () => {
  it('shows the company, its counts, its fault trend with the mean time to resolve, its sites and its devices', async () => {
    signInAs('Admin');
    fakeApi({
      'GET /api/nms/dashboard/msc/4/get': reply({ id: 4, company_name: 'Acme Sites', company_address: '1 Main St', contact_person_email: 'ops@acme.test', agencies: [{ id: 1, agency_name: 'Bright Homes' }], sites_count: 2 }),
      'GET /api/nms/dashboard/msc/4/counts': reply({ offline: 1, online: 9, total: 10, faulty: 2 }),
      'GET /api/nms/dashboard/msc/4/fault-trend': reply(TREND),
      'GET /api/nms/dashboard/msc/4/sites': listReply([{ id: 8, site_name: 'North Depot', site_address: '2 North Rd', site_manager_name: 'Helen', site_manager_email: 'h@acme.test', company_id: 4, company_name: 'Acme Sites', heat_pumps: 6 }]),
      'GET /api/nms/dashboard/msc/4/ws/devices/all': listReply([{ ...heatPump(1), device_operation_status: 2, fault_code: null }]),
    });
    const view = renderHeatPump('/admin/heat_pump/multi-site-company/view/4');
    expect(await screen.findByRole('heading', { name: 'Acme Sites' })).toBeInTheDocument();
    expect(screen.getByText('Bright Homes')).toBeInTheDocument();
    expect(await screen.findByLabelText('Total in service: 10')).toBeInTheDocument();
    const mean = await screen.findByRole('table', { name: 'Mean time to resolve' });
    expect(within(mean).getByText('30.5')).toBeInTheDocument();
    expect(within(mean).getAllByRole('row')).toHaveLength(2); // header and the one month with resolutions
    expect(await screen.findByRole('table', { name: 'Faults over the last twelve months' })).toBeInTheDocument();
    const sites = screen.getByRole('table', { name: 'Sites' });
    await user.click(await within(sites).findByRole('button', { name: 'View North Depot' }));
    expect(new URL(currentUrl(view), 'http://x').pathname).toBe('/admin/heat_pump/sites/view/8');
  });

  it('says so for a company outside the slice', async () => {
    signInAs('Agency');
    fakeApi({ 'GET /api/nms/dashboard/msc/9/get': { status: 404, body: { status: false, message: 'Not found' } } });
    renderHeatPump('/agency/heat_pump/multi-site-company/view/9');
    expect(await screen.findByText('This company or site does not exist or is not yours to see.')).toBeInTheDocument();
  });
});

describe("a site's dashboard", () => {
  it('shows the site, its counts, its properties and its devices', async () => {
    signInAs('sm');
    fakeApi({
      'GET /api/nms/dashboard/site/8/get': reply({ id: 8, site_name: 'North Depot', site_address: '2 North Rd', site_manager_name: 'Helen', site_manager_email: 'h@acme.test', company_id: 4, company_name: 'Acme Sites', heat_pumps: 6 }),
      'GET /api/nms/dashboard/site/8/counts': reply({ offline: 0, online: 6, total: 6, faulty: 1 }),
      'GET /api/nms/dashboard/site/8/fault-trend': reply(TREND),
      'GET /api/nms/dashboard/site/8/properties': listReply([{ id: 3, property_name: 'Block A', unit_number: null, street_number: '2', street: 'North Rd', city: 'Perth', state: 'WA', postal_code: '6000', customer_name: 'Kim Lee', heat_pumps: 2 }]),
      'GET /api/nms/dashboard/site/8/ws/devices/all': listReply([{ ...heatPump(1), device_operation_status: 2, fault_code: null }]),
    });
    renderHeatPump('/sitemanager/sites/view/8');
    expect(await screen.findByRole('heading', { name: 'North Depot' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Online: 6')).toBeInTheDocument();
    const properties = screen.getByRole('table', { name: 'Properties' });
    expect(await within(properties).findByText('2 North Rd Perth WA 6000')).toBeInTheDocument();
    expect(within(properties).getByText('Kim Lee')).toBeInTheDocument();
    expect(await screen.findByText('200000000001')).toBeInTheDocument();
  });
});
