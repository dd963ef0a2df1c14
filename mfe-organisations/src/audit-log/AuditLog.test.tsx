import type { AuditEntryInfo, AuditEntryRow, AuditVerification, SecurityEventRow } from '@fleet/contract';
import type { UserType } from '@fleet/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, filterOf, lastCall, listReply, messageReply, notifications, renderOrganisations, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
beforeEach(resetPage);

const FLAG_CHANGE: AuditEntryRow = {
  id: 5,
  created_at: '2026-11-26T22:15:00.000Z',
  actor: { id: 1, email: 'admin@fleet.test', role: 'Admin', organisation: null },
  action: 'flag_change',
  entity: 'ota_group',
  entity_id: 12,
  label: 'Pilot pumps',
  changes: [
    { field: 'update_flag', old: false, new: true },
    { field: 'note', old: null, new: 'night run' },
    { field: 'name', old: 'Pilot', new: 'Pilot pumps' },
  ],
  ip: '10.0.0.4',
  request_id: 'req-42',
};
const PASSWORD_CHANGE: AuditEntryRow = {
  id: 4,
  created_at: '2026-11-26T21:00:00.000Z',
  actor: { id: 9, email: 'ops@harbour.test', role: 'Agency', organisation: { kind: 'agency', id: 3, name: 'Harbour Electrical' } },
  action: 'update',
  entity: 'user',
  entity_id: 9,
  label: 'ops@harbour.test',
  changes: [{ field: 'password_hash', old: null, new: 'changed' }],
  ip: null,
  request_id: 'req-41',
};
const BULK_MOVE: AuditEntryInfo = {
  ...FLAG_CHANGE,
  user_agent: 'Mozilla/5.0 Chromium',
  route: 'PUT /api/ota/group/edit/12',
  bulk: { filter: { group_id: 12 }, count: 3 },
  touched_ids: [101, 102, 103],
  seq: 77,
  hash: 'ab12',
};

