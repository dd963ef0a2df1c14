import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HeatPumpInfo } from '../api/heat-pumps';
import { heatPump } from '../test-fixtures';
import { callsTo, currentUrl, fakeApi, lastCall, listReply, renderHeatPump, resetPage, signInAs } from '../test-support';
import { weekBefore } from './ActivityLog';
import { localToday } from '@fleet/shared-ui/fields';
import { waitFor } from '@testing-library/react';

const user = userEvent.setup({ delay: null });

const INFO: HeatPumpInfo = {
  ...heatPump(7),
  device_uid: null,
  nmi: null,
  impulse_rate: null,
  impulse_rate_type: null,
  force_sync_date: null,
  signal_strength: null,
  agency_id: 3,
  agent_id: 5,
  customer_id: 9,
  updated_at: '2025-03-04T10:00:00.000Z',
  model_name: 'HP-270',
  device_operation_status: 0,
  open_faults: 2,
  fault_code: 'E96',
  customer_name: 'Kim Lee',
  customer_email: 'kim@example.test',
  site_name: 'North Depot',
  company_name: 'Acme Sites',
  electrician_name: null,
};

beforeEach(resetPage);

describe('heat-pump device page', () => {
  it('shows identity, live state, place and people, and opens the fault history', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/heat-pump/info/7': { body: { status: true, message: 'Heat pump', info: INFO } }, 'GET /api/admin/heat-pump/activity-logs': listReply([]) });
    const view = renderHeatPump('/admin/heat_pump/device/view/7?back=%2Fadmin%2Fheat_pump%2Fdevices%3Fpage%3D2');
    expect(await screen.findByRole('heading', { name: 'Heat Pump 200000000007' })).toBeInTheDocument();
    const facts = document.querySelector('dl');
    expect(facts).not.toBeNull();
    expect(within(facts as HTMLElement).getByText('HP-270')).toBeInTheDocument();
    expect(within(facts as HTMLElement).getByText('Off').closest('[data-tone]')).toHaveAttribute('data-tone', 'red');
    expect(within(facts as HTMLElement).getByText('E96 Communication Failure Compressor Driver Board-Main Board')).toBeInTheDocument();
    expect(within(facts as HTMLElement).getByText('North Depot')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fault History' }));
    expect(new URL(currentUrl(view), 'http://x').pathname).toBe('/admin/heat_pump/faulty-systems/view/faulty-history/7');
  });

  it('Back returns to the list as it was; a heat pump outside the slice says so', async () => {
    signInAs('User');
    fakeApi({ 'GET /api/heat-pump/info/8': { status: 404, body: { status: false, message: 'Device not found' } } });
    const view = renderHeatPump('/user/device/view/8?back=%2Fuser%2Fdashboard%3Fpage%3D2');
    expect(await screen.findByText('This heat pump does not exist or is not yours to see.')).toBeInTheDocument();
    // User has no Attention list: no fault history button
    expect(screen.queryByRole('button', { name: 'Fault History' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentUrl(view)).toBe('/user/dashboard?page=2');
  });

  it('Back never leaves the console', async () => {
    signInAs('User');
    fakeApi({ 'GET /api/heat-pump/info/8': { body: { status: true, message: 'Heat pump', info: { ...INFO, id: 8 } } }, 'GET /api/user/heat-pump/activity-logs': listReply([]) });
    const view = renderHeatPump('/user/device/view/8?back=%2F%2Fevil.test%2Fx');
    await screen.findByRole('heading', { name: 'Heat Pump 200000000007' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentUrl(view)).toBe('/user/dashboard');
  });
});

describe('activity logs', () => {
  it("lists the heat pump's last week under the role's prefix, and reads another period when it is chosen", async () => {
    signInAs('mscc');
    const calls = fakeApi({
      'GET /api/heat-pump/info/7': { body: { status: true, message: 'Heat pump', info: INFO } },
      'GET /api/mscc/heat-pump/activity-logs': listReply(
        [
          { id: 3, at: '2026-11-20T10:00:00.000Z', event: 'resolved', work_state: null, fault_code: 'E96', detail: 'Sam Field' },
          { id: 2, at: '2026-11-20T09:00:00.000Z', event: 'fault', work_state: null, fault_code: 'E98', detail: null },
          { id: 1, at: '2026-11-20T08:00:00.000Z', event: 'work_state', work_state: 2, fault_code: null, detail: null },
        ],
        3,
      ),
    });
    renderHeatPump('/multisite/device/view/7');
    const table = await screen.findByRole('table', { name: 'Activity Logs' });
    await within(table).findByText('E96 resolved by Sam Field');
    expect(within(table).getByText('E98 Fan Driver Board-Main Board')).toBeInTheDocument();
    expect(within(table).getByText('Completed').closest('[data-tone]')).toHaveAttribute('data-tone', 'green');
    const dmy = (iso: string) => iso.split('-').reverse().join('-');
    const first = lastCall(calls, 'GET', '/api/mscc/heat-pump/activity-logs').query;
    expect(Object.fromEntries(first)).toEqual({
      device_id: '7',
      start_date: dmy(weekBefore(localToday())),
      end_date: dmy(localToday()),
      source: 'nms',
      page: '1',
      limit: '25',
    });
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/mscc/heat-pump/activity-logs').query.get('start_date')).toBe('01-10-2026'));
    expect(callsTo(calls, 'GET', '/api/mscc/heat-pump/activity-logs').length).toBeGreaterThan(1);
  });
});

describe('activity logs, a list inside the page', () => {
  const events = Array.from({ length: 3 }, (_, i) => ({ id: i + 1, at: '2026-11-20T08:00:00.000Z', event: 'online', work_state: null, fault_code: null, detail: null }));

  it('pages on its own (the URL stays the device page), back to page 1 for a new period or size; its columns do not sort', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/heat-pump/info/7': { body: { status: true, message: 'Heat pump', info: INFO } },
      'GET /api/admin/heat-pump/activity-logs': listReply(events, 80),
    });
    const view = renderHeatPump('/admin/heat_pump/device/view/7');
    const table = await screen.findByRole('table', { name: 'Activity Logs' });
    await within(table).findAllByText('Online');
    expect(within(table).queryAllByRole('button')).toEqual([]);
    const activityQuery = () => Object.fromEntries(lastCall(calls, 'GET', '/api/admin/heat-pump/activity-logs').query);
    const pager = screen.getByRole('navigation', { name: 'Pagination: Activity Logs' });
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(activityQuery()).toMatchObject({ page: '2', limit: '25' }));
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await waitFor(() => expect(activityQuery()).toMatchObject({ start_date: '01-10-2026', page: '1' }));
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(activityQuery()).toMatchObject({ page: '3' }));
    await user.selectOptions(within(pager).getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(activityQuery()).toMatchObject({ start_date: '01-10-2026', page: '1', limit: '50' }));
    expect(currentUrl(view)).toBe('/admin/heat_pump/device/view/7');
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
  });

  it('says when the period has no activity', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/heat-pump/info/7': { body: { status: true, message: 'Heat pump', info: INFO } }, 'GET /api/admin/heat-pump/activity-logs': listReply([]) });
    renderHeatPump('/admin/heat_pump/device/view/7');
    const table = await screen.findByRole('table', { name: 'Activity Logs' });
    expect(await within(table).findByText('No activity in this period')).toBeInTheDocument();
  });
});

