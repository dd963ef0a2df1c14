import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { heatPump } from '../test-fixtures';
import { currentUrl, fakeApi, filterOf, lastCall, listReply, renderHeatPump, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

beforeEach(resetPage);

describe('Devices [Heat Pump]', () => {
  it("shows the spec's columns, MAC upper-case, DD/MM/YYYY dates, No Property Exist and colour-coded states", async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/heat-pump/list': listReply([heatPump(1), heatPump(2, { postal_code: null, property_id: null, device_status: 'In-active' })], 2) });
    renderHeatPump('/admin/heat_pump/devices');
    const table = await screen.findByRole('table', { name: 'Devices [Heat Pump]' });
    await within(table).findByText('C8F09E000001');
    // Admin's first column is the rows' checkboxes (assigning them to a multi-site company)
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '',
      'Serial Number',
      'MAC Address',
      'Firmware Version',
      'WiFi Name',
      'Address',
      'Connection Type',
      'Date Installed',
      'Agency Name',
      'Agent Name',
      'Customer State',
      'Device Status',
      'Record ID',
      'Action',
    ]);
    expect(within(table).getAllByText('04/03/2025')).toHaveLength(2);
    expect(within(table).getByText('No Property Exist')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '12 High St Perth WA 6000' })).toHaveAttribute('href', '/admin/customer/property/view/41');
    expect(within(table).getByText('Inactive').closest('[data-tone]')).toHaveAttribute('data-tone', 'red');
  });

  it('filters from the drawer with the spec keys, keeps them in the URL, and opens a row keeping the query string', async () => {
    signInAs('Admin');
    const calls = fakeApi({ 'GET /api/heat-pump/list': listReply([heatPump(1)]) });
    const view = renderHeatPump('/admin/heat_pump/devices');
    await screen.findByRole('table', { name: 'Devices [Heat Pump]' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('Serial Number'), '2000-12');
    await user.type(within(drawer).getByLabelText('WiFi Name'), 'Home');
    await user.type(within(drawer).getByLabelText('Firmware Version'), '2.1.0');
    await user.click(within(drawer).getByRole('checkbox', { name: 'Bluetooth' }));
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/heat-pump/list'))).toHaveLength(4));
    expect(filterOf(lastCall(calls, 'GET', '/api/heat-pump/list'))).toEqual(
      expect.arrayContaining([
        { key: 'serial_number', value: '200012', type: 'single' },
        { key: 'wifi_name', value: 'Home', type: 'single' },
        { key: 'soft_version', value: '2.1.0', type: 'single' },
        { key: 'connection_type', value: ['Bluetooth'], type: 'multi' },
      ]),
    );
    const listUrl = currentUrl(view);
    await user.click(await screen.findByRole('button', { name: 'View 200000000001' }));
    const detail = new URL(currentUrl(view), 'http://x');
    expect(detail.pathname).toBe('/admin/heat_pump/device/view/1');
    expect(detail.searchParams.get('back')).toBe(listUrl);
  });

  it('User lands on its own heat pumps at /user/dashboard, with the export of the filtered list', async () => {
    signInAs('User');
    const calls = fakeApi({
      'GET /api/heat-pump/list': listReply([heatPump(3)]),
      'POST /api/heat-pump/export': { body: { status: true, message: 'Export started', info: { id: 5, status: 'running', total: 1, rows_written: 0, download_link: null, error: null } } },
      'GET /api/export/5': { body: { status: true, message: 'Export', info: { id: 5, status: 'running', total: 1, rows_written: 0, download_link: null, error: null } } },
    });
    renderHeatPump('/user/dashboard?device_status[]=Active');
    await screen.findByText('200000000003');
    // a User's address is plain text: the property view is Admin's
    expect(screen.getByText('12 High St Perth WA 6000')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '12 High St Perth WA 6000' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/heat-pump/export')).toBe(true));
    const sent = lastCall(calls, 'POST', '/api/heat-pump/export').body as { filter: string };
    expect(JSON.parse(sent.filter)).toEqual([{ key: 'device_status', value: ['Active'], type: 'multi' }]);
    expect(await screen.findByText('Preparing the CSV: 0 of 1 rows')).toBeInTheDocument();
  });
});
