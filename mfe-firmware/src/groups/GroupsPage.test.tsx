import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OtaDeviceRow, OtaGroup } from '../api/types';
import { previewInfo } from '../rollouts/test-rollouts';
import { callsTo, currentUrl, fakeApi, filterOf, holdCalls, lastCall, listReply, messageReply, notifications, renderFirmware, resetPage, signInAsAdmin, confirmSends } from '../test-support';

const user = userEvent.setup({ delay: null });

const VERSIONS = { body: { status: true, message: 'Versions', info: [{ version: '1.0.0' }, { version: '2.0.0' }] } };

function group(id: number, name: string, extra: Partial<OtaGroup> = {}): OtaGroup {
  return { id, name, created_at: '2026-11-19T08:00:00.000Z', current_version: '1.0.0', target_version: null, upgradable: false, device_count: 3, ...extra };
}

function device(id: number, serial: string): OtaDeviceRow {
  return { id, device_id: id, serial_number: serial, mac_address: null, firmware_version: '1.0.0', available_firmware: null, upgradable: false };
}

beforeEach(() => {
  resetPage();
  signInAsAdmin('livelink');
});

describe('Groups', () => {
  it('lists groups with their columns, filters by Group Name and opens a group keeping the list query', async () => {
    const calls = fakeApi({ 'GET /api/ota/group/all': listReply([group(2, 'Pilot homes')]), 'GET /api/ota/firmware-versions': VERSIONS });
    const view = renderFirmware('/admin/OTA-groups?page=1&limit=50');
    expect(await screen.findByRole('heading', { name: 'Groups' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Groups' });
    await within(table).findByText('Pilot homes');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Added At', 'Name', 'Target Version', 'Update Flag', 'Action']);
    expect(within(table).getByText('19-11-2026')).toBeInTheDocument();
    expect(lastCall(calls, 'GET', '/api/ota/group/all').query.get('deviceType')).toBe('livelink');

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await user.type(within(drawer).getByLabelText('Group Name'), 'Pilot');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/ota/group/all'))).toEqual([{ key: 'name', value: 'Pilot', type: 'single' }]));

    const listUrl = currentUrl(view).replace('/admin/OTA-groups', '');
    await user.click(screen.getByRole('button', { name: 'View Pilot homes' }));
    await waitFor(() => expect(view.location().pathname).toBe('/admin/OTA-groups/2'));
    expect(new URLSearchParams(view.location().search).get('back')).toBe(listUrl);
  });

  it('refuses the Update Flag without a target version and sends nothing', async () => {
    const calls = fakeApi({ 'GET /api/ota/group/all': listReply([group(2, 'Pilot homes')]), 'GET /api/ota/firmware-versions': VERSIONS });
    renderFirmware('/admin/OTA-groups');
    const flag = await screen.findByLabelText('Update Flag of Pilot homes');
    await user.click(flag);
    expect(notifications()).toEqual([{ messageType: 'error', message: 'Please select Target Version before sending Firmware Update', timer: 4000 }]);
    await waitFor(() => expect(screen.getByLabelText('Update Flag of Pilot homes')).not.toBeChecked());
    expect(callsTo(calls, 'PUT', '/api/ota/group/update-data')).toHaveLength(0);
  });

  it('sets the target version inline and turns the flag on once a target is set', async () => {
    const calls = fakeApi({
      'GET /api/ota/group/all': listReply([group(2, 'Pilot homes'), group(3, 'Targets set', { target_version: '2.0.0' })]),
      'GET /api/ota/firmware-versions': VERSIONS,
      'PUT /api/ota/group/update-data': messageReply('Group updated successfully'),
    });
    renderFirmware('/admin/OTA-groups');
    const target = await screen.findByLabelText('Target Version of Pilot homes');
    await waitFor(() => expect(within(target).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(target, '2.0.0');
    // nothing changes before the operator confirms, in words
    const ask = await screen.findByRole('dialog', { name: 'CHANGE TARGET VERSION' });
    expect(ask).toHaveTextContent('Set the target version of Pilot homes to 2.0.0?');
    expect(callsTo(calls, 'PUT', '/api/ota/group/update-data')).toHaveLength(0);
    expect(await confirmSends(ask, calls, 'PUT', '/api/ota/group/update-data')).toEqual({
      group_id: 2,
      group_name: 'Pilot homes',
      current_version: '1.0.0',
      target_version: '2.0.0',
      upgradable: false,
      deviceType: 'livelink',
    });

    await user.click(screen.getByLabelText('Update Flag of Targets set'));
    const flag = await screen.findByRole('dialog', { name: 'UPDATE FLAG' });
    expect(flag).toHaveTextContent('Turn on the Update Flag of Targets set? Its devices will install 2.0.0.');
    expect(await confirmSends(flag, calls, 'PUT', '/api/ota/group/update-data', 2)).toMatchObject({ group_id: 3, target_version: '2.0.0', upgradable: true });
    expect(notifications()).toContainEqual({ messageType: 'success', message: 'Group updated successfully', timer: 4000 });
  });

  it('saves nothing when the change is declined, and shows the saved value again', async () => {
    const calls = fakeApi({
      'GET /api/ota/group/all': listReply([group(3, 'Targets set', { target_version: '2.0.0', upgradable: true })]),
      'GET /api/ota/firmware-versions': VERSIONS,
    });
    renderFirmware('/admin/OTA-groups');
    await user.click(await screen.findByLabelText('Update Flag of Targets set'));
    const ask = await screen.findByRole('dialog', { name: 'UPDATE FLAG' });
    expect(ask).toHaveTextContent('Turn off the Update Flag of Targets set? Its devices will not be updated.');
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText('Update Flag of Targets set')).toBeChecked();
    expect(callsTo(calls, 'PUT', '/api/ota/group/update-data')).toHaveLength(0);
  });

  it('shows a refused change inside the confirmation, which stays open', async () => {
    fakeApi({
      'GET /api/ota/group/all': listReply([group(3, 'Targets set', { target_version: '2.0.0' })]),
      'GET /api/ota/firmware-versions': VERSIONS,
      'PUT /api/ota/group/update-data': { status: 400, body: { status: false, message: 'Target version 2.0.0 was deleted' } },
    });
    renderFirmware('/admin/OTA-groups');
    await user.click(await screen.findByLabelText('Update Flag of Targets set'));
    const ask = await screen.findByRole('dialog', { name: 'UPDATE FLAG' });
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    expect(await within(ask).findByRole('alert')).toHaveTextContent('Target version 2.0.0 was deleted');
    expect(screen.getByRole('dialog', { name: 'UPDATE FLAG' })).toBeInTheDocument();
  });

  describe('how many devices the Update Flag reaches', () => {
    const preview = previewInfo({
      devices: 7,
      excluded: { on_target: 2, in_other_rollout: 1, offline: 0 },
      by_version: [
        { version: '1.0.0', devices: 5 },
        { version: '1.5.0', devices: 2 },
      ],
      waves: [{ wave: 1, devices: 7 }],
    });
    const routes = {
      'GET /api/ota/group/all': listReply([group(3, 'Targets set', { target_version: '2.0.0' })]),
      'GET /api/ota/firmware-versions': VERSIONS,
      'PUT /api/ota/group/update-data': messageReply('Group updated successfully'),
    };

    it("counts the group's devices not on its target with the rollout preview, by version, while counting says so, and Yes still saves", async () => {
      const calls = fakeApi({ ...routes, 'POST /api/ota/rollout/preview': messageReply('Rollout preview', preview) });
      const answer = holdCalls('/api/ota/rollout/preview');
      renderFirmware('/admin/OTA-groups');
      await user.click(await screen.findByLabelText('Update Flag of Targets set'));
      const ask = await screen.findByRole('dialog', { name: 'UPDATE FLAG' });
      expect(await within(ask).findByText('Counting the devices this change reaches…')).toBeInTheDocument();
      answer.release();
      // the 7 the preview takes and the 1 in another rollout (the flag reaches it too); the 2 on the target are not changed
      expect(await within(ask).findByText('This change reaches 8 devices.')).toBeInTheDocument();
      expect(lastCall(calls, 'POST', '/api/ota/rollout/preview').body).toEqual({ deviceType: 'livelink', firmware_version: '2.0.0', group_id: 3, waves: [{ percent: 100 }] });
      const split = within(ask).getByRole('heading', { name: 'By current version' }).parentElement as HTMLElement;
      expect([...split.querySelectorAll('dt, dd')].map((cell) => cell.textContent)).toEqual(['1.0.0', '5', '1.5.0', '2', 'In a running rollout', '1']);
      expect(await confirmSends(ask, calls, 'PUT', '/api/ota/group/update-data')).toMatchObject({ group_id: 3, upgradable: true });
    });

    it('says the count could not be read when the preview fails, and the operator still decides', async () => {
      const calls = fakeApi({ ...routes, 'POST /api/ota/rollout/preview': { status: 500, body: { status: false, message: 'Something went wrong' } } });
      renderFirmware('/admin/OTA-groups');
      await user.click(await screen.findByLabelText('Update Flag of Targets set'));
      const ask = await screen.findByRole('dialog', { name: 'UPDATE FLAG' });
      expect(await within(ask).findByText('The number of devices it reaches could not be read.')).toBeInTheDocument();
      expect(await confirmSends(ask, calls, 'PUT', '/api/ota/group/update-data')).toMatchObject({ group_id: 3, upgradable: true });
    });
  });

  it('deletes a group after the DELETE GROUP confirm', async () => {
    const calls = fakeApi({
      'GET /api/ota/group/all': listReply([group(2, 'Pilot homes')]),
      'GET /api/ota/firmware-versions': VERSIONS,
      'DELETE /api/ota/group/delete': messageReply('Group deleted successfully'),
    });
    renderFirmware('/admin/OTA-groups');
    await user.click(await screen.findByRole('button', { name: 'Delete Pilot homes' }));
    const confirm = await screen.findByRole('dialog', { name: 'DELETE GROUP' });
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'DELETE GROUP' })).toBeNull());
    expect(callsTo(calls, 'DELETE', '/api/ota/group/delete')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Pilot homes' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'DELETE GROUP' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/ota/group/delete')).toHaveLength(1));
    expect(lastCall(calls, 'DELETE', '/api/ota/group/delete').body).toEqual({ group_id: 2, deviceType: 'livelink' });
  });
});