describe('pages by serial number (Admin)', () => {
  it('device-detail/{serial_number} shows the heat pump of exactly that serial number', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/heat-pump/list': listReply([{ ...heatPump(9), serial_number: '2000000000071' }, heatPump(7)]),
      'GET /api/heat-pump/info/7': { body: { status: true, message: 'Heat pump', info: INFO } },
      'GET /api/admin/heat-pump/activity-logs': listReply([]),
    });
    renderHeatPump('/admin/heat_pump/device-detail/200000000007');
    expect(await screen.findByRole('heading', { name: 'Heat Pump 200000000007' })).toBeInTheDocument();
    expect(JSON.parse(lastCall(calls, 'GET', '/api/heat-pump/list').query.get('filter') ?? '[]')).toEqual([
      { key: 'serial_number', value: '200000000007', type: 'single' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Install History' }));
  });

  it('an unknown serial number says so', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/heat-pump/list': listReply([]) });
    renderHeatPump('/admin/heat_pump/device-detail/999');
    expect(await screen.findByText('This heat pump does not exist or is not yours to see.')).toBeInTheDocument();
  });

  it('device-history/{serial_number} lists the installs, replacements and removals of that serial number', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/heat-pump/install-history': listReply([
        { id: 1, device_id: 7, event: 'installed', serial_number: '200000000007', mac_address: 'C8F09E000007', firmware_version: '2.1.0', note: null, agency_name: 'Bright Homes', created_at: '2025-03-04T10:00:00.000Z' },
      ]),
    });
    renderHeatPump('/admin/heat_pump/device-history/200000000007');
    const table = await screen.findByRole('table', { name: 'Install History' });
    expect(await within(table).findByText('installed')).toBeInTheDocument();
    expect(within(table).getByText('Bright Homes')).toBeInTheDocument();
    expect(lastCall(calls, 'GET', '/api/heat-pump/install-history').query.get('serial_number')).toBe('200000000007');
  });
});


describe('the Timeline tab (issue 23)', () => {
  it("shows the heat pump's timeline from the site manager's own call in place of the details", async () => {
    signInAs('sm');
    const calls = fakeApi({
      'GET /api/heat-pump/info/7': { body: { status: true, message: 'Heat pump', info: INFO } },
      'GET /api/sm/heat-pump/activity-logs': listReply([]),
      'GET /api/sm/nms/device/timeline': listReply([
        { key: 'fault:4:resolved', kind: 'fault', event: 'resolved', at: '2026-11-20T10:00:00.000Z', subject: 'E96', detail: 'cleaned', actor: { id: 2, email: 'sm@fleet.test', role: 'sm', name: 'Sam Field' }, changes: [] },
        { key: 'connection:3:offline', kind: 'connection', event: 'offline', at: '2026-11-20T09:00:00.000Z', subject: null, detail: null, actor: null, changes: [] },
      ]),
    });
    renderHeatPump('/sitemanager/device/view/7');
    await user.click(await screen.findByRole('tab', { name: 'Timeline' }));
    const table = await screen.findByRole('table', { name: 'Timeline' });
    expect(await within(table).findByText('Fault E96 resolved · cleaned')).toBeInTheDocument();
    expect(within(table).getByText('sm@fleet.test · Sam Field')).toBeInTheDocument();
    expect(within(table).getByText('Offline')).toBeInTheDocument();
    expect(lastCall(calls, 'GET', '/api/sm/nms/device/timeline').query.get('id')).toBe('7');
    // the details' activity log is not on the Timeline tab
    expect(screen.queryByRole('table', { name: 'Activity Logs' })).not.toBeInTheDocument();
  });
});
