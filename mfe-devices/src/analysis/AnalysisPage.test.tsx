import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, currentUrl, fakeApi, lastCall, renderDevices, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
const reply = <T,>(info: T) => ({ body: { status: true, message: 'Analysis', info } });
const twelve = <T,>(f: (month: number) => T) => Array.from({ length: 12 }, (_, i) => f(i + 1));
const thisYear = new Date().getFullYear();

function analysisApi() {
  return fakeApi({
    'GET /api/analysis/users': (call) => reply({ total: 900, completed: 700, pending: 150, incomplete: 50, deleted: 12, months: twelve((m) => ({ month: m, new_users: Number(call.query.get('year')) === 2023 ? m * 2 : m })) }),
    'GET /api/analysis/deviceusers': reply({ with_devices: 850, without_devices: 50, lines: [{ product_line: 'ihd', users: 300 }, { product_line: 'livelink', users: 500 }, { product_line: 'heat_pump', users: 40 }] }),
    'GET /api/analysis/weeklyreportusers': reply({ on: 400, off: 300, unset: 200 }),
    'GET /api/analysis/autosyncusers': reply({ on: 500, off: 250, unset: 150 }),
    'GET /api/analysis/unsubscribedusers': reply({ total: 25, reasons: [{ reason: 'Unsubscribed', users: 15 }, { reason: 'Bounced', users: 10 }], months: twelve((m) => ({ month: m, added: m === 2 ? 4 : 0 })) }),
    'GET /api/analysis/averagebatterylife': reply({ alarms: 320, average_level: 63.4, average_years_left: 6.8, low_battery: 21, expired: 2, bands: Array.from({ length: 10 }, (_, b) => ({ band: b === 9 ? '90-100' : `${b * 10}-${b * 10 + 9}`, alarms: 32 })) }),
    'GET /api/analysis/weeklyreports': reply({ total_success: 120, total_failed: 12, months: twelve((m) => ({ month: m, success: 10, failed: m === 1 ? 2 : 1 })) }),
    'GET /api/analysis/locationprefernce': reply({ app_users: 600, preferences: [{ preference: 'always', users: 100 }, { preference: 'while_using', users: 320 }, { preference: 'never', users: 150 }, { preference: 'not_asked', users: 30 }] }),
    'GET /api/analysis/synchedData': reply({ total_success: 300, total_failed: 30, months: twelve((m) => ({ month: m, success: 25, failed: m === 5 ? 7 : 2 })) }),
    'GET /api/analysis/appversionlist': reply([
      { app_version: '2.4.0', android: 200, ios: 150, users: 350 },
      { app_version: '2.3.1', android: 120, ios: 130, users: 250 },
    ]),
  });
}

beforeEach(resetPage);

describe('Analysis', () => {
  it("shows Admin every figure of the spec's analysis page, each chart with its table", async () => {
    signInAs('Admin');
    const calls = analysisApi();
    renderDevices('/admin/analysis?year=2024');
    expect(await screen.findByRole('heading', { name: 'Analysis', level: 1 })).toBeInTheDocument();
    const users = await screen.findByRole('region', { name: 'Users by status' });
    expect(within(users).getByLabelText('Users: 900')).toBeInTheDocument();
    expect(within(users).getByLabelText('Deleted: 12')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'New users by month, 2024' })).getAllByRole('row')[5]).toHaveTextContent('May5');
    const deviceUsers = await screen.findByRole('region', { name: 'Device users' });
    expect(within(deviceUsers).getByLabelText('Without a device: 50')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Users by product' })).getAllByRole('row')[3]).toHaveTextContent('Heat Pump40');
    expect(within(await screen.findByRole('table', { name: 'Weekly report users' })).getAllByRole('row')[3]).toHaveTextContent('Not chosen200');
    expect(within(await screen.findByRole('table', { name: 'Auto sync users' })).getAllByRole('row')[1]).toHaveTextContent('On500');
    const unsubscribed = await screen.findByRole('region', { name: 'Unsubscribed users by reason' });
    expect(within(unsubscribed).getByLabelText('Bounced: 10')).toBeInTheDocument();
    expect(within(unsubscribed).getByLabelText('Total: 25')).toBeInTheDocument();
    const battery = await screen.findByRole('region', { name: 'Average battery life' });
    expect(within(battery).getByLabelText('Average battery level: 63.4%')).toBeInTheDocument();
    expect(within(battery).getByLabelText('Average years left: 6.8 years')).toBeInTheDocument();
    expect(within(battery).getByLabelText('Past expiry: 2')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Smoke alarms by battery level' })).getAllByRole('row')[10]).toHaveTextContent('90-10032');
    expect(within(await screen.findByRole('table', { name: 'Weekly reports by month, 2024' })).getAllByRole('row')[1]).toHaveTextContent('Jan102');
    expect(within(await screen.findByRole('table', { name: 'Location preference' })).getAllByRole('row')[2]).toHaveTextContent('While using the app320');
    expect(within(await screen.findByRole('table', { name: 'Synched data by month, 2024' })).getAllByRole('row')[5]).toHaveTextContent('May257');
    const versions = await screen.findByRole('table', { name: 'App versions' });
    expect(within(versions).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['App Version', 'Android', 'iOS']);
    expect(within(versions).getAllByRole('row')[1]).toHaveTextContent('2.4.0200150');
    for (const call of ['users', 'unsubscribedusers', 'weeklyreports', 'synchedData']) {
      expect(lastCall(calls, 'GET', `/api/analysis/${call}`).query.get('year')).toBe('2024');
    }
  });

  it('reads the monthly figures of the year picked, kept in the URL', async () => {
    signInAs('Admin');
    const calls = analysisApi();
    const view = renderDevices('/admin/analysis');
    await screen.findByRole('table', { name: `New users by month, ${thisYear}` });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2023');
    const table = await screen.findByRole('table', { name: 'New users by month, 2023' });
    await waitFor(() => expect(within(table).getAllByRole('row')[5]).toHaveTextContent('May10'));
    expect(currentUrl(view)).toBe('/admin/analysis?year=2023');
    expect(lastCall(calls, 'GET', '/api/analysis/synchedData').query.get('year')).toBe('2023');
    // the figures of now are not read again for another year
    expect(callsTo(calls, 'GET', '/api/analysis/appversionlist')).toHaveLength(1);
  });

  it('is for Admin only: another role is sent to sign in, nothing read', async () => {
    signInAs('Agency');
    const calls = analysisApi();
    const view = renderDevices('/admin/analysis');
    await waitFor(() => expect(view.location().pathname).toBe('/login'));
    expect(calls).toHaveLength(0);
  });
});
