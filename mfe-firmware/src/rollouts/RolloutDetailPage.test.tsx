import type { RolloutInfo } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, confirmSends, fakeApi, fakeLiveSocket, lastCall, listReply, messageReply, renderFirmware, resetPage, signInAsAdmin } from '../test-support';
import { rolloutInfo, wave } from './test-rollouts';

const user = userEvent.setup({ delay: null });

beforeEach(() => {
  resetPage();
  signInAsAdmin('livelink');
});

const device = { device_id: 5, serial_number: 'LL5', mac_address: null, wave: 1, state: 'failed', failures: 1, from_version: '1.0.0', firmware_version: '1.0.0', job_id: 9, dispatched_at: '2026-11-26T09:31:00.000Z', finished_at: '2026-11-26T09:33:00.000Z' };

function api(info: RolloutInfo, extra: Parameters<typeof fakeApi>[0] = {}) {
  let current = info;
  const calls = fakeApi({
    'GET /api/ota/rollout/info': () => messageReply('Rollout', current),
    'GET /api/ota/rollout/devices': listReply([device], 40),
    ...extra,
  });
  return { calls, change: (next: RolloutInfo) => (current = next) };
}

const button = (name: string) => screen.getByRole('button', { name });

describe('Rollout detail', () => {
  it('says why it halted with its figures, and allows what a halted rollout allows', async () => {
    const { calls } = api(
      rolloutInfo({
        state: 'halted',
        halt_reason: { condition: 'failure_rate', at: '2026-11-26T09:40:00.000Z', finished: 50, failed: 6, timed_out: 0, failure_percent: 12, threshold_percent: 10, min_finished: 20, fault_guard: null },
      }),
    );
    renderFirmware('/admin/rollouts/7');
    expect(await screen.findByText(/^Halted: 12 % of 50 finished devices failed \(threshold 10 %\)/)).toBeInTheDocument();
    // its devices in the rollout's order
    await waitFor(() => expect(Object.fromEntries(lastCall(calls, 'GET', '/api/ota/rollout/devices').query)).toMatchObject({ sortBy: 'position', orderBy: 'asc' }));
    expect(button('Pause')).toBeDisabled();
    expect(button('Resume')).toBeEnabled();
    expect(button('Approve next wave')).toBeDisabled();
    expect(button('Retry failed')).toBeEnabled();
    expect(button('Abort')).toBeEnabled();
  });

  it('allows Pause and Approve on a running rollout whose next wave waits, and nothing on a finished one', async () => {
    const { change } = api(rolloutInfo({ waves: [wave(1, { state: 'done', devices: 10, installed: 10 }), wave(2, { state: 'awaiting_approval', approval: true, devices: 90, queued: 90 })] }));
    renderFirmware('/admin/rollouts/7');
    await screen.findByText('Waiting for approval');
    expect(button('Pause')).toBeEnabled();
    expect(button('Resume')).toBeDisabled();
    expect(button('Approve next wave')).toBeEnabled();
    // nothing failed: nothing to retry
    expect(button('Retry failed')).toBeDisabled();
    change(rolloutInfo({ state: 'finished', finished_at: '2026-11-26T10:00:00.000Z' }));
    const calls = fakeApi({ 'PUT /api/ota/rollout/approve': messageReply('Wave 2 approved'), 'GET /api/ota/rollout/info': messageReply('Rollout', rolloutInfo({ state: 'finished' })), 'GET /api/ota/rollout/devices': listReply([device], 1) });
    await user.click(button('Approve next wave'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/ota/rollout/approve')).toHaveLength(1));
    expect(lastCall(calls, 'PUT', '/api/ota/rollout/approve').body).toEqual({ rollout_id: 7, deviceType: 'livelink' });
    expect(await screen.findByText('This rollout is Finished: it is read only.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abort' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('moves the bars when rollout_progress arrives, without polling', async () => {
    const { calls } = api(rolloutInfo());
    const socket = fakeLiveSocket();
    renderFirmware('/admin/rollouts/7');
    const bar = await screen.findByRole('progressbar', { name: 'Wave 1: 4 of 10 installed' });
    expect(bar).toHaveAttribute('aria-valuenow', '4');
    expect(bar).toHaveAttribute('aria-valuemax', '10');
    const reads = callsTo(calls, 'GET', '/api/ota/rollout/info').length;
    const w1 = { wave: 1, devices: 10, queued: 0, in_flight: 1, installed: 7, failed: 2, timed_out: 0, cancelled: 0 };
    const w2 = { wave: 2, devices: 90, queued: 90, in_flight: 0, installed: 0, failed: 0, timed_out: 0, cancelled: 0 };
    const total = { devices: 100, queued: 90, in_flight: 1, installed: 7, failed: 2, timed_out: 0, cancelled: 0 };
    socket.send({ rollout_progress: { rollout_id: 7, product_line: 'livelink', state: 'running', waves: [w1, w2], total } });
    const moved = await screen.findByRole('progressbar', { name: 'Wave 1: 7 of 10 installed' });
    expect(moved).toHaveAttribute('aria-valuenow', '7');
    expect(screen.getByRole('progressbar', { name: 'All waves: 7 of 100 installed' })).toBeInTheDocument();
    // the message moved the bar itself: at most the debounced re-read follows, no timer reads the info
    expect(callsTo(calls, 'GET', '/api/ota/rollout/info').length).toBeLessThanOrEqual(reads + 1);
  });

  it('says while the device list is still being prepared, and stops saying it once the rows are written', async () => {
    const { change } = api(rolloutInfo({ waves: [wave(1, { state: 'running', devices: 10, queued: 10 }), wave(2, { devices: 90, queued: 90, unwritten: 60 })] }));
    const socket = fakeLiveSocket();
    renderFirmware('/admin/rollouts/7');
    const notice = await screen.findByText('Preparing the device list: 40 of 100 devices listed so far. A wave starts once its devices are listed.');
    // announced politely to a screen reader, as it changes
    expect(notice.closest('[role="status"]')).not.toBeNull();
    // each step of the writing is a rollout_progress: the page reads the info again
    change(rolloutInfo({ waves: [wave(1, { state: 'running', devices: 10, queued: 10 }), wave(2, { devices: 90, queued: 90 })] }));
    const w1 = { wave: 1, devices: 10, queued: 10, in_flight: 0, installed: 0, failed: 0, timed_out: 0, cancelled: 0 };
    const w2 = { wave: 2, devices: 90, queued: 90, in_flight: 0, installed: 0, failed: 0, timed_out: 0, cancelled: 0 };
    socket.send({ rollout_progress: { rollout_id: 7, product_line: 'livelink', state: 'running', waves: [w1, w2], total: { ...w1, devices: 100, queued: 100 } } });
    await waitFor(() => expect(screen.queryByText(/Preparing the device list/)).toBeNull());
  });

  it('asks before Retry failed, saying how many, and before Abort', async () => {
    const { calls } = api(rolloutInfo(), {
      'PUT /api/ota/rollout/retry-failed': messageReply('1 failed device queued again', { devices: 1 }),
      'PUT /api/ota/rollout/abort': messageReply('Rollout aborted'),
    });
    renderFirmware('/admin/rollouts/7');
    await screen.findByRole('progressbar', { name: 'Wave 1: 4 of 10 installed' });
    await user.click(button('Retry failed'));
    const retry = await screen.findByRole('dialog', { name: 'RETRY FAILED DEVICES' });
    expect(within(retry).getByText('Queue 1 failed or timed-out device again? Devices that failed 2 times stay out.')).toBeInTheDocument();
    expect(await confirmSends(retry, calls, 'PUT', '/api/ota/rollout/retry-failed')).toEqual({ rollout_id: 7, deviceType: 'livelink' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(button('Abort'));
    const abort = await screen.findByRole('dialog', { name: 'ABORT ROLLOUT' });
    expect(await confirmSends(abort, calls, 'PUT', '/api/ota/rollout/abort')).toEqual({ rollout_id: 7, deviceType: 'livelink' });
  });

  it("lists the rollout's devices with filters and sort in the URL", async () => {
    const { calls } = api(rolloutInfo());
    renderFirmware('/admin/rollouts/7?state=failed&sortBy=wave');
    const table = await screen.findByRole('table', { name: 'Devices' });
    await within(table).findByText('LL5');
    const sent = lastCall(calls, 'GET', '/api/ota/rollout/devices');
    expect(sent.query.get('rollout_id')).toBe('7');
    expect(sent.query.get('sortBy')).toBe('wave');
    expect(JSON.parse(sent.query.get('filter') ?? '[]')).toEqual([{ key: 'state', value: 'failed', type: 'single' }]);
    expect(within(table).getByText('Failed')).toHaveAttribute('data-state', 'failed');
  });

  it("exports the rollout's filtered devices as a job, in the list's order, and offers the file", async () => {
    const clicks = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = api(rolloutInfo(), {
      'POST /api/ota/rollout/devices/export': messageReply('Export started', { id: 8, status: 'running', total: 1, rows_written: 0, download_link: null, error: null }),
      'GET /api/export/8': messageReply('Export', { id: 8, status: 'done', total: 1, rows_written: 1, download_link: '/api/export/download/8/csv?expires=1&signature=x', error: null }),
    });
    renderFirmware('/admin/rollouts/7?state=failed&sortBy=wave&orderBy=desc');
    await within(await screen.findByRole('table', { name: 'Devices' })).findByText('LL5');
    await user.click(screen.getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/ota/rollout/devices/export')).toHaveLength(1));
    expect(lastCall(calls, 'POST', '/api/ota/rollout/devices/export').body).toEqual({
      rollout_id: 7,
      deviceType: 'livelink',
      filter: JSON.stringify([{ key: 'state', value: 'failed', type: 'single' }]),
      sortBy: 'wave',
      orderBy: 'desc',
    });
    expect(await screen.findByRole('link', { name: /Rollout Devices\.csv/ })).toBeInTheDocument();
    expect(clicks).toHaveBeenCalledTimes(1);
    clicks.mockRestore();
  });
});
