import { useSelectedProduct } from '@fleet/shared-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OtaRule } from '../api/types';
import { previewInfo } from '../rollouts/test-rollouts';
import { callsTo, currentUrl, fakeApi, lastCall, listReply, messageReply, notifications, renderFirmware, resetPage, signInAsAdmin, confirmSends, expectFilteredBy } from '../test-support';

const user = userEvent.setup({ delay: null });

const VERSIONS = { body: { status: true, message: 'Versions', info: [{ version: '1.0.0' }, { version: '1.1.0' }, { version: '2.0.0' }] } };
// What the line's devices run (with counts), merged with uploaded firmware, as the server answers it.
const RUNNING = messageReply('Versions', [
  { version: '1.1.0', devices: 0, uploaded: true },
  { version: '1.0.0', devices: 4, uploaded: true },
  { version: '0.9.8', devices: 2, uploaded: false },
]);

function rule(id: number, name: string, extra: Partial<OtaRule> = {}): OtaRule {
  return { id, name, from_version: '1.0.0', to_version: '1.1.0', immediate_update: false, created_at: '2026-11-20T10:00:00.000Z', ...extra };
}

beforeEach(() => {
  resetPage();
  signInAsAdmin('electricity-advisor');
});

/** The Rules page with no rules and the two version lists, and its Add Rule dialog open; `more` answers the dialog's save. */
async function openAddRule(more: Parameters<typeof fakeApi>[0] = {}) {
  const calls = fakeApi({ 'GET /api/ota/rule/list': listReply([]), 'GET /api/ota/firmware-versions': VERSIONS, 'GET /api/ota/running-versions': RUNNING, ...more });
  renderFirmware('/admin/rules');
  await user.click(await screen.findByRole('button', { name: 'Add Rule' }));
  return { calls, dialog: await screen.findByRole('dialog', { name: 'Rule' }) };
}

