import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { heatPump } from '../test-fixtures';
import { callsTo, currentUrl, fakeApi, fakeLiveSocket, filterOf, inHindi, lastCall, listReply, renderHeatPump, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

beforeEach(resetPage);

describe('Devices [Heat Pump]', () => {
  it("shows the spec's columns, MAC upper-case, DD/MM/YYYY dates, No Property Exist and colour-coded states", async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/heat-pump/list': listReply([heatPump(1), heatPump(2, { postal_code: null, property_id: null, device_status: 'In-active' })], 2) });
    renderHeatPump('/admin/heat_pump/devices');
    const table = await screen.findByRole('table', { name: 'Devices [Heat Pump]' });
    await within(table).findByText('C8F09E000001');
    const headers = () => within(table).getAllByRole('columnheader').map((h) => h.textContent);
    // Admin's first column is the rows' checkboxes (assigning them to a multi-site company). At 1280 px
    // the list shows what fits beside the side menu, and its View (issue 20) ...
    expect(headers()).toEqual(['', 'Serial Number', 'MAC Address', 'Address', 'Customer State', 'Device Status', 'Action']);
    // ... and the spec's other columns are in its Columns chooser, in the spec's order
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    for (const name of ['Firmware Version', 'WiFi Name', 'Connection Type', 'Date Installed', 'Agency Name', 'Agent Name', 'Record ID']) {
      await user.click(screen.getByRole('checkbox', { name }));
    }
    expect(headers()).toEqual([
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

  it('shows connection types and states in the page language, as the filter drawer names them', async () => {
    signInAs('Admin');
    // Connection Type is hidden by default: the operator has chosen it in Columns
    window.localStorage.setItem('fleet.columns./admin/heat_pump/devices', JSON.stringify({ connection_type: true }));
    fakeApi({ 'GET /api/heat-pump/list': listReply([heatPump(1, { connection_type: 'Bluetooth' }), heatPump(2, { connection_type: 'AP', status: 'Pending' })], 2) });
    try {
      await inHindi(async () => {
        renderHeatPump('/admin/heat_pump/devices');
        const table = await screen.findByRole('table', { name: 'डिवाइस [हीट पंप]' });
        await within(table).findByText('C8F09E000001');
        expect(within(table).getByText('ब्लूटूथ')).toBeInTheDocument();
        expect(within(table).getByText('एपी')).toBeInTheDocument();
        expect(within(table).queryByText('Bluetooth')).toBeNull();
        expect(within(table).getByText('लंबित')).toBeInTheDocument();
      });
    } finally {
      window.localStorage.removeItem('fleet.columns./admin/heat_pump/devices');
    }
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
    renderHeatPump('/user/dashboard?device_status[]=Active&sortBy=serial_number&orderBy=asc');
    await screen.findByText('200000000003');
    // a User's address is plain text: the property view is Admin's
    expect(screen.getByText('12 High St Perth WA 6000')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '12 High St Perth WA 6000' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/heat-pump/export')).toBe(true));
    const sent = lastCall(calls, 'POST', '/api/heat-pump/export').body as { filter: string; sortBy: string; orderBy: string };
    expect(JSON.parse(sent.filter)).toEqual([{ key: 'device_status', value: ['Active'], type: 'multi' }]);
    // in the screen's order
    expect([sent.sortBy, sent.orderBy]).toEqual(['serial_number', 'asc']);
    expect(await screen.findByText('Preparing the CSV: 0 of 1 rows')).toBeInTheDocument();
  });
});

describe('Devices [Heat Pump] and other consoles (issue 20, item 13)', () => {
  it('heat pumps joining or leaving the slice read the list again (once for a burst, page and filters kept); one that stays changes nothing here', async () => {
    signInAs('mscc');
    const calls = fakeApi({ 'GET /api/heat-pump/list': listReply([heatPump(1), heatPump(2)], 40) });
    const view = renderHeatPump('/multisite/devices?page=2&serial_number=2000');
    await screen.findByText('200000000001');
    const live = fakeLiveSocket();
    const url = currentUrl(view);
    const before = callsTo(calls, 'GET', '/api/heat-pump/list').length;
    live.send({ moved: { device_id: 1, slice: 'left' } }, { moved: { device_id: 9, slice: 'joined' } });
    live.send({ moved: { device_id: 10, slice: 'joined' } });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/heat-pump/list')).toHaveLength(before + 1));
    const reread = lastCall(calls, 'GET', '/api/heat-pump/list');
    expect(reread.query.get('page')).toBe('2');
    expect(filterOf(reread)).toEqual([{ key: 'serial_number', value: '2000', type: 'single' }]);
    expect(currentUrl(view)).toBe(url);
    live.send({ moved: { device_id: 2, slice: 'stayed' } });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(callsTo(calls, 'GET', '/api/heat-pump/list')).toHaveLength(before + 1);
  });
});
