import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OtaDeviceRow } from '../api/types';
import { callsTo, currentUrl, fakeApi, fakeLiveSocket, filterOf, lastCall, listReply, messageReply, notifications, renderFirmware, resetPage, signInAsAdmin, confirmSends, expectFilteredBy, firstThen, headersOf } from '../test-support';

const user = userEvent.setup({ delay: null });

const VERSIONS = { body: { status: true, message: 'Versions', info: [{ version: '1.0.0' }, { version: '2.0.0' }] } };
// What the line's devices run (with counts), merged with uploaded firmware, as the server answers it.
const RUNNING = messageReply('Versions', [
  { version: '1.1.0', devices: 0, uploaded: true },
  { version: '1.0.0', devices: 4, uploaded: true },
  { version: '0.9.8', devices: 2, uploaded: false },
]);

function device(id: number, extra: Partial<OtaDeviceRow> = {}): OtaDeviceRow {
  return {
    id,
    device_id: id,
    serial_number: `HP${id}`,
    mac_address: `00AA${id}`,
    firmware_version: '1.0.0',
    available_firmware: '2.0.0',
    upgradable: true,
    group_name: 'Pilot homes',
    update_state: null,
    ...extra,
  };
}

beforeEach(() => {
  resetPage();
  signInAsAdmin('heat_pump');
});