describe('Audit Log', () => {
  it("Admin's list: the whole trail in the product's words, filters in the URL and into the call", async () => {
    signInAs('Admin');
    const calls = fakeApi({ 'GET /api/audit/list': listReply([FLAG_CHANGE, PASSWORD_CHANGE]) });
    const page = renderOrganisations('/admin/audit-log');
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    expect(await within(table).findByText('admin@fleet.test')).toBeInTheDocument();
    expect(within(table).getByText('Flag changed')).toBeInTheDocument();
    expect(within(table).getByText('OTA Group')).toBeInTheDocument();
    expect(within(table).getByText('Pilot pumps · #12')).toBeInTheDocument();
    expect(within(table).getByText('update_flag: false → true')).toBeInTheDocument();
    expect(within(table).getByText('+1 more')).toBeInTheDocument();
    expect(within(table).getByText('Agency · Agency: Harbour Electrical')).toBeInTheDocument();
    expect(within(table).getByText('password_hash: changed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('Who (Email)'), 'admin@');
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Object Type' }), 'OTA Group');
    await user.type(within(drawer).getByLabelText('Object ID'), '1x2');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    const expected = [
      { key: 'actor', value: 'admin@', type: 'single' },
      { key: 'entity', value: 'ota_group', type: 'single' },
      { key: 'entity_id', value: '12', type: 'single' },
    ];
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/audit/list'))).toEqual(expected));
    await user.click(within(screen.getByRole('columnheader', { name: /Object/ })).getByRole('button'));
    await waitFor(() => expect(page.location().search).toContain('sortBy=entity'));
    // the URL keeps them: the same address read afresh sends the same filter and sort
    const address = `${page.location().pathname}${page.location().search}`;
    page.unmount();
    renderOrganisations(address);
    await screen.findByRole('table', { name: 'Audit Log' });
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/audit/list'))).toEqual(expected));
    expect(lastCall(calls, 'GET', '/api/audit/list').query.get('sortBy')).toBe('entity');
  });

  it("a row's entry in a drawer: each field's before and after, a secret as changed, where it came from and a bulk write's ids", async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/audit/list': listReply([FLAG_CHANGE, PASSWORD_CHANGE]),
      'GET /api/audit/info': (call) => messageReply('History', call.query.get('id') === '4' ? { ...BULK_MOVE, ...PASSWORD_CHANGE, bulk: null, touched_ids: [] } : BULK_MOVE),
    });
    renderOrganisations('/admin/audit-log');
    const rows = await screen.findByRole('table', { name: 'Audit Log' });
    await user.click(await within(rows).findByRole('button', { name: 'View #5' }));
    const entry = await screen.findByRole('dialog', { name: 'Audit entry 5' });
    const changes = await within(entry).findByRole('table', { name: 'Changes' });
    expect(within(changes).getByRole('row', { name: 'update_flag false true' })).toBeInTheDocument();
    expect(within(changes).getByRole('row', { name: 'note (empty) night run' })).toBeInTheDocument();
    for (const fact of ['PUT /api/ota/group/edit/12', 'req-42', '10.0.0.4', 'Mozilla/5.0 Chromium', '101, 102, 103', '{"group_id":12}']) {
      expect(within(entry).getByText(fact)).toBeInTheDocument();
    }
    expect(lastCall(calls, 'GET', '/api/audit/info').query.get('id')).toBe('5');
    await user.click(within(entry).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Audit entry 5' })).toBeNull());

    await user.click(within(rows).getByRole('button', { name: 'View #4' }));
    const second = await screen.findByRole('dialog', { name: 'Audit entry 4' });
    const secret = await within(second).findByRole('table', { name: 'Changes' });
    expect(within(secret).getByRole('row', { name: 'password_hash changed' })).toBeInTheDocument();

    // from an entry to every entry about its object
    await user.click(within(second).getByRole('button', { name: 'All entries about this object' }));
    await waitFor(() =>
      expect(filterOf(lastCall(calls, 'GET', '/api/audit/list'))).toEqual([
        { key: 'entity', value: 'user', type: 'single' },
        { key: 'entity_id', value: '9', type: 'single' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Audit entry 4' })).toBeNull());
  });

  it.each<[UserType, string, string]>([
    ['Agency', '/agency/audit-log', '/api/agency/audit/list'],
    ['Electrician', '/electrician/audit-log', '/api/electrician/audit/list'],
    ['mscc', '/multisite/audit-log', '/api/mscc/audit/list'],
    ['sm', '/sitemanager/audit-log', '/api/sm/audit/list'],
  ])('%s reads its own slice at %s, without the chain check or the security events', async (role, path, call) => {
    signInAs(role);
    const calls = fakeApi({ [`GET ${call}`]: listReply([PASSWORD_CHANGE]) });
    renderOrganisations(path);
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    expect(await within(table).findByText('password_hash: changed')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/audit/list')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Verify chain' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Security Events' })).toBeNull();
  });

  it("a date range is whole days of the page's time zone: the call carries the browser's zone, the address does not", async () => {
    const zone = jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...new Intl.DateTimeFormat().resolvedOptions(), timeZone: 'Australia/Sydney' });
    signInAs('Admin');
    const calls = fakeApi({ 'GET /api/audit/list': listReply([FLAG_CHANGE]), 'GET /api/audit/security-events': listReply([]) });
    const page = renderOrganisations('/admin/audit-log?created_at[]=04-10-2026&created_at[]=05-10-2026&actor=admin%40');
    await screen.findByRole('table', { name: 'Audit Log' });
    await waitFor(() =>
      expect(filterOf(lastCall(calls, 'GET', '/api/audit/list'))).toEqual([
        { key: 'created_at', value: '04-10-2026', end_value: '05-10-2026', type: 'single' },
        { key: 'actor', value: 'admin@', type: 'single' },
        { key: 'time_zone', value: 'Australia/Sydney', type: 'single' },
      ]),
    );
    expect(page.location().search).not.toContain('time_zone');
    // the security events' date too (a list without a date sends no zone: the tests above)
    page.unmount();
    renderOrganisations('/admin/audit-log/security-events?created_at[]=01-04-2026');
    await screen.findByRole('table', { name: 'Security Events' });
    await waitFor(() =>
      expect(filterOf(lastCall(calls, 'GET', '/api/audit/security-events'))).toEqual([
        { key: 'created_at', value: '01-04-2026', type: 'single' },
        { key: 'time_zone', value: 'Australia/Sydney', type: 'single' },
      ]),
    );
    zone.mockRestore();
  });

  it.each<[UserType, string, string]>([
    ['Admin', '/admin/audit-log', '/api/audit/export'],
    ['sm', '/sitemanager/audit-log', '/api/sm/audit/export'],
  ])("%s exports the whole filtered list as a job from the title bar (the area's call, its filter, sort and zone) and gets Audit Log.csv", async (role, path, call) => {
    const zone = jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...new Intl.DateTimeFormat().resolvedOptions(), timeZone: 'Asia/Kolkata' });
    const clicks = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    signInAs(role);
    const calls = fakeApi({
      [`GET ${role === 'Admin' ? '/api/audit/list' : '/api/sm/audit/list'}`]: listReply([FLAG_CHANGE]),
      [`POST ${call}`]: messageReply('Export started', { id: 8, status: 'running', total: 1, rows_written: 0, download_link: null, error: null }),
      'GET /api/export/8': messageReply('Export', { id: 8, status: 'done', total: 1, rows_written: 1, download_link: '/api/export/download/8/csv?expires=1&signature=x', error: null }),
    });
    renderOrganisations(`${path}?entity=ota_group&created_at[]=26-11-2026&sortBy=action&orderBy=asc`);
    await screen.findByRole('table', { name: 'Audit Log' });
    await user.click(screen.getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(callsTo(calls, 'POST', call)).toHaveLength(1));
    expect(lastCall(calls, 'POST', call).body).toEqual({
      filter: JSON.stringify([
        { key: 'entity', value: 'ota_group', type: 'single' },
        { key: 'created_at', value: '26-11-2026', type: 'single' },
        { key: 'time_zone', value: encodeURIComponent('Asia/Kolkata'), type: 'single' },
      ]),
      sortBy: 'action',
      orderBy: 'asc',
    });
    expect(await screen.findByRole('link', { name: /Audit Log\.csv/ })).toBeInTheDocument();
    expect(clicks).toHaveBeenCalledTimes(1);
    clicks.mockRestore();
    zone.mockRestore();
  });

  it('Verify chain says the trail is intact, or names the first entry that does not match', async () => {
    signInAs('Admin');
    const answers: AuditVerification[] = [
      { intact: true, checked: 1200, first_broken: null },
      { intact: false, checked: 1200, first_broken: { id: 31, seq: 30, reason: 'hash' } },
    ];
    const calls = fakeApi({
      'GET /api/audit/list': listReply([FLAG_CHANGE]),
      'GET /api/audit/verify': () => messageReply('History', answers.shift()),
    });
    renderOrganisations('/admin/audit-log');
    await user.click(await screen.findByRole('button', { name: 'Verify chain' }));
    // a status line of its own (the export's is another)
    expect(await screen.findByText('The audit trail is intact: 1200 entries checked.')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText('The audit trail was changed at entry 31 (sequence 30): its content does not match its hash.')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/audit/verify')).toHaveLength(2);
  });

  it("Admin's security events: the refused sign-ins with their filters, a tab beside the Audit Log", async () => {
    signInAs('Admin');
    const event: SecurityEventRow = {
      id: 8,
      created_at: '2026-11-26T20:00:00.000Z',
      kind: 'sign_in_refused',
      email: 'intruder@example.test',
      user_id: null,
      ip: '203.0.113.9',
      user_agent: 'curl/8',
      request_id: 'req-9',
      route: 'POST /api/auth/login',
      status: 401,
    };
    const calls = fakeApi({ 'GET /api/audit/list': listReply([FLAG_CHANGE]), 'GET /api/audit/security-events': listReply([event]) });
    const page = renderOrganisations('/admin/audit-log');
    await user.click(await screen.findByRole('link', { name: 'Security Events' }));
    await waitFor(() => expect(page.location().pathname).toBe('/admin/audit-log/security-events'));
    const table = await screen.findByRole('table', { name: 'Security Events' });
    expect(await within(table).findByText('Sign-in refused')).toBeInTheDocument();
    expect(within(table).getByText('203.0.113.9')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByText('Token refused'));
    await user.type(within(drawer).getByLabelText('IP Address'), '203.0.113.9');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(filterOf(lastCall(calls, 'GET', '/api/audit/security-events'))).toEqual([
        { key: 'kind', value: 'token_refused', type: 'single' },
        { key: 'ip', value: '203.0.113.9', type: 'single' },
      ]),
    );
  });

  it("Admin ends every session of an account from its security event, after a confirmation; an unknown address's event offers nothing", async () => {
    signInAs('Admin');
    const base: SecurityEventRow = { id: 9, created_at: '2026-11-26T20:00:00.000Z', kind: 'token_refused', email: 'ops@harbour.test', user_id: 9, ip: '203.0.113.9', user_agent: 'curl/8', request_id: 'req-10', route: 'GET /api/agency/devices', status: 401 };
    const unknown: SecurityEventRow = { ...base, id: 10, kind: 'sign_in_refused', email: 'nobody@example.test', user_id: null };
    const calls = fakeApi({
      'GET /api/audit/security-events': listReply([base, unknown]),
      'DELETE /api/user/sessions': messageReply('2 sessions ended', { ended: 2 }),
    });
    renderOrganisations('/admin/audit-log/security-events');
    const table = await screen.findByRole('table', { name: 'Security Events' });
    expect(await within(table).findAllByRole('button', { name: /^End all sessions of/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'End all sessions of ops@harbour.test' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/End every signed-in session of ops@harbour.test\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(callsTo(calls, 'DELETE', '/api/user/sessions')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'End all sessions of ops@harbour.test' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/user/sessions')).toHaveLength(1));
    expect(callsTo(calls, 'DELETE', '/api/user/sessions')[0]?.body).toEqual({ user_id: 9 });
    await waitFor(() => expect(notifications()).toContainEqual(expect.objectContaining({ messageType: 'success', message: '2 sessions ended' })));
  });
});
