import { useSelectedProduct } from '@fleet/shared-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, currentUrl, fakeApi, lastCall, listReply, notifications, renderDevices, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
const reply = <T,>(info: T) => ({ body: { status: true, message: 'ok', info } });
const twelve = <T,>(f: (month: number) => T) => Array.from({ length: 12 }, (_, i) => f(i + 1));
const thisYear = new Date().getFullYear();
const thisMonth = new Date().getMonth() + 1;

function row(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    product_line: 'livelink',
    serial_number: `2000000000${id}`,
    mac_address: `a4cf12000${id}`,
    firmware_version: '3.3.0',
    wifi_name: null,
    connection_type: 'AP',
    installation_date: '2024-03-0' + id,
    created_at: '2024-03-01T10:00:00.000Z',
    status: 'Completed',
    device_status: 'Active',
    is_online: 1,
    installed_via: 'Installer App',
    installer_uuid: null,
    agency_name: 'Sunrise Installers',
    first_name: null,
    last_name: null,
    property_id: 10 + id,
    unit_number: null,
    street_number: '3',
    street: 'Wattle',
    city: 'Parramatta',
    state: 'NSW',
    postal_code: '2150',
    ...extra,
  };
}

function dashboardApi(prefix: string, overrides: Record<string, Parameters<typeof fakeApi>[0][string]> = {}) {
  return fakeApi({
    [`GET ${prefix}/getusercountandversion`]: reply({
      users: { total: 1234, completed: 1000, pending: 200, incomplete: 34, deleted: 7 },
      versions: [
        { product_line: 'livelink', version: '3.3.0', devices: 500 },
        { product_line: 'ihd', version: '1.6.0', devices: 120 },
      ],
    }),
    [`GET ${prefix}/getdeviceoverview`]: reply({
      total: 900,
      active: 700,
      inactive: 150,
      replaced: 50,
      online: 600,
      offline: 100,
      lines: [
        { product_line: 'ihd', total: 300, active: 250, inactive: 40, replaced: 10, online: 200, offline: 50 },
        { product_line: 'livelink', total: 600, active: 450, inactive: 110, replaced: 40, online: 400, offline: 50 },
      ],
    }),
    [`GET ${prefix}/getdevicegraphdata`]: (call) => reply(twelve((m) => ({ month: m, installed: Number(call.query.get('year')) === 2024 ? m * 100 : m, total: 1000 + m }))),
    [`GET ${prefix}/getdevicemonthlyconsumptionnew`]: reply(twelve((m) => ({ month: m, kwh: m === 7 ? 123456.7 : 5000, devices: 40 }))),
    [`GET ${prefix}/getdevicemonthlyAverageConsumtion`]: reply(twelve((m) => ({ month: m, average_kwh: m === 7 ? 612.4 : 480, devices: 40 }))),
    [`GET ${prefix}/getdeviceconsumptionoverviewnew`]: reply({
      this_month_kwh: 8200.5,
      last_month_kwh: 2_500_000,
      same_month_last_year_kwh: 2_000_000,
      change_percent: 25,
      this_year_kwh: 30_000_000,
      last_year_kwh: 28_000_000,
      average_device_kwh: 512.3,
      reporting_devices: 4880,
    }),
    [`GET ${prefix}/month-device`]: listReply([row(1), row(2, { device_status: 'In-active' })], 2),
    [`GET ${prefix}/month-device-livelink`]: listReply([row(3)], 1),
    [`GET ${prefix}/month-device-safelink`]: listReply([], 0),
    ...overrides,
  });
}

beforeEach(() => {
  resetPage();
  act(() => useSelectedProduct.getState().select('all'));
});

