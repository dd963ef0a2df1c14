import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceInfo, SmokeAlarm } from '../api/devices';
import { callsTo, fakeApi, lastCall, listReply, renderDevices, resetPage, signInAs, LOW_RD_HOME } from '../test-support';

const user = userEvent.setup({ delay: null });

const ALARM: SmokeAlarm = {
  id: 31,
  serial_number: 'SA0000000311',
  location: 'Hallway',
  alarm_type: 'Photoelectric',
  alarm_status: 'Low battery',
  battery_level: 9,
  last_tested_at: '2026-10-01T02:00:00.000Z',
  expires_on: '2034-05-01',
  created_at: '2024-05-01T00:00:00.000Z',
  safelink_device_id: 12,
  hub_serial_number: '300000000012',
  hub_mac_address: 'C0FFEE00000C',
  hub_device_status: 'Active',
  hub_is_online: 1,
  ...LOW_RD_HOME,
};

beforeEach(resetPage);

describe('smoke alarms', () => {
  it('lists every alarm for Admin with its hub and status colour, filters by status in the URL, and opens one', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/safelink/smokealarm/list': listReply([ALARM, { ...ALARM, id: 32, serial_number: 'SA0000000312', alarm_status: 'Alarm', postal_code: null, property_id: null }]),
      'GET /api/safelink/smokealarm/info/31': { body: { status: true, message: 'Smoke alarm', info: ALARM } },
    });
    const view = renderDevices('/admin/smoke-alarm/devices');
    const table = await screen.findByRole('table', { name: 'Smoke Alarms' });
    const first = (await within(table).findByText('SA0000000311')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Low battery')).toHaveAttribute('data-tone', 'yellow');
    expect(within(first).getByText('9%')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'C0FFEE00000C' })).toHaveAttribute('href', '/admin/safelink/device/view/12');
    expect(within(first).getByText('5 Low Rd Hobart TAS 7000')).toBeInTheDocument();
    const second = within(table).getByText('SA0000000312').closest('tr') as HTMLElement;
    expect(within(second).getByText('Alarm')).toHaveAttribute('data-tone', 'red');
    expect(within(second).getByText('No Property Exist')).toBeInTheDocument();
    expect(lastCall(calls, 'GET', '/api/safelink/smokealarm/list').query.get('limit')).toBe('25');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByText('Fault', { exact: true }));
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(JSON.parse(lastCall(calls, 'GET', '/api/safelink/smokealarm/list').query.get('filter') ?? '[]')).toEqual([
      // one chosen value travels as a single value (the list codec's way; the server takes either)
      expect.objectContaining({ key: 'alarm_status', value: 'Fault' }),
    ]));
    expect(new URLSearchParams(view.location().search).getAll('alarm_status[]')).toEqual(['Fault']);

    await user.click(within(await screen.findByRole('table', { name: 'Smoke Alarms' })).getByRole('button', { name: /^View SA0000000311/ }));
    expect(await screen.findByRole('heading', { name: 'Smoke Alarm Details [SA0000000311]' })).toBeInTheDocument();
    expect(screen.getByText('Photoelectric')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/safelink/smokealarm/info/31')).toHaveLength(1);
  });

  it("shows a safelink hub's alarms on its device page, for the agency too (no alarm page to open)", async () => {
    signInAs('Agency');
    const hub = { id: 12, product_line: 'safelink', serial_number: '300000000012', mac_address: 'C0FFEE00000C' } as DeviceInfo;
    const calls = fakeApi({
      'GET /api/agency/device/get-info': { body: { status: true, message: 'Device', info: { ...hub, device_status: 'Active', status: 'Completed', is_online: 1, updated_at: '2025-01-01T00:00:00.000Z' } } },
      'GET /api/safelink/smokealarm/12': listReply([ALARM]),
    });
    renderDevices('/agency/devices/view/12');
    const table = await screen.findByRole('table', { name: 'Smoke Alarms' });
    expect(await within(table).findByText('SA0000000311')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^View / })).toBeNull();
    expect(lastCall(calls, 'GET', '/api/safelink/smokealarm/12').query.get('page')).toBe('1');
  });

  it('says an alarm of another slice is not there', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/safelink/smokealarm/info/99': { status: 404, body: { status: false, message: 'Smoke alarm not found' } } });
    renderDevices('/admin/smoke-alarm/device/view/99');
    expect(await screen.findByText('This smoke alarm does not exist or is not yours to see.')).toBeInTheDocument();
  });
});