describe('OTAs', () => {
  it('shows each device\'s update state and reads the page again while an update is on its way', async () => {
    const calls = fakeApi({
      'GET /api/ota/devices': firstThen(listReply([device(1, { update_state: 'downloading' })], 1), listReply([device(1, { update_state: 'installed' })], 1)),
      'GET /api/ota/firmware-versions': VERSIONS, 'GET /api/ota/running-versions': RUNNING,
    });
    renderFirmware('/admin/OTAs');
    expect(await screen.findByText('Downloading')).toBeInTheDocument();
    // polled (every 3 s while a device is queued or downloading), then quiet once all have settled
    expect(await screen.findByText('Installed', {}, { timeout: 6000 })).toBeInTheDocument();
    const settled = callsTo(calls, 'GET', '/api/ota/devices').length;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(callsTo(calls, 'GET', '/api/ota/devices')).toHaveLength(settled);
  });

  it('lists the devices of the product with their firmware, and filters them (restored from the URL)', async () => {
    const calls = fakeApi({
      'GET /api/ota/devices': listReply([device(1), device(2, { upgradable: false, available_firmware: null, group_name: null })], 2),
      'GET /api/ota/firmware-versions': VERSIONS, 'GET /api/ota/running-versions': RUNNING,
    });
    const view = renderFirmware('/admin/OTAs?upgradable=1');
    const table = await screen.findByRole('table', { name: 'OTAs' });
    await within(table).findByText('HP1');
    expect(headersOf(table)).toEqual(['', 'Serial Number', 'Firmware Version', 'Available Firmware', 'Upgradable', 'Group', 'Update State']);
    const sent = lastCall(calls, 'GET', '/api/ota/devices');
    expect(sent.query.get('deviceType')).toBe('heat_pump');
    expect(filterOf(sent)).toEqual([{ key: 'upgradable', value: '1', type: 'single' }]);

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(drawer).getByLabelText('Upgradable')).toHaveValue('1');
    await user.type(within(drawer).getByLabelText('Serial Number'), 'HP-1#');
    expect(within(drawer).getByLabelText('Serial Number')).toHaveValue('HP1');
    await user.selectOptions(within(drawer).getByLabelText('Firmware Version'), '1.0.0');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await expectFilteredBy(calls, '/api/ota/devices', [['upgradable', '1'], ['serial_number', 'HP1'], ['firmware_version', '1.0.0']]);
    expect(currentUrl(view)).toMatch(/serial_number=HP1/);
  });

  it('pushes the chosen devices after the confirm and toasts the server message', async () => {
    const calls = fakeApi({
      'GET /api/ota/devices': listReply([device(1), device(2), device(3)], 3),
      'GET /api/ota/firmware-versions': VERSIONS, 'GET /api/ota/running-versions': RUNNING,
      'PUT /api/ota/update-firmware': messageReply('Firmware update sent to 2 devices', { push_id: 4, device_count: 2, skipped: 0 }),
    });
    renderFirmware('/admin/OTAs');
    await screen.findByText('HP1');
    const push = screen.getByRole('button', { name: 'Push Firmware Update' });
    expect(push).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Serial Number HP1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Serial Number HP3' }));
    await user.click(push);
    const confirm = await screen.findByRole('dialog', { name: 'PUSH FIRMWARE UPDATE' });
    expect(confirm).toHaveTextContent('Are you sure you want to send the firmware update to 2 device(s)?');
    // how many get it is not asked of the rollout preview: it cannot leave out devices with an update on its way
    expect(confirm).toHaveTextContent('How many devices get it is known once it is sent: devices with an update already on its way are skipped too.');
    expect(callsTo(calls, 'POST', '/api/ota/rollout/preview')).toHaveLength(0);
    expect(await confirmSends(confirm, calls, 'PUT', '/api/ota/update-firmware')).toEqual({ devices: [1, 3], all: false, deviceType: 'heat_pump' });
    await waitFor(() => expect(notifications()).toContainEqual({ messageType: 'success', message: 'Firmware update sent to 2 devices', timer: 4000 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Push Firmware Update' })).toBeDisabled());
  });

  it('pushes "all" of a filtered list as one request with the filter', async () => {
    const calls = fakeApi({
      'GET /api/ota/devices': listReply([device(1), device(2)], 140),
      'GET /api/ota/firmware-versions': VERSIONS, 'GET /api/ota/running-versions': RUNNING,
      'PUT /api/ota/update-firmware': messageReply('Firmware update sent to 140 devices', { push_id: 5, device_count: 140, skipped: 0 }),
    });
    renderFirmware('/admin/OTAs?firmware_version=1.0.0');
    await screen.findByText('HP1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(await screen.findByRole('button', { name: 'Select All 140 Devices' }));
    await user.click(screen.getByRole('button', { name: 'Push Firmware Update' }));
    const confirm = await screen.findByRole('dialog', { name: 'PUSH FIRMWARE UPDATE' });
    expect(confirm).toHaveTextContent('all 140 device(s)');
    expect(await confirmSends(confirm, calls, 'PUT', '/api/ota/update-firmware')).toEqual({
      devices: [],
      all: true,
      filter: JSON.stringify([{ key: 'firmware_version', value: '1.0.0', type: 'single' }]),
      deviceType: 'heat_pump',
    });
  });

  it('keeps the confirm open and toasts the refusal when the push fails', async () => {
    fakeApi({
      'GET /api/ota/devices': listReply([device(1)], 1),
      'GET /api/ota/firmware-versions': VERSIONS, 'GET /api/ota/running-versions': RUNNING,
      'PUT /api/ota/update-firmware': { status: 400, body: { status: false, message: 'No selected device has a firmware to install', info: null } },
    });
    renderFirmware('/admin/OTAs');
    await user.click(await screen.findByRole('checkbox', { name: 'Serial Number HP1' }));
    await user.click(screen.getByRole('button', { name: 'Push Firmware Update' }));
    const confirm = await screen.findByRole('dialog', { name: 'PUSH FIRMWARE UPDATE' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(notifications()).toContainEqual({ messageType: 'error', message: 'No selected device has a firmware to install', timer: 4000 }));
    expect(screen.getByRole('dialog', { name: 'PUSH FIRMWARE UPDATE' })).toBeInTheDocument();
  });
});

describe('OTAs and the live socket (issue 20, item 13)', () => {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const rowOf = (table: HTMLElement, serial: string) => within(within(table).getByText(serial).closest('tr')!);

  it("a device's Update State moves in place with its ota messages, with no polling while the socket is open; an installed one reads the page again once", async () => {
    let answers = 0;
    const calls = fakeApi({
      'GET /api/ota/devices': () => {
        answers += 1;
        return listReply(
          answers === 1
            ? [device(1, { update_state: 'queued' }), device(2, { update_state: 'downloading' })]
            : [device(1, { update_state: 'downloading' }), device(2, { update_state: 'installed', firmware_version: '2.0.0', available_firmware: null, upgradable: false })],
          2,
        );
      },
      'GET /api/ota/firmware-versions': VERSIONS,
      'GET /api/ota/running-versions': RUNNING,
    });
    const live = fakeLiveSocket();
    renderFirmware('/admin/OTAs?upgradable=1');
    const table = await screen.findByRole('table', { name: 'OTAs' });
    await within(table).findByText('HP1');
    const reads = () => [callsTo(calls, 'GET', '/api/ota/devices').length, callsTo(calls, 'GET', '/api/ota/running-versions').length];
    const before = reads();
    // a device on no row here (another line's) reads nothing, even installed
    live.send({ ota: { device_id: 1, push_id: 5, job_id: 50, state: 'downloading', firmware_version: '1.0.0' } }, { ota: { device_id: 77, push_id: 6, job_id: 60, state: 'installed', firmware_version: '0.1' } });
    await waitFor(() => expect(rowOf(table, 'HP1').getByText('Downloading')).toHaveAttribute('data-state', 'downloading'));
    // the socket says when a state changes: a page with updates on their way is not read every 3 s meanwhile
    await wait(3500);
    expect(reads()).toEqual(before);

    live.send({ ota: { device_id: 2, push_id: 5, job_id: 51, state: 'installed', firmware_version: '2.0.0' } });
    // in place, before any read (the re-read waits 500 ms): one tick renders the patch
    await act(() => wait(0));
    expect(reads()).toEqual(before);
    expect(rowOf(table, 'HP2').getByText('Installed')).toBeInTheDocument();
    expect(rowOf(table, 'HP2').getAllByRole('cell')[2]).toHaveTextContent('2.0.0');
    // a new version changes its Available Firmware, Upgradable and which filters it matches: read once
    await waitFor(() => expect(reads()).toEqual([before[0]! + 1, before[1]! + 1]));
    expect(filterOf(lastCall(calls, 'GET', '/api/ota/devices'))).toEqual([{ key: 'upgradable', value: '1', type: 'single' }]);
    await wait(700);
    expect(reads()).toEqual([before[0]! + 1, before[1]! + 1]);
  }, 12000);

  it('reads the page again after a reconnect (messages sent meanwhile are lost)', async () => {
    const calls = fakeApi({
      'GET /api/ota/devices': firstThen(listReply([device(1, { update_state: 'downloading' })], 1), listReply([device(1, { update_state: 'installed' })], 1)),
      'GET /api/ota/firmware-versions': VERSIONS,
      'GET /api/ota/running-versions': RUNNING,
    });
    const live = fakeLiveSocket();
    renderFirmware('/admin/OTAs');
    expect(await screen.findByText('Downloading')).toBeInTheDocument();
    const before = callsTo(calls, 'GET', '/api/ota/devices').length;
    await live.reconnect();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/ota/devices')).toHaveLength(before + 1));
    expect(await screen.findByText('Installed')).toBeInTheDocument();
  });
});
