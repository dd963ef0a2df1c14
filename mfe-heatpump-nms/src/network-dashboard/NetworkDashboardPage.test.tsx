import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserType } from '@fleet/shared-api';
import { heatPump } from '../test-fixtures';
import { callsTo, fakeApi, fakeLiveSocket, lastCall, listReply, renderHeatPump, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

const months = (f: (m: number) => Record<string, number>) => Array.from({ length: 12 }, (_, i) => ({ month: i + 1, ...f(i + 1) }));
const reply = <T,>(info: T) => ({ body: { status: true, message: 'ok', info } });

beforeEach(resetPage);

/** Signed in as `role`, the dashboard at `path` with its answers under `prefix` (the role's NMS calls): the calls sent. */
function openDashboard(role: UserType, prefix: string, path: string) {
  signInAs(role);
  const calls = fakeApi({
    [`GET ${prefix}/dashboard/counts`]: reply({ offline: 4, online: 16, total: 20, faulty: 3 }),
    [`GET ${prefix}/dashboard/month-online-offline-device`]: (call) => reply(months((m) => ({ online: Number(call.query.get('year')) === 2024 ? m * 10 : m, offline: 1 }))),
    [`GET ${prefix}/dashboard/month-faulty-device`]: reply(months((m) => ({ faulty: m === 6 ? 5 : 0 }))),
    [`GET ${prefix}/dashboard/ws/devices/all`]: listReply([{ ...heatPump(1), device_operation_status: 1, fault_code: null }, { ...heatPump(2), device_operation_status: 0, fault_code: 'E96' }], 2),
  });
  renderHeatPump(path);
  return calls;
}

describe('Network Dashboard', () => {
  it("shows the slice's counts, the months of the year picked (from 2021) and the live devices", async () => {
    const calls = openDashboard('sm', '/api/sm/nms', '/sitemanager/dashboard');
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
    const calls = openDashboard('mscc', '/api/mscc/nms', '/multisite/dashboard');
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
    const calls = openDashboard('Agency', '/api/agency/nms', '/agency/dashboard');
    await screen.findByRole('heading', { name: 'Network Dashboard' });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/agency/nms/dashboard/counts')).toHaveLength(1));
    expect(lastCall(calls, 'GET', '/api/agency/nms/dashboard/counts').query.get('deviceType')).toBe('heat_pump');
  });

  // issue 20, item 13: another console's writes reach the dashboard
  it("a resolve elsewhere clears the row's fault code and the faulty count follows the slice's recount; heat pumps joining or leaving read counts and devices again, once for a burst", async () => {
    const calls = openDashboard('Agency', '/api/agency/nms', '/agency/dashboard');
    const counts = await screen.findByRole('region', { name: 'Heat pumps today' });
    await within(counts).findByLabelText('Faulty: 3');
    const table = screen.getByRole('table', { name: 'Live devices' });
    await within(table).findByText('E96');
    const live = fakeLiveSocket();
    const read = () => [callsTo(calls, 'GET', '/api/agency/nms/dashboard/counts').length, callsTo(calls, 'GET', '/api/agency/nms/dashboard/ws/devices/all').length];
    const before = read();
    live.send({ resolved: { device_id: 2, fault_ids: [40], fault_code: null, resolution_id: 3 } }, { dashboard: { faulty_count: 2 } });
    await waitFor(() => expect(within(counts).getByLabelText('Faulty: 2')).toBeInTheDocument());
    await waitFor(() => expect(within(table).queryByText('E96')).toBeNull());
    // what the resolve changed came with the messages: nothing is read for it
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(read()).toEqual(before);

    live.send({ moved: { device_id: 5, slice: 'joined' } }, { moved: { device_id: 6, slice: 'left' } }, { dashboard: { faulty_count: 3 } });
    live.send({ moved: { device_id: 7, slice: 'joined' } });
    await waitFor(() => expect(read()).toEqual([before[0]! + 1, before[1]! + 1]));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(read()).toEqual([before[0]! + 1, before[1]! + 1]);
    // a heat pump that stays in the slice (another company or site of it) changes nothing shown here
    live.send({ moved: { device_id: 1, slice: 'stayed' } });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(read()).toEqual([before[0]! + 1, before[1]! + 1]);
  });
});
