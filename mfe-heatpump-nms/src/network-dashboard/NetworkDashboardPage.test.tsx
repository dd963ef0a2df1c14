import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { heatPump } from '../test-fixtures';
import { callsTo, fakeApi, fakeLiveSocket, lastCall, listReply, renderHeatPump, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

const months = (f: (m: number) => Record<string, number>) => Array.from({ length: 12 }, (_, i) => ({ month: i + 1, ...f(i + 1) }));
const reply = <T,>(info: T) => ({ body: { status: true, message: 'ok', info } });

beforeEach(resetPage);

function dashboardApi(prefix: string) {
  return fakeApi({
    [`GET ${prefix}/dashboard/counts`]: reply({ offline: 4, online: 16, total: 20, faulty: 3 }),
    [`GET ${prefix}/dashboard/month-online-offline-device`]: (call) => reply(months((m) => ({ online: Number(call.query.get('year')) === 2024 ? m * 10 : m, offline: 1 }))),
    [`GET ${prefix}/dashboard/month-faulty-device`]: reply(months((m) => ({ faulty: m === 6 ? 5 : 0 }))),
    [`GET ${prefix}/dashboard/ws/devices/all`]: listReply([{ ...heatPump(1), device_operation_status: 1, fault_code: null }, { ...heatPump(2), device_operation_status: 0, fault_code: 'E96' }], 2),
  });
}

describe('Network Dashboard', () => {
  it("shows the slice's counts, the months of the year picked (from 2021) and the live devices", async () => {
    signInAs('sm');
    const calls = dashboardApi('/api/sm/nms');
    renderHeatPump('/sitemanager/dashboard');
    expect(await screen.findByRole('heading', { name: 'Network Dashboard' })).toBeInTheDocument();
    const counts = screen.getByRole('region', { name: 'Heat pumps today' });
    expect(await within(counts).findByLabelText('Offline: 4')).toBeInTheDocument();
    expect(within(counts).getByLabelText('Faulty: 3')).toBeInTheDocument();
    // the total says what it counts: the heat pumps in service, which online and offline add up to
    expect(within(counts).getByLabelText('Total in service: 20')).toBeInTheDocument();
    expect(within(counts).getByText('Online + offline; In-active heat pumps are not counted')).toBeInTheDocument();
    const thisYear = new Date().getFullYear();
    const onOff = await screen.findByRole('table', { name: `Online and offline heat pumps by month, ${thisYear}` });
    await within(onOff).findAllByText('Jun');
    const year = screen.getByRole('combobox', { name: 'Year' });
    const options = within(year).getAllByRole('option').map((o) => o.textContent);
    expect(options[0]).toBe(String(thisYear));
    expect(options.at(-1)).toBe('2021');
    await user.selectOptions(year, '2024');
    const table2024 = await screen.findByRole('table', { name: 'Online and offline heat pumps by month, 2024' });
    await within(table2024).findByText('60');
    expect(lastCall(calls, 'GET', '/api/sm/nms/dashboard/month-faulty-device').query.get('year')).toBe('2024');
    const faulty = screen.getByRole('table', { name: 'Faulty heat pumps by month, 2024' });
    expect(within(faulty).getAllByRole('row')[6]).toHaveTextContent('Jun5');
    const live = screen.getByRole('table', { name: 'Live devices' });
    expect(await within(live).findByText('E96')).toBeInTheDocument();
  });

  it('moves counts and rows with live messages, and reads everything again after a reconnect', async () => {
    signInAs('mscc');
    const calls = dashboardApi('/api/mscc/nms');
    renderHeatPump('/multisite/dashboard');
    const counts = await screen.findByRole('region', { name: 'Heat pumps today' });
    await within(counts).findByLabelText('Online: 16');
    const live = fakeLiveSocket();
    live.send({ device: { id: 1, mac_address: null, is_online: 0 } }, [2, 2], { dashboard: { faulty_count: 7 } }, { fault: { id: 9, device_id: 1, fault_code: 'E98' } });
    await waitFor(() => expect(within(counts).getByLabelText('Online: 15')).toBeInTheDocument());
    expect(within(counts).getByLabelText('Offline: 5')).toBeInTheDocument();
    expect(within(counts).getByLabelText('Faulty: 7')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Live devices' });
    const row1 = within(table).getByText('200000000001').closest('tr') as HTMLElement;
    expect(within(row1).getByText('Offline')).toBeInTheDocument();
    expect(within(row1).getByText('E98')).toBeInTheDocument();
    const row2 = within(table).getByText('200000000002').closest('tr') as HTMLElement;
    expect(within(row2).getByText('Completed')).toBeInTheDocument();
    const before = callsTo(calls, 'GET', '/api/mscc/nms/dashboard/counts').length;
    await live.reconnect();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/mscc/nms/dashboard/counts').length).toBe(before + 1));
  });

  it('is Admin\'s and Agency\'s dashboard under their own NMS prefix', async () => {
    signInAs('Agency');
    const calls = dashboardApi('/api/agency/nms');
    renderHeatPump('/agency/dashboard');
    await screen.findByRole('heading', { name: 'Network Dashboard' });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/agency/nms/dashboard/counts')).toHaveLength(1));
    expect(lastCall(calls, 'GET', '/api/agency/nms/dashboard/counts').query.get('deviceType')).toBe('heat_pump');
  });
});
