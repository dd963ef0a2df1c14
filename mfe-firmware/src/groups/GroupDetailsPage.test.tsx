import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OtaDeviceRow } from '../api/types';
import { currentUrl, fakeApi, filterOf, lastCall, messageReply, renderFirmware, resetPage, signInAsAdmin, type SentCall, confirmSends } from '../test-support';

const user = userEvent.setup({ delay: null });

function device(id: number, extra: Partial<OtaDeviceRow> = {}): OtaDeviceRow {
  return {
    id,
    device_id: id,
    serial_number: `SN${String(id).padStart(4, '0')}`,
    mac_address: `AABBCC${String(id).padStart(6, '0')}`,
    firmware_version: '1.0.0',
    available_firmware: '2.0.0',
    upgradable: true,
    ...extra,
  };
}

/** GET /api/ota/group/info: 60 devices, 25 a page (or the requested limit). */
function groupInfo(call: SentCall) {
  const page = Number(call.query.get('page') ?? 1);
  const limit = Number(call.query.get('limit') ?? 25);
  const total = 60;
  const ids = Array.from({ length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) }, (_, i) => (page - 1) * limit + i + 1);
  return {
    body: {
      status: true,
      message: 'Group',
      info: {
        group_info: { id: 8, name: 'Pilot homes', created_at: '2026-11-19T08:00:00.000Z', current_version: '1.0.0', target_version: '2.0.0', upgradable: true },
        devices: { data: ids.map((id) => device(id)), total, current_page: page, last_page: Math.ceil(total / limit) },
      },
    },
  };
}

beforeEach(() => {
  resetPage();
  signInAsAdmin('livelink');
});

const pageHeader = () => screen.getByRole('checkbox', { name: 'Select all rows on this page' });