describe('Add Group dialog', () => {
  it('needs a name (at most 60 characters) and devices; searches devices by digits only; sends the chosen ids', async () => {
    const calls = fakeApi({
      'GET /api/ota/group/all': listReply([]),
      'GET /api/ota/firmware-versions': VERSIONS,
      'GET /api/ota/devices': (call) =>
        filterOf(call).length > 0 ? listReply([device(11, 'LL00123'), device(12, 'LL00124')]) : listReply([device(10, 'LL00001')]),
      'POST /api/ota/group/add': messageReply('Group added successfully', { id: 5 }),
    });
    renderFirmware('/admin/OTA-groups');
    await user.click(await screen.findByRole('button', { name: 'Add Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Group' });
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select at least one device')).toBeInTheDocument();

    const name = within(dialog).getByLabelText(/Name/);
    await user.type(name, 'n'.repeat(65));
    expect(name).toHaveValue('n'.repeat(60));

    const search = within(dialog).getByLabelText('Search devices');
    await user.type(search, '12a-3');
    expect(search).toHaveValue('123');
    const option = await within(dialog).findByRole('checkbox', { name: 'LL00123' }, { timeout: 3000 });
    const searched = callsTo(calls, 'GET', '/api/ota/devices').find((call) => filterOf(call).length > 0);
    expect(filterOf(searched!)).toEqual([{ key: 'serial_number', value: '123', type: 'single' }]);
    expect(searched!.query.get('deviceType')).toBe('livelink');
    await user.click(option);
    await user.click(within(dialog).getByRole('checkbox', { name: 'LL00124' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove LL00124' }));

    expect(await confirmSends(dialog, calls, 'POST', '/api/ota/group/add')).toEqual({
      group_name: 'n'.repeat(60),
      device_ids: [11],
      all: false,
      deviceType: 'livelink',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Group' })).toBeNull());
  });

  it('with All Device sends all: true and no ids', async () => {
    const calls = fakeApi({
      'GET /api/ota/group/all': listReply([]),
      'GET /api/ota/firmware-versions': VERSIONS,
      'GET /api/ota/devices': listReply([]),
      'POST /api/ota/group/add': messageReply('Group added successfully', { id: 6 }),
    });
    renderFirmware('/admin/OTA-groups');
    await user.click(await screen.findByRole('button', { name: 'Add Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Group' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Everyone');
    await user.click(within(dialog).getByRole('checkbox', { name: 'All Device' }));
    expect(within(dialog).getByLabelText('Search devices')).toBeDisabled();
    expect(await confirmSends(dialog, calls, 'POST', '/api/ota/group/add')).toEqual({ group_name: 'Everyone', device_ids: [], all: true, deviceType: 'livelink' });
  });
});
