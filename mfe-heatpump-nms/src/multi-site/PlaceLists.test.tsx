import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUrl, fakeApi, filterOf, lastCall, listReply, renderHeatPump, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

beforeEach(resetPage);

describe('multi-site lists', () => {
  it("Admin's companies: searchable, each opening its dashboard", async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/nms/multi-site-company/list': listReply([
        { id: 4, company_name: 'Acme Sites', company_address: '1 Main St', contact_person_email: 'ops@acme.test', agencies: [{ id: 1, agency_name: 'Bright Homes' }], sites_count: 2, heat_pumps: 9, created_at: '2025-01-01T00:00:00.000Z' },
      ]),
    });
    const view = renderHeatPump('/admin/heat_pump/multi-site-company?company_name=Acme');
    const table = await screen.findByRole('table', { name: 'Multi-Site Company' });
    expect(await within(table).findByText('Bright Homes')).toBeInTheDocument();
    expect(filterOf(lastCall(calls, 'GET', '/api/nms/multi-site-company/list'))).toEqual([{ key: 'company_name', value: 'Acme', type: 'single' }]);
    await user.click(within(table).getByRole('button', { name: 'View Acme Sites' }));
    expect(new URL(currentUrl(view), 'http://x').pathname).toBe('/admin/heat_pump/multi-site-company/view/4');
  });

  it("sm's sites, each opening its dashboard", async () => {
    signInAs('sm');
    fakeApi({
      'GET /api/nms/sites/list': listReply([{ id: 8, site_name: 'North Depot', site_address: '2 North Rd', site_manager_name: 'Helen', site_manager_email: 'h@acme.test', company_id: 4, company_name: 'Acme Sites', heat_pumps: 6 }]),
    });
    const view = renderHeatPump('/sitemanager/sites');
    const table = await screen.findByRole('table', { name: 'Sites' });
    await within(table).findByText('North Depot');
    // a site manager's sites are of one company: no company column
    expect(within(table).queryByText('Acme Sites')).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'View North Depot' }));
    await waitFor(() => expect(new URL(currentUrl(view), 'http://x').pathname).toBe('/sitemanager/sites/view/8'));
  });

  it("the agency's customer/sites (spec 2.5): its companies' sites from its own slice, with their company, each opening the site's dashboard", async () => {
    signInAs('Agency');
    const calls = fakeApi({
      'GET /api/nms/sites/list': listReply([{ id: 8, site_name: 'North Depot', site_address: '2 North Rd', site_manager_name: 'Helen', site_manager_email: 'h@acme.test', company_id: 4, company_name: 'Acme Sites', heat_pumps: 6 }]),
    });
    const view = renderHeatPump('/agency/customer/sites?company_name=Acme');
    const table = await screen.findByRole('table', { name: 'Sites' });
    await within(table).findByText('North Depot');
    expect(within(table).getByText('Acme Sites')).toBeInTheDocument();
    expect(lastCall(calls, 'GET', '/api/nms/sites/list').authorization).toBe('Bearer access-Agency');
    expect(filterOf(lastCall(calls, 'GET', '/api/nms/sites/list'))).toEqual([{ key: 'company_name', value: 'Acme', type: 'single' }]);
    await user.click(within(table).getByRole('button', { name: 'View North Depot' }));
    await waitFor(() => expect(new URL(currentUrl(view), 'http://x').pathname).toBe('/agency/heat_pump/multi-site/8'));
  });
});