describe('Rules', () => {
  it('lists the rules of the product (electricity-advisor -> ihd) and searches by name and versions', async () => {
    const calls = fakeApi({ 'GET /api/ota/rule/list': listReply([rule(1, 'Spring rollout')]), 'GET /api/ota/firmware-versions': VERSIONS, 'GET /api/ota/running-versions': RUNNING });
    const view = renderFirmware('/admin/rules');
    expect(await screen.findByRole('heading', { name: 'Rules' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rules' });
    await within(table).findByText('Spring rollout');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Installed On', 'Installed To', 'Upgrade', 'Actions']);
    expect(lastCall(calls, 'GET', '/api/ota/rule/list').query.get('deviceType')).toBe('ihd');
    expect(lastCall(calls, 'GET', '/api/ota/firmware-versions').query.get('deviceType')).toBe('ihd');

    await user.click(screen.getByRole('button', { name: /Search/ }));
    const panel = await screen.findByRole('dialog', { name: 'Search' });
    await user.type(within(panel).getByLabelText('Rule Name'), 'Spring');
    await user.selectOptions(within(panel).getByLabelText('Installed On'), '1.0.0');
    await user.selectOptions(within(panel).getByLabelText('Installed To'), '2.0.0');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await expectFilteredBy(calls, '/api/ota/rule/list', [['name', 'Spring'], ['from_version', '1.0.0'], ['to_version', '2.0.0']]);
    expect(currentUrl(view)).toMatch(/name=Spring.*from_version=1\.0\.0.*to_version=2\.0\.0.*page=1/);
  });

  it('toggles Upgrade in place with PUT rule/update carrying the whole rule', async () => {
    const calls = fakeApi({
      'GET /api/ota/rule/list': listReply([rule(4, 'Night push')]),
      'GET /api/ota/firmware-versions': VERSIONS, 'GET /api/ota/running-versions': RUNNING,
      'PUT /api/ota/rule/update': messageReply('Rule updated successfully'),
    });
    renderFirmware('/admin/rules');
    await user.click(await screen.findByLabelText('Upgrade Night push'));
    const ask = await screen.findByRole('dialog', { name: 'UPGRADE' });
    expect(ask).toHaveTextContent('Turn on Upgrade for Night push? Devices on 1.0.0 will be updated to 1.1.0.');
    expect(callsTo(calls, 'PUT', '/api/ota/rule/update')).toHaveLength(0);
    const sent = await confirmSends(ask, calls, 'PUT', '/api/ota/rule/update');
    expect(sent).toEqual({ id: 4, name: 'Night push', from_version: '1.0.0', to_version: '1.1.0', immediate_update: true, deviceType: 'ihd' });
    expect(notifications()).toContainEqual({ messageType: 'success', message: 'Rule updated successfully', timer: 4000 });
  });

  describe('how many devices Upgrade reaches', () => {
    const routes = {
      'GET /api/ota/rule/list': listReply([rule(4, 'Night push')]),
      'GET /api/ota/firmware-versions': VERSIONS,
      'GET /api/ota/running-versions': RUNNING,
      'PUT /api/ota/rule/update': messageReply('Rule updated successfully'),
    };
    const onFrom = { key: 'firmware_version', value: '1.0.0', type: 'single' };
    const preview = messageReply(
      'Rollout preview',
      previewInfo({ devices: 6, excluded: { on_target: 0, in_other_rollout: 1, offline: 0 }, by_version: [{ version: '1.0.0', devices: 6 }], waves: [{ wave: 1, devices: 6 }] }),
    );
    const aimedGroup = { id: 9, name: 'Pilot', created_at: '2026-11-19T08:00:00.000Z', current_version: '1.0.0', target_version: '1.1.0', upgradable: false, device_count: 3 };

    it("counts the devices on its version that no group aimed at its target decides, and Yes still saves", async () => {
      const calls = fakeApi({
        ...routes,
        'POST /api/ota/rollout/preview': preview,
        'GET /api/ota/group/all': listReply([aimedGroup, { ...aimedGroup, id: 10, name: 'Elsewhere', target_version: '2.0.0' }]),
        'GET /api/ota/group/info': messageReply('Group', { group_info: aimedGroup, devices: { data: [], total: 2 } }),
      });
      renderFirmware('/admin/rules');
      await user.click(await screen.findByLabelText('Upgrade Night push'));
      const ask = await screen.findByRole('dialog', { name: 'UPGRADE' });
      // 6 taken and 1 in another rollout on 1.0.0 with 1.1.0 available, less the 2 of them the Pilot group decides
      expect(await within(ask).findByText('This change reaches 5 devices.')).toBeInTheDocument();
      expect(lastCall(calls, 'POST', '/api/ota/rollout/preview').body).toEqual({
        deviceType: 'ihd',
        firmware_version: '1.1.0',
        filter: JSON.stringify([onFrom, { key: 'available_firmware', value: '1.1.0', type: 'single' }]),
        waves: [{ percent: 100 }],
      });
      // only the group aimed at 1.1.0 is counted, for its devices on 1.0.0
      expect(callsTo(calls, 'GET', '/api/ota/group/info').map((c) => [c.query.get('group_id'), c.query.get('filter')])).toEqual([['9', JSON.stringify([onFrom])]]);
      expect(await confirmSends(ask, calls, 'PUT', '/api/ota/rule/update')).toMatchObject({ id: 4, immediate_update: true });
    });

    it('says when the count cannot be read or is not exact, and the operator still decides', async () => {
      const calls = fakeApi({ ...routes, 'POST /api/ota/rollout/preview': { status: 500, body: { status: false, message: 'Something went wrong' } }, 'GET /api/ota/group/all': listReply([]) });
      renderFirmware('/admin/rules');
      await user.click(await screen.findByLabelText('Upgrade Night push'));
      const ask = await screen.findByRole('dialog', { name: 'UPGRADE' });
      expect(await within(ask).findByText('The number of devices it reaches could not be read.')).toBeInTheDocument();
      expect(await confirmSends(ask, calls, 'PUT', '/api/ota/rule/update')).toMatchObject({ id: 4, immediate_update: true });

      // more groups than one read holds: which of them decide its devices is not known
      fakeApi({ ...routes, 'POST /api/ota/rollout/preview': preview, 'GET /api/ota/group/all': listReply([aimedGroup], 501) });
      await user.click(await screen.findByLabelText('Upgrade Night push'));
      const again = await screen.findByRole('dialog', { name: 'UPGRADE' });
      expect(await within(again).findByText('The number of devices it reaches cannot be counted exactly here.')).toBeInTheDocument();
      expect(within(again).getByRole('button', { name: 'Yes' })).toBeEnabled();
    });
  });

  it('shows the server\'s refusal inside the dialog and keeps what was typed; a new opening starts clean', async () => {
    const { dialog } = await openAddRule({ 'POST /api/ota/rule/add': { status: 400, body: { status: false, message: 'A rule named Spring already exists' } } });
    await user.selectOptions(within(dialog).getByLabelText(/Current Version/), '1.0.0');
    await user.selectOptions(within(dialog).getByLabelText(/Upgrade To/), '2.0.0');
    await user.type(within(dialog).getByLabelText(/Name/), 'Spring');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A rule named Spring already exists');
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Spring');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rule' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Add Rule' }));
    const again = await screen.findByRole('dialog', { name: 'Rule' });
    expect(within(again).queryByRole('alert')).toBeNull();
  });

  it('checks the dialog: versions and name required, different versions, name stops at 40 characters; then adds', async () => {
    const { calls, dialog } = await openAddRule({ 'POST /api/ota/rule/add': messageReply('Rule added successfully', { id: 9 }) });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Current Version is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Upgrade To is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText(/Current Version/), '1.0.0');
    await user.selectOptions(within(dialog).getByLabelText(/Upgrade To/), '1.0.0');
    const name = within(dialog).getByLabelText(/Name/);
    await user.type(name, 'x'.repeat(45));
    expect(name).toHaveValue('x'.repeat(40));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Upgrade To must differ from Current Version')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/ota/rule/add')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText(/Upgrade To/), '2.0.0');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Upgrade' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/ota/rule/add')).toHaveLength(1));
    expect(lastCall(calls, 'POST', '/api/ota/rule/add').body).toEqual({
      from_version: '1.0.0',
      to_version: '2.0.0',
      name: 'x'.repeat(40),
      immediate_update: true,
      deviceType: 'ihd',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rule' })).toBeNull());
  });

  it('offers the versions devices run (with counts, newest first) as Current Version, uploaded ones as Upgrade To', async () => {
    const { dialog } = await openAddRule();
    const from = within(dialog).getByLabelText(/Current Version/);
    await waitFor(() => expect(within(from).getAllByRole('option')).toHaveLength(4));
    expect(within(from).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select', '1.1.0', '1.0.0 · 4 devices', '0.9.8 · 2 devices']);
    const to = within(dialog).getByLabelText(/Upgrade To/);
    expect(within(to).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select', '2.0.0', '1.1.0', '1.0.0']);
  });

  it('a rule to an older version asks for confirmation; No sends nothing, Yes saves it', async () => {
    const { calls, dialog } = await openAddRule({ 'POST /api/ota/rule/add': messageReply('Rule added successfully', { id: 9 }) });
    await waitFor(() => expect(within(within(dialog).getByLabelText(/Current Version/)).getAllByRole('option')).toHaveLength(4));
    await user.selectOptions(within(dialog).getByLabelText(/Current Version/), '1.1.0');
    await user.selectOptions(within(dialog).getByLabelText(/Upgrade To/), '1.0.0');
    await user.type(within(dialog).getByLabelText(/Name/), 'Roll back');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'DOWNGRADE DEVICES' }).catch(() => screen.findByRole('dialog', { name: 'DOWNGRADE DEVICES' }));
    expect(confirm).toHaveTextContent('Upgrade To 1.0.0 is older than Current Version 1.1.0: devices on 1.1.0 will be downgraded. Continue?');
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(callsTo(calls, 'POST', '/api/ota/rule/add')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const again = await screen.findByRole('alertdialog', { name: 'DOWNGRADE DEVICES' }).catch(() => screen.findByRole('dialog', { name: 'DOWNGRADE DEVICES' }));
    expect(await confirmSends(again, calls, 'POST', '/api/ota/rule/add')).toMatchObject({ from_version: '1.1.0', to_version: '1.0.0', name: 'Roll back' });
  });

  it('edits a rule with its id and deletes one after the confirm', async () => {
    const calls = fakeApi({
      'GET /api/ota/rule/list': listReply([rule(3, 'Old rule', { immediate_update: true })]),
      'GET /api/ota/firmware-versions': VERSIONS, 'GET /api/ota/running-versions': RUNNING,
      'PUT /api/ota/rule/update': messageReply('Rule updated successfully'),
      'DELETE /api/ota/rule/delete': messageReply('Rule deleted successfully'),
    });
    renderFirmware('/admin/rules');
    await user.click(await screen.findByRole('button', { name: 'Edit Old rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rule' });
    await waitFor(() => expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Old rule'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/ota/rule/update')).toHaveLength(1));
    expect(lastCall(calls, 'PUT', '/api/ota/rule/update').body).toMatchObject({ id: 3, name: 'Old rule', immediate_update: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rule' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete Old rule' }));
    const confirm = await screen.findByRole('dialog', { name: 'DELETE RULE' });
    expect(await confirmSends(confirm, calls, 'DELETE', '/api/ota/rule/delete')).toEqual({ id: 3, deviceType: 'ihd' });
  });
});

