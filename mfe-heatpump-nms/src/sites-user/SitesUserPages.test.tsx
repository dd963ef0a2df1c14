import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { heatPump } from '../test-fixtures';
import { callsTo, currentUrl, fakeApi, listReply, renderHeatPump, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
const reply = <T,>(info: T) => ({ body: { status: true, message: 'ok', info } });
const months = (key: string) => Array.from({ length: 12 }, (_, i) => ({ month: i + 1, [key]: 0, offline: 0 }));

beforeEach(resetPage);

function dashboardApi(prefix: string) {
  return fakeApi({
    [`GET ${prefix}/dashboard/counts`]: reply({ offline: 1, online: 5, total: 6, faulty: 2 }),
    [`GET ${prefix}/dashboard/month-online-offline-device`]: reply(months('online')),
    [`GET ${prefix}/dashboard/month-faulty-device`]: reply(months('faulty')),
    [`GET ${prefix}/dashboard/ws/devices/all`]: listReply([heatPump(1)]),
    'GET /api/heat-pump/list': listReply([heatPump(7)]),
  });
}

describe("spec 2.9's sites user: a site manager or company contact, signed in", () => {
  it.each([
    ['sm', '/api/sm/nms'],
    ['mscc', '/api/mscc/nms'],
  ] as const)('%s: /sites/dashboard is the network dashboard of its sites', async (role, prefix) => {
    signInAs(role);
    const calls = dashboardApi(prefix);
    renderHeatPump('/sites/dashboard');
    expect(await screen.findByRole('heading', { name: 'Network Dashboard' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Heat pumps today' })).findByLabelText('Faulty: 2')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', `${prefix}/dashboard/counts`).length).toBeGreaterThan(0);
  });

  it.each([
    ['sm', '/sitemanager/device/view/7'],
    ['mscc', '/multisite/device/view/7'],
  ] as const)("%s: /sites/devices lists its heat pumps, each opening the role's device page", async (role, devicePage) => {
    signInAs(role);
    const calls = dashboardApi(`/api/${role}/nms`);
    const view = renderHeatPump('/sites/devices');
    const table = await screen.findByRole('table', { name: 'Devices [Heat Pump]' });
    await within(table).findByText(heatPump(7).serial_number);
    expect(callsTo(calls, 'GET', '/api/heat-pump/list')).toHaveLength(1);
    await user.click(within(table).getAllByRole('button', { name: /^View / })[0]!);
    await waitFor(() => expect(new URL(currentUrl(view), 'http://x').pathname).toBe(devicePage));
  });

  it.each([null, 'Admin', 'Agency', 'User', 'Customer'] as const)('sends %s to /login, asking nothing of the server', async (role) => {
    if (role) signInAs(role);
    const calls = dashboardApi('/api/sm/nms');
    for (const path of ['/sites/dashboard', '/sites/devices']) {
      const view = renderHeatPump(path);
      await waitFor(() => expect(currentUrl(view)).toBe('/login'));
      view.unmount();
    }
    expect(calls).toEqual([]);
  });
});
