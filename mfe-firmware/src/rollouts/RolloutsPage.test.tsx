import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUrl, fakeApi, fakeLiveSocket, filterOf, headersOf, lastCall, listReply, messageReply, renderFirmware, resetPage, signInAsAdmin } from '../test-support';
import { rolloutRow } from './test-rollouts';

const user = userEvent.setup({ delay: null });

beforeEach(() => {
  resetPage();
  signInAsAdmin('livelink');
});

function api(rows = [rolloutRow(7), rolloutRow(8, { state: 'halted', name: 'Bad one' })]) {
  return fakeApi({ 'GET /api/ota/rollout/list': listReply(rows, 30), 'GET /api/ota/firmware-versions': messageReply('Versions', [{ version: '2.0.99' }]) });
}

describe('Rollouts', () => {
  it('lists name, target, state, progress, who and when; filters and pages through the URL', async () => {
    const calls = api();
    const view = renderFirmware('/admin/rollouts?page=2&state=halted');
    const table = await screen.findByRole('table', { name: 'Rollouts' });
    await within(table).findByText('Bad one');
    expect(headersOf(table)).toEqual(['Name', 'Target Version', 'State', 'Progress', 'Created By', 'Created At', 'Action']);
    const row = within(table).getAllByRole('row')[2]!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Bad one', '2.0.99', 'Halted', '12 / 100 installed', 'admin@fleet.test', expect.stringMatching(/^26\/11\/2026/), '']);
    // a halt is said in the error colour
    expect(within(row).getByText('Halted')).toHaveAttribute('data-state', 'halted');
    const sent = lastCall(calls, 'GET', '/api/ota/rollout/list');
    expect(sent.query.get('page')).toBe('2');
    expect(sent.query.get('deviceType')).toBe('livelink');
    expect(filterOf(sent)).toEqual([{ key: 'state', value: 'halted', type: 'single' }]);
    await user.click(within(table).getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/ota/rollout/list').query.get('sortBy')).toBe('name'));
    expect(currentUrl(view)).toMatch(/sortBy=name/);
  });

  it('opens a rollout from its row', async () => {
    api();
    const view = renderFirmware('/admin/rollouts');
    await user.click(await screen.findByRole('button', { name: 'View Canary 7' }));
    await waitFor(() => expect(currentUrl(view)).toMatch(/^\/admin\/rollouts\/7\?back=/));
  });

  it("moves a row's progress and state when its rollout_progress arrives", async () => {
    api([rolloutRow(7)]);
    const socket = fakeLiveSocket();
    renderFirmware('/admin/rollouts');
    const table = await screen.findByRole('table', { name: 'Rollouts' });
    await within(table).findByText('12 / 100 installed');
    const total = { devices: 100, queued: 70, in_flight: 5, installed: 20, failed: 5, timed_out: 0, cancelled: 0 };
    socket.send({ rollout_progress: { rollout_id: 7, product_line: 'livelink', state: 'halted', waves: [{ wave: 1, ...total }], total } });
    expect(await within(table).findByText('20 / 100 installed')).toBeInTheDocument();
    expect(within(table).getByText('Halted')).toBeInTheDocument();
    // another line's rollout changes nothing here
    socket.send({ rollout_progress: { rollout_id: 7, product_line: 'bulb', state: 'running', waves: [], total: { ...total, installed: 99 } } });
    expect(within(table).queryByText('99 / 100 installed')).toBeNull();
  });
});