describe('Group Details', () => {
  it('shows the group name in brackets, its devices, and Back returns to the list query it came from', async () => {
    const calls = fakeApi({ 'GET /api/ota/group/info': groupInfo });
    const back = '?name=Pilot&page=2&limit=25&sortBy=created_at&orderBy=desc';
    const view = renderFirmware(`/admin/OTA-groups/8?back=${encodeURIComponent(back)}`);
    expect(await screen.findByRole('heading', { name: 'Group Details [Pilot homes]' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Serial Number' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['', 'Serial Number', 'Firmware Version', 'Target Version', 'Update Flag']);
    expect(within(table).getByText('SN0001')).toBeInTheDocument();
    const sent = lastCall(calls, 'GET', '/api/ota/group/info');
    expect(sent.query.get('group_id')).toBe('8');
    expect(sent.query.get('deviceType')).toBe('livelink');
    expect(screen.queryByRole('button', { name: 'Delete Device(s)' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentUrl(view)).toBe(`/admin/OTA-groups${back}`));
  });

  it('labels the filter MAC Address on bulb and takes letters and digits only', async () => {
    signInAsAdmin('bulb');
    const calls = fakeApi({ 'GET /api/ota/group/info': groupInfo });
    const view = renderFirmware('/admin/OTA-groups/8');
    await screen.findByRole('table', { name: 'MAC Address' });
    const filter = screen.getByRole('textbox', { name: 'MAC Address' });
    await user.type(filter, 'aa:bb-cc 12{Enter}');
    expect(filter).toHaveValue('aabbcc12');
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/ota/group/info'))).toEqual([{ key: 'mac_address', value: 'aabbcc12', type: 'single' }]));
    expect(lastCall(calls, 'GET', '/api/ota/group/info').query.get('deviceType')).toBe('bulb');
    expect(currentUrl(view)).toContain('mac_address=aabbcc12');
  });

  it('selects none -> the page -> all {total}, and Clear Selection goes back to none', async () => {
    fakeApi({ 'GET /api/ota/group/info': groupInfo });
    renderFirmware('/admin/OTA-groups/8');
    await screen.findByText('SN0001');
    await user.click(pageHeader());
    expect(await screen.findByText('All 25 devices on this page are selected.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Serial Number SN0025' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Delete Device(s)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Select All 60 Devices' }));
    expect(await screen.findByText('All 60 devices are selected.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select All 60 Devices' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear Selection' }));
    await waitFor(() => expect(screen.queryByText(/selected/)).toBeNull());
    expect(screen.queryByRole('button', { name: 'Delete Device(s)' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Serial Number SN0001' })).not.toBeChecked();
  });

  it('keeps ticked devices across pages and sorting; a new filter clears the selection', async () => {
    fakeApi({ 'GET /api/ota/group/info': groupInfo });
    renderFirmware('/admin/OTA-groups/8');
    await screen.findByText('SN0001');
    const selectedText = () => screen.queryByText(/selected/);

    await user.click(screen.getByRole('checkbox', { name: 'Serial Number SN0002' }));
    expect(await screen.findByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('SN0026');
    expect(await screen.findByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Serial Number SN0026' }));
    expect(await screen.findByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('SN0001');
    expect(screen.getByRole('checkbox', { name: 'Serial Number SN0002' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: /Firmware Version/ }));
    expect(await screen.findByText('2 selected')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Serial Number' }), 'SN00{Enter}');
    await waitFor(() => expect(selectedText()).toBeNull());
  });

  it('deletes the chosen devices after DELETE DEVICE', async () => {
    const calls = fakeApi({ 'GET /api/ota/group/info': groupInfo, 'PUT /api/ota/group/remove-devices': messageReply('Devices removed successfully') });
    renderFirmware('/admin/OTA-groups/8');
    await screen.findByText('SN0001');
    await user.click(screen.getByRole('checkbox', { name: 'Serial Number SN0003' }));
    await user.click(screen.getByRole('checkbox', { name: 'Serial Number SN0004' }));
    await user.click(screen.getByRole('button', { name: 'Delete Device(s)' }));
    const confirm = await screen.findByRole('dialog', { name: 'DELETE DEVICE' });
    expect(await confirmSends(confirm, calls, 'PUT', '/api/ota/group/remove-devices')).toEqual({ group_id: 8, device_ids: [3, 4], all: false, deviceType: 'livelink' });
    await waitFor(() => expect(screen.queryByText(/selected/)).toBeNull());
  });

  it('in "all" mode removes every device matching the filter in ONE request with all: true and the filter', async () => {
    const calls = fakeApi({ 'GET /api/ota/group/info': groupInfo, 'PUT /api/ota/group/remove-devices': messageReply('Devices removed successfully') });
    renderFirmware('/admin/OTA-groups/8?serial_number=SN00');
    await screen.findByText('SN0001');
    await user.click(pageHeader());
    await user.click(await screen.findByRole('button', { name: 'Select All 60 Devices' }));
    await user.click(screen.getByRole('button', { name: 'Delete Device(s)' }));
    const confirm = await screen.findByRole('dialog', { name: 'DELETE DEVICE' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete all 60 devices from this group?');
    expect(await confirmSends(confirm, calls, 'PUT', '/api/ota/group/remove-devices')).toEqual({
      group_id: 8,
      device_ids: [],
      all: true,
      filter: JSON.stringify([{ key: 'serial_number', value: 'SN00', type: 'single' }]),
      deviceType: 'livelink',
    });
  });
});

describe('Add Devices', () => {
  it('adds devices to this group with PUT group/add-devices (group id and name)', async () => {
    const calls = fakeApi({
      'GET /api/ota/group/info': groupInfo,
      'GET /api/ota/devices': { body: { status: true, message: 'Devices', info: { data: [device(70)], total: 1 } } },
      'PUT /api/ota/group/add-devices': messageReply('Devices added successfully'),
    });
    renderFirmware('/admin/OTA-groups/8');
    await screen.findByText('SN0001');
    await user.click(screen.getByRole('button', { name: 'Add Devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Devices' });
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Pilot homes');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'SN0070' }));
    expect(await confirmSends(dialog, calls, 'PUT', '/api/ota/group/add-devices')).toEqual({
      group_name: 'Pilot homes',
      device_ids: [70],
      all: false,
      deviceType: 'livelink',
      group_id: 8,
    });
  });
});