describe('Dashboard (devices)', () => {
  it("shows Admin's figures of every product: users and versions, the overview, the year's charts, consumption and the month's devices", async () => {
    signInAs('Admin');
    const calls = dashboardApi('/api/dashboard');
    // a past year: every month has its figures (this year's months still to come are gaps)
    renderDevices('/admin/dashboard?year=2024');
    expect(await screen.findByRole('heading', { name: 'Dashboard [All]', level: 1 })).toBeInTheDocument();
    // users by status and the firmware versions (every product: each version with its product)
    const users = await screen.findByRole('region', { name: 'Users by status' });
    expect(within(users).getByLabelText(`Users: ${(1234).toLocaleString()}`)).toBeInTheDocument();
    expect(within(users).getByLabelText('Deleted: 7')).toBeInTheDocument();
    const versions = screen.getByRole('table', { name: 'Active devices by firmware version' });
    expect(within(versions).getAllByRole('row')[1]).toHaveTextContent('Livelink 3.3.0500');
    expect(within(versions).getAllByRole('row')[2]).toHaveTextContent('Electricity Advisor 1.6.0120');
    // the overview and its products
    const overview = screen.getByRole('region', { name: 'Device overview' });
    expect(await within(overview).findByLabelText('Inactive: 150')).toBeInTheDocument();
    expect(within(overview).getByLabelText('Online: 600')).toBeInTheDocument();
    // what each figure counts: the total every device, online and offline the active ones
    expect(within(overview).getByLabelText('Total: 900')).toBeInTheDocument();
    expect(within(overview).getByText('Active, inactive and replaced')).toBeInTheDocument();
    expect(within(overview).getAllByText('of 700 active')).toHaveLength(2);
    const products = within(overview).getByRole('table', { name: 'Devices by product' });
    expect(within(products).getAllByRole('row')[2]).toHaveTextContent('Livelink45011040');
    // the year's charts, each a table for screen readers
    const graph = await screen.findByRole('table', { name: 'Devices by month, 2024' });
    expect(within(graph).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Month', 'Installed', 'Installed to date']);
    expect(within(graph).getAllByRole('row')[3]).toHaveTextContent(`Mar300${(1003).toLocaleString()}`);
    const consumption = screen.getByRole('table', { name: 'Consumption by month, 2024' });
    expect(within(consumption).getAllByRole('row')[7]).toHaveTextContent('Jul');
    expect(within(consumption).getAllByRole('row')[7]).toHaveTextContent('40');
    const average = screen.getByRole('table', { name: 'Average consumption per device, 2024' });
    expect(within(average).getAllByRole('row')[7]).toHaveTextContent('Jul612.4');
    // the consumption overview: kWh below 10,000, MWh above; last month against a year before
    const overviewCards = screen.getByRole('region', { name: 'Consumption overview' });
    expect(within(overviewCards).getByLabelText(`This month so far: ${(8200.5).toLocaleString()} kWh`)).toBeInTheDocument();
    expect(within(overviewCards).getByLabelText(`Last month: ${(2500).toLocaleString()} MWh`)).toBeInTheDocument();
    expect(within(overviewCards).getByText(/^25% more than /)).toBeInTheDocument();
    // the month's devices, All by default
    const list = await screen.findByRole('table', { name: /^Devices installed in .* 2024$/ });
    await within(list).findByText('20000000001');
    expect(within(list).getByText('Inactive')).toBeInTheDocument();
    const month = lastCall(calls, 'GET', '/api/dashboard/month-device');
    expect(Object.fromEntries(month.query)).toMatchObject({ deviceType: 'all', year: '2024', month: String(thisMonth), deviceStatus: 'All', page: '1', limit: '25' });
    for (const call of ['getusercountandversion', 'getdeviceoverview', 'getdevicegraphdata', 'getdevicemonthlyconsumptionnew', 'getdeviceconsumptionoverviewnew']) {
      expect(lastCall(calls, 'GET', `/api/dashboard/${call}`).query.get('deviceType')).toBe('all');
    }
  });

  it('draws no figure for the months of this year still to come', async () => {
    signInAs('Admin');
    dashboardApi('/api/dashboard');
    renderDevices('/admin/dashboard');
    const graph = await screen.findByRole('table', { name: `Devices by month, ${thisYear}` });
    const rows = within(graph).getAllByRole('row');
    await waitFor(() => expect(rows[thisMonth]).toHaveTextContent(`${thisMonth}${(1000 + thisMonth).toLocaleString()}`));
    if (thisMonth < 12) expect(within(graph).getAllByRole('row')[12]).toHaveTextContent(/^Dec--$/);
  });

  it('switches year, month and device status, keeping them in the URL, and opens a device with the way back', async () => {
    signInAs('Admin');
    const calls = dashboardApi('/api/dashboard');
    const view = renderDevices('/admin/dashboard');
    await screen.findByRole('table', { name: `Devices by month, ${thisYear}` });
    const years = screen.getByRole('combobox', { name: 'Year' });
    expect(within(years).getAllByRole('option').at(-1)).toHaveTextContent('2021');
    await user.selectOptions(years, '2024');
    const graph = await screen.findByRole('table', { name: 'Devices by month, 2024' });
    await within(graph).findByText((1200).toLocaleString());
    expect(lastCall(calls, 'GET', '/api/dashboard/getdevicemonthlyAverageConsumtion').query.get('year')).toBe('2024');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Device Status' }), 'In-active');
    await waitFor(() => expect(Object.fromEntries(lastCall(calls, 'GET', '/api/dashboard/month-device').query)).toMatchObject({ year: '2024', month: '3', deviceStatus: 'In-active' }));
    // the period is the call's own parameters, not a filter of the list
    expect(lastCall(calls, 'GET', '/api/dashboard/month-device').query.get('filter')).toBeNull();
    const url = new URL(currentUrl(view), 'http://console');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ year: '2024', month: '3', deviceStatus: 'In-active' });
    expect(await screen.findByRole('table', { name: 'Devices installed in Mar 2024' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /View/ })[0]!);
    // the device's own page, with the way back to this dashboard as it was
    expect(view.location().pathname).toBe('/admin/livelink/devices/view/1');
    expect(decodeURIComponent(view.location().search)).toContain('/admin/dashboard?year=2024&month=3');
  });

  it("follows the product selector: one product's calls, its month list call, and a safelink dashboard without energy", async () => {
    signInAs('Admin');
    const calls = dashboardApi('/api/dashboard');
    renderDevices('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard [All]', level: 1 });
    act(() => useSelectedProduct.getState().select('livelink'));
    expect(await screen.findByRole('heading', { name: 'Dashboard [Livelink]', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/dashboard/month-device-livelink')).toHaveLength(1));
    expect(lastCall(calls, 'GET', '/api/dashboard/month-device-livelink').query.get('deviceType')).toBeNull();
    expect(lastCall(calls, 'GET', '/api/dashboard/getdeviceoverview').query.get('deviceType')).toBe('livelink');
    // one product: the versions without the product's name, no per-product chart
    const versions = await screen.findByRole('table', { name: 'Active devices by firmware version' });
    await waitFor(() => expect(within(versions).getAllByRole('row')[1]).toHaveTextContent(/^3\.3\.0500$/));
    expect(screen.queryByRole('table', { name: 'Devices by product' })).not.toBeInTheDocument();
    act(() => useSelectedProduct.getState().select('electricity-advisor'));
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/dashboard/month-device').query.get('deviceType')).toBe('ihd'));
    act(() => useSelectedProduct.getState().select('safelink'));
    expect(await screen.findByText('Safelink hubs do not report energy.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Consumption overview' })).not.toBeInTheDocument();
  });

  it("is the agency's dashboard of its slice under its own prefix", async () => {
    signInAs('Agency');
    const calls = dashboardApi('/api/agency/dashboard');
    const view = renderDevices('/agency/dashboard');
    await screen.findByRole('table', { name: `Devices by month, ${thisYear}` });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/agency/dashboard/month-device')).toHaveLength(1));
    expect(calls.every((call) => call.path.startsWith('/api/agency/dashboard/'))).toBe(true);
    await user.click((await screen.findAllByRole('button', { name: /View/ }))[0]!);
    expect(view.location().pathname).toBe('/agency/devices/view/1');
  });

  it('shows why a figure could not be read, with a Retry, and the rest of the dashboard', async () => {
    signInAs('Admin');
    let fail = true;
    const calls = dashboardApi('/api/dashboard', {
      'GET /api/dashboard/getdeviceoverview': () => (fail ? { status: 500, body: { status: false, message: 'The database is busy' } } : reply({ total: 1, active: 1, inactive: 0, replaced: 0, online: 1, offline: 0, lines: [] })),
    });
    renderDevices('/admin/dashboard');
    const overview = await screen.findByRole('region', { name: 'Device overview' });
    expect(await within(overview).findByText('The database is busy')).toBeInTheDocument();
    expect(notifications().at(-1)).toMatchObject({ messageType: 'error', message: 'The database is busy' });
    expect(await screen.findByRole('table', { name: `Devices by month, ${thisYear}` })).toBeInTheDocument();
    fail = false;
    await user.click(within(overview).getByRole('button', { name: 'Retry' }));
    expect(await within(overview).findByLabelText('Total: 1')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/dashboard/getdeviceoverview').length).toBeGreaterThanOrEqual(2);
  });
});
