import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerRow } from '../api/customers';
import { currentUrl, fakeApi, filterOf, lastCall, listReply, renderCustomers, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

function customer(id: number, extra: Partial<CustomerRow> = {}): CustomerRow {
  return {
    id,
    email: `c${id}@example.com`,
    full_name: `Casey ${id}`,
    first_name: 'Casey',
    last_name: String(id),
    phone_no: '0412345678',
    status: 'Completed',
    auto_sync: true,
    weekly_report: null,
    created_at: '2025-03-04T10:00:00.000Z',
    firstproperty: { id: 90 + id, property_type: 'House', unit_number: null, street_number: '12', street: 'Wattle St', city: 'Perth', state: 'WA', postal_code: '6000', address_type: 'commercial' },
    ...extra,
  };
}

beforeEach(resetPage);

describe('Customers', () => {
  it('shows the electricity-advisor columns with Yes, No and -, and the status colours', async () => {
    signInAs('Admin', { product: 'electricity-advisor' });
    const calls = fakeApi({
      'GET /api/customer/get/all': listReply([customer(1), customer(2, { status: 'Pending', auto_sync: false, weekly_report: true }), customer(3, { status: 'Incomplete' }), customer(4, { status: 'Deleted' })], 4),
    });
    renderCustomers('/admin/customers');
    const table = await screen.findByRole('table', { name: 'Customers' });
    await within(table).findByText('c1@example.com');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Email ID', 'Name', 'Phone', 'Status', 'Auto Sync', 'Weekly Report', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getAllByRole('cell').map((c) => c.textContent)).toEqual(['c1@example.com', 'Casey 1', '0412345678', 'Completed', 'Yes', '-', '']);
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[4]).toHaveTextContent('No');
    // a Yes/No cell opens that history of the customer, with the spec's tooltip
    const autoSync = within(rows[0] as HTMLElement).getByRole('link', { name: 'Yes' });
    expect(autoSync).toHaveAttribute('href', '/admin/customer/auto-sync/1?synctype=auto_sync');
    expect(autoSync).toHaveAttribute('title', 'Click here to view Auto Sync History');
    expect(within(rows[1] as HTMLElement).getAllByRole('link')[1]).toHaveAttribute('title', 'Click here to view Weekly Report History');
    const tone = (word: string) => within(table).getByText(word).closest('[data-tone]')?.getAttribute('data-tone');
    expect([tone('Completed'), tone('Incomplete'), tone('Pending'), tone('Deleted')]).toEqual(['green', 'blue', 'yellow', 'red']);
    // the first request: page 1 of 25, newest first with an empty sortBy (spec 9), the product's line
    const first = lastCall(calls, 'GET', '/api/customer/get/all');
    expect(Object.fromEntries(first.query)).toMatchObject({ page: '1', limit: '25', orderBy: 'desc', sortBy: '', deviceType: 'ihd' });
  });

  it('shows the heat-pump columns and offers Property Type in the drawer only for heat pumps', async () => {
    signInAs('Agency', { product: 'heat_pump' });
    const calls = fakeApi({ 'GET /api/agency/customer/get/all': listReply([customer(1), customer(2, { firstproperty: null })]) });
    const view = renderCustomers('/agency/customers');
    const table = await screen.findByRole('table', { name: 'Customers' });
    await within(table).findByText('c1@example.com');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Email ID', 'Name', 'Street Address', 'Phone Number', 'Property Type', 'Status', 'Action']);
    expect(within(table).getByText('12 Wattle St Perth WA 6000')).toBeInTheDocument();
    expect(within(table).getByText('Commercial')).toBeInTheDocument();
    expect(within(table).getByText('No Property Exist')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('Email'), 'casey');
    await user.click(within(drawer).getByRole('checkbox', { name: 'Deleted' }));
    await user.selectOptions(within(drawer).getByLabelText('Property Type'), 'commercial');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/agency/customer/get/all'))).toHaveLength(3));
    expect(filterOf(lastCall(calls, 'GET', '/api/agency/customer/get/all'))).toEqual(
      expect.arrayContaining([
        { key: 'email', value: 'casey', type: 'single' },
        { key: 'status', value: ['Deleted'], type: 'multi' },
        { key: 'address_type', value: 'commercial', type: 'single' },
      ]),
    );
    expect(currentUrl(view)).toContain('address_type=commercial');
  });

  it('has no Property Type for other products, and ignores one left in the URL', async () => {
    signInAs('mscc', { product: 'livelink' });
    const calls = fakeApi({ 'GET /api/mscc/customer/get/all': listReply([customer(1)]) });
    renderCustomers('/multisite/customers?address_type=commercial&email=casey');
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Email ID', 'Name', 'Phone', 'Status', 'Action']);
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/mscc/customer/get/all'))).toEqual([{ key: 'email', value: 'casey', type: 'single' }]));
    // one filter on (the email; the Property Type left in the URL is no filter of this list)
    await user.click(screen.getByRole('button', { name: 'Filters 1' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).queryByLabelText('Property Type')).toBeNull();
  });

  it('opens a customer keeping the list to come back to', async () => {
    signInAs('sm', { product: 'all' });
    fakeApi({ 'GET /api/sm/customer/get/all': (call) => listReply(call.query.get('page') === '2' ? [] : [customer(7)], 30) });
    const view = renderCustomers('/sitemanager/customers?page=1&status[]=Completed');
    const table = await screen.findByRole('table', { name: 'Customers' });
    await user.click(await within(table).findByRole('button', { name: 'View c7@example.com' }));
    await waitFor(() => expect(currentUrl(view)).toMatch(/^\/sitemanager\/customer\/view\/7\?back=/));
    expect(decodeURIComponent(currentUrl(view))).toContain('/sitemanager/customers?page=1&status[]=Completed');
  });
});

describe('Download CSV', () => {
  // the file is offered by a link the button clicks once: jsdom does not navigate
  beforeEach(() => jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('exports the filtered list of the product as a job and offers the file when done', async () => {
    signInAs('Agency', { product: 'livelink' });
    let polls = 0;
    const calls = fakeApi({
      'GET /api/agency/customer/get/all': listReply([customer(1)]),
      'POST /api/export/customers': { body: { status: true, message: 'Export started', info: { id: 12, status: 'running', total: 40, rows_written: 0, download_link: null, error: null } } },
      'GET /api/export/12': () => {
        polls += 1;
        return { body: { status: true, message: 'Export', info: { id: 12, status: polls > 1 ? 'done' : 'running', total: 40, rows_written: polls > 1 ? 40 : 10, download_link: polls > 1 ? '/api/export/download/12/csv?expires=1&signature=ab' : null, error: null } } };
      },
    });
    renderCustomers('/agency/customers?email=casey&sortBy=full_name&orderBy=asc');
    await screen.findByRole('table', { name: 'Customers' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download CSV' });
    // feedback downloads are electricity-advisor's
    expect(within(dialog).queryByRole('button', { name: /Survey Feedback/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /Customers/ }));
    await waitFor(() => expect(lastCall(calls, 'POST', '/api/export/customers').body).toEqual({ deviceType: 'livelink', filter: JSON.stringify([{ key: 'email', value: 'casey', type: 'single' }]), sortBy: 'full_name', orderBy: 'asc' }));
    expect(await within(dialog).findByRole('link', { name: /Customers\.csv/ })).toHaveAttribute('href', expect.stringContaining('/api/export/download/12/csv'));
  });

  it('offers the survey and auto-sync feedback of the filtered customers for electricity-advisor', async () => {
    signInAs('Admin', { product: 'electricity-advisor' });
    const calls = fakeApi({
      'GET /api/customer/get/all': listReply([customer(1)]),
      'POST /api/export/feedback': { body: { status: true, message: 'Export started', info: { id: 13, status: 'running', total: 3, rows_written: 0, download_link: null, error: null } } },
      'GET /api/export/13': { body: { status: true, message: 'Export', info: { id: 13, status: 'done', total: 3, rows_written: 3, download_link: '/api/export/download/13/csv?expires=1&signature=ab', error: null } } },
    });
    renderCustomers('/admin/customers?status[]=Completed');
    await screen.findByRole('table', { name: 'Customers' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download CSV' });
    await user.click(within(dialog).getByRole('button', { name: /Survey Feedback/ }));
    await waitFor(() =>
      // the customers in the list's order (its default: newest first)
      expect(lastCall(calls, 'POST', '/api/export/feedback').body).toEqual({ sync_type: 'survey', deviceType: 'ihd', filter: JSON.stringify([{ key: 'status', value: ['Completed'], type: 'multi' }]), orderBy: 'desc' }),
    );
    expect(await within(dialog).findByRole('link', { name: /Survey Feedback\.csv/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Auto-Sync feedback/ }));
    await waitFor(() => expect(lastCall(calls, 'POST', '/api/export/feedback').body).toMatchObject({ sync_type: 'auto_sync' }));
  });
});
