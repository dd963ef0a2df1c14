import { useLiveStatus } from '@fleet/shared-api/live';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OtaPush, PushDevice } from '../api/types';
import { callsTo, currentUrl, fakeApi, fakeLiveSocket, filterOf, lastCall, listReply, renderFirmware, resetPage, signInAsAdmin, firstThen, headersOf } from '../test-support';

const user = userEvent.setup({ delay: null });

function push(id: number, extra: Partial<OtaPush> = {}): OtaPush {
  return {
    id,
    created_at: '2026-11-21T09:30:00.000Z',
    created_by_email: 'admin@fleet.test',
    created_by_name: 'Ada Admin',
    target_version: '2.0.0',
    device_count: 3,
    queued: 0,
    downloading: 1,
    installed: 1,
    failed: 1,
    ...extra,
  };
}

function job(id: number, state: string): PushDevice {
  return { id, device_id: id, serial_number: `LL${id}`, mac_address: null, from_version: '1.0.0', to_version: '2.0.0', state, updated_at: '2026-11-21T09:31:00.000Z' };
}

beforeEach(() => {
  resetPage();
  signInAsAdmin('livelink');
});

describe('OTA History', () => {
  it('lists pushes with who, when, target and the count per state; filters and pages through the URL', async () => {
    const calls = fakeApi({ 'GET /api/ota/history': listReply([push(12)], 30) });
    const view = renderFirmware('/admin/OTA_History?page=2&created_by=ada');
    const table = await screen.findByRole('table', { name: 'OTA History' });
    await within(table).findByText('Ada Admin');
    expect(headersOf(table)).toEqual(['Pushed At', 'Pushed By', 'Target Version', 'Devices', 'Queued', 'Downloading', 'Installed', 'Failed', 'Action']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([expect.stringMatching(/^21\/11\/2026 \| /), 'Ada Admin', '2.0.0', '3', '0', '1', '1', '1', '']);
    const sent = lastCall(calls, 'GET', '/api/ota/history');
    expect(sent.query.get('page')).toBe('2');
    expect(sent.query.get('deviceType')).toBe('livelink');
    expect(filterOf(sent)).toEqual([{ key: 'created_by', value: 'ada', type: 'single' }]);

    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/ota/history').query.get('page')).toBe('1'));
    expect(currentUrl(view)).toMatch(/created_by=ada.*page=1/);
  });

  it('opens a push to show each device state', async () => {
    const calls = fakeApi({
      'GET /api/ota/history': listReply([push(12)], 1),
      'GET /api/ota/history/devices': listReply([job(1, 'installed'), job(2, 'failed'), job(3, 'downloading')], 3),
    });
    renderFirmware('/admin/OTA_History');
    await user.click(await screen.findByRole('button', { name: 'View #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Push #12: devices' });
    const table = within(dialog).getByRole('table');
    await within(table).findByText('LL1');
    expect(within(table).getByText('Installed')).toHaveAttribute('data-state', 'installed');
    expect(within(table).getByText('Failed')).toHaveAttribute('data-state', 'failed');
    expect(within(table).getByText('Downloading')).toHaveAttribute('data-state', 'downloading');
    const sent = lastCall(calls, 'GET', '/api/ota/history/devices');
    expect(sent.query.get('push_id')).toBe('12');
    expect(sent.query.get('deviceType')).toBe('livelink');
  });
});

describe("a push's devices (a list inside the dialog)", () => {
  it("page, sort and size are the dialog's own: the history list's URL stays", async () => {
    const calls = fakeApi({
      'GET /api/ota/history': listReply([push(12)], 1),
      'GET /api/ota/history/devices': listReply([job(1, 'installed'), job(2, 'failed')], 60),
    });
    const view = renderFirmware('/admin/OTA_History?page=1');
    await user.click(await screen.findByRole('button', { name: 'View #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Push #12: devices' });
    await within(dialog).findByText('LL1');
    const devicesQuery = () => Object.fromEntries(lastCall(calls, 'GET', '/api/ota/history/devices').query);
    expect(devicesQuery()).toMatchObject({ page: '1', limit: '25', sortBy: 'id', orderBy: 'asc' });
    await user.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(devicesQuery()).toMatchObject({ page: '2' }));
    // a header sorts from page 1, flipping the order (spec: asc/desc on each click); a new size keeps that sort
    await user.click(within(dialog).getByRole('button', { name: /^State/ }));
    await waitFor(() => expect(devicesQuery()).toMatchObject({ page: '1', sortBy: 'state', orderBy: 'desc' }));
    await user.selectOptions(within(dialog).getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(devicesQuery()).toMatchObject({ page: '1', limit: '50', sortBy: 'state', orderBy: 'desc' }));
    expect(currentUrl(view)).toBe('/admin/OTA_History?page=1');
    expect(within(dialog).queryByRole('button', { name: 'Columns' })).toBeNull();
    expect(within(dialog).getByRole('navigation', { name: 'Pagination: Push #12: devices' })).toBeInTheDocument();
  });

  it('says why they could not be read, with a Retry, in place of an empty table', async () => {
    let fail = true;
    fakeApi({
      'GET /api/ota/history': listReply([push(12)], 1),
      'GET /api/ota/history/devices': () => (fail ? { status: 500, body: { status: false, message: 'Database is busy', info: null } } : listReply([job(1, 'installed')], 1)),
    });
    renderFirmware('/admin/OTA_History');
    await user.click(await screen.findByRole('button', { name: 'View #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Push #12: devices' });
    expect(await within(dialog).findByText('Could not load this list.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).toBeNull();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('LL1')).toBeInTheDocument();
  });
});

describe('OTA History without an opened push', () => {
  it('reads no push devices until a push is opened', async () => {
    const calls = fakeApi({ 'GET /api/ota/history': listReply([push(3)], 1) });
    renderFirmware('/admin/OTA_History');
    await screen.findByText('Ada Admin');
    expect(calls.filter((call) => call.path === '/api/ota/history/devices')).toEqual([]);
  });
});

describe('OTA History and the live socket (issue 20, item 13)', () => {
  const cells = (table: HTMLElement, name: string) => within(within(table).getByRole('button', { name }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("a push's counts move in place with its rollout messages, with no polling while the socket is open", async () => {
    const calls = fakeApi({ 'GET /api/ota/history': listReply([push(12, { device_count: 4, queued: 2, downloading: 1, installed: 1, failed: 0 }), push(11, { queued: 0, downloading: 0 })], 2) });
    const live = fakeLiveSocket();
    renderFirmware('/admin/OTA_History');
    const table = await screen.findByRole('table', { name: 'OTA History' });
    await within(table).findByRole('button', { name: 'View #12' });
    const reads = callsTo(calls, 'GET', '/api/ota/history').length;
    live.send(
      { rollout: { push_id: 12, product_line: 'livelink', queued: 0, downloading: 2, installed: 1, failed: 1 } },
      // another line's push of the same number is not this one
      { rollout: { push_id: 11, product_line: 'airlink', queued: 5, downloading: 0, installed: 0, failed: 0 } },
    );
    await waitFor(() => expect(cells(table, 'View #12').slice(4, 8)).toEqual(['0', '2', '1', '1']));
    expect(cells(table, 'View #11').slice(4, 8)).toEqual(['0', '0', '1', '1']);
    // the socket says when the numbers change: a push on its way is not read every 3 s meanwhile
    await wait(3500);
    expect(callsTo(calls, 'GET', '/api/ota/history')).toHaveLength(reads);
  }, 10000);

  it("another console's new push reads the list again (once for a burst), an older push off this page does not; a reconnect reads it again", async () => {
    const calls = fakeApi({ 'GET /api/ota/history': listReply([push(12, { queued: 0, downloading: 0 })], 30) });
    const live = fakeLiveSocket();
    renderFirmware('/admin/OTA_History?page=2');
    await screen.findByRole('button', { name: 'View #12' });
    const reads = () => callsTo(calls, 'GET', '/api/ota/history').length;
    const before = reads();
    live.send({ rollout: { push_id: 4, product_line: 'livelink', queued: 1, downloading: 0, installed: 0, failed: 0 } });
    await wait(700);
    expect(reads()).toBe(before);
    live.send({ rollout: { push_id: 13, product_line: 'livelink', queued: 3, downloading: 0, installed: 0, failed: 0 } });
    live.send({ rollout: { push_id: 13, product_line: 'livelink', queued: 2, downloading: 1, installed: 0, failed: 0 } });
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(lastCall(calls, 'GET', '/api/ota/history').query.get('page')).toBe('2');
    await wait(700);
    expect(reads()).toBe(before + 1);
    await live.reconnect();
    await waitFor(() => expect(reads()).toBe(before + 2));
  });

  it('polls every 3 s while a push is on its way and no socket is open', async () => {
    const calls = fakeApi({ 'GET /api/ota/history': firstThen(listReply([push(12, { queued: 1 })], 1), listReply([push(12, { queued: 0, downloading: 0, installed: 2 })], 1)) });
    renderFirmware('/admin/OTA_History');
    const table = await screen.findByRole('table', { name: 'OTA History' });
    await within(table).findByRole('button', { name: 'View #12' });
    await waitFor(() => expect(cells(table, 'View #12').slice(4, 8)).toEqual(['0', '0', '2', '1']));
    expect(callsTo(calls, 'GET', '/api/ota/history')).toHaveLength(2);
  }, 10000);

  it('polls again once the socket is down', async () => {
    const calls = fakeApi({ 'GET /api/ota/history': firstThen(listReply([push(12, { queued: 1 })], 1), listReply([push(12, { queued: 0, downloading: 0, installed: 2 })], 1)) });
    fakeLiveSocket();
    renderFirmware('/admin/OTA_History');
    const table = await screen.findByRole('table', { name: 'OTA History' });
    await within(table).findByRole('button', { name: 'View #12' });
    act(() => useLiveStatus.setState({ status: 'reconnecting' }));
    await waitFor(() => expect(cells(table, 'View #12').slice(4, 8)).toEqual(['0', '0', '2', '1']));
    expect(callsTo(calls, 'GET', '/api/ota/history')).toHaveLength(2);
  }, 10000);

  it("the opened push's devices change state in place with its ota messages", async () => {
    let reads = 0;
    fakeApi({
      'GET /api/ota/history': listReply([push(12)], 1),
      'GET /api/ota/history/devices': () => {
        reads += 1;
        // what the server says after the message: the same state, a newer time
        return listReply([job(1, 'installed'), job(2, 'failed'), job(3, reads === 1 ? 'downloading' : 'installed')], 3);
      },
    });
    const live = fakeLiveSocket();
    renderFirmware('/admin/OTA_History');
    await user.click(await screen.findByRole('button', { name: 'View #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Push #12: devices' });
    const table = within(dialog).getByRole('table');
    const stateOf = (serial: string) => within(within(table).getByText(serial).closest('tr')!).getByText(/Installed|Failed|Downloading|Queued/);
    await within(table).findByText('LL3');
    expect(stateOf('LL3')).toHaveAttribute('data-state', 'downloading');
    // another push's job of the same device is not this row
    live.send({ ota: { device_id: 3, push_id: 13, job_id: 3, state: 'failed', firmware_version: '1.0.0' } });
    live.send({ ota: { device_id: 3, push_id: 12, job_id: 3, state: 'installed', firmware_version: '2.0.0' } });
    // in place, before any read (the re-read waits 500 ms): one tick renders the patch
    await act(() => wait(0));
    expect(reads).toBe(1);
    expect(stateOf('LL3')).toHaveAttribute('data-state', 'installed');
    // its Updated At follows with one read (the message carries no time)
    await waitFor(() => expect(reads).toBe(2));
  });
});
