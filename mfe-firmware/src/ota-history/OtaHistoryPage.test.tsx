import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OtaPush, PushDevice } from '../api/types';
import { currentUrl, fakeApi, filterOf, lastCall, listReply, renderFirmware, resetPage, signInAsAdmin } from '../test-support';

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
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Pushed At',
      'Pushed By',
      'Target Version',
      'Devices',
      'Queued',
      'Downloading',
      'Installed',
      'Failed',
      'Action',
    ]);
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

describe('OTA History without an opened push', () => {
  it('reads no push devices until a push is opened', async () => {
    const calls = fakeApi({ 'GET /api/ota/history': listReply([push(3)], 1) });
    renderFirmware('/admin/OTA_History');
    await screen.findByText('Ada Admin');
    expect(calls.filter((call) => call.path === '/api/ota/history/devices')).toEqual([]);
  });
});