describe('Rules list failures and product switches', () => {
  it('shows the error toast and a Retry when the list cannot be read', async () => {
    let fail = true;
    const calls = fakeApi({
      'GET /api/ota/rule/list': () => (fail ? { status: 500, body: { status: false, message: 'Database is busy', info: null } } : listReply([rule(1, 'Back again')])),
      'GET /api/ota/firmware-versions': VERSIONS, 'GET /api/ota/running-versions': RUNNING,
    });
    renderFirmware('/admin/rules');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is busy');
    await waitFor(() => expect(notifications()).toContainEqual({ messageType: 'error', message: 'Database is busy', timer: 4000 }));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/ota/rule/list').length).toBeGreaterThanOrEqual(2);
  });

  it('reads the list again with the new device type when the product changes', async () => {
    const calls = fakeApi({ 'GET /api/ota/rule/list': listReply([]), 'GET /api/ota/firmware-versions': VERSIONS, 'GET /api/ota/running-versions': RUNNING });
    renderFirmware('/admin/rules');
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/ota/rule/list').query.get('deviceType')).toBe('ihd'));
    act(() => useSelectedProduct.getState().select('bulb'));
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/ota/rule/list').query.get('deviceType')).toBe('bulb'));
    expect(lastCall(calls, 'GET', '/api/ota/firmware-versions').query.get('deviceType')).toBe('bulb');
  });
});
