// One timeline per device (issue 23): every kind with its time and who made it, newest first, the kind
// filter, paging with an exact total, 404 for a device of another slice under each role's call (as its
// detail call answers), and audit entries about the device (whoever made them) or its OTA group's own fields only.
import { DEVICE_TIMELINE_PATHS, TIMELINE_KINDS, type TimelineEntry, type TimelineKind } from '@fleet/contract';
import { scopeFor } from '../../src/policy/scope';
import { SqlParams } from '../../src/server/sql';
import { answer, appForFile, bearersFor, callerByEmail, DEMO_ACCOUNTS } from '../support/app';

const t = appForFile({}, { devices: 300 });
const ROLES = DEMO_ACCOUNTS.map((a) => a.userType);
const headers = bearersFor(t, ROLES);

interface Page {
  data: TimelineEntry[];
  total: number;
  current_page: number;
  last_page: number;
}

const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 0, minute)).toISOString();
const kindFilter = (kinds: string[]) => encodeURIComponent(JSON.stringify([{ key: 'kind', value: kinds, type: 'multi' }]));

function timeline(role: string, id: number, query = '') {
  return answer<Page>(t.app, headers[role], `${DEVICE_TIMELINE_PATHS[role as keyof typeof DEVICE_TIMELINE_PATHS]}?id=${id}${query}`);
}

/** A device of the role's slice (`inside`) or outside it, of a heat-pump line or not. */
async function deviceOf(role: string, inside: boolean, heatPump?: boolean): Promise<number | null> {
  const account = DEMO_ACCOUNTS.find((a) => a.userType === role);
  const params = new SqlParams();
  const scope = scopeFor(await callerByEmail(t.db, account?.email ?? '')).devices('d', params);
  const line = heatPump === undefined ? 'TRUE' : `d.product_line ${heatPump ? '=' : '<>'} 'heat_pump'`;
  const { rows } = await t.db.query<{ id: number }>(`SELECT d.id::int AS id FROM devices d WHERE ${inside ? '' : 'NOT'} (${scope}) AND ${line} ORDER BY d.id LIMIT 1`, params.values);
  return rows[0]?.id ?? null;
}

describe('a heat pump with an entry of every kind', () => {
  let device = 0;
  let other = 0;
  let adminId = 0;
  // what was written, newest first: [kind, event, at, actor email]
  let written: Array<[TimelineKind, string, string, string | null]> = [];

  beforeAll(async () => {
    const d = await deviceOf('Agency', true, true);
    const o = (await t.db.query<{ id: number }>(`SELECT id::int AS id FROM devices WHERE product_line = 'heat_pump' AND id <> $1 ORDER BY id LIMIT 1`, [d])).rows[0]?.id;
    if (d === null || o === undefined) throw new Error('the seed has no heat pump of the agency');
    device = d;
    other = o;
    adminId = (await callerByEmail(t.db, 'admin@demo.test')).userId;
    const q = (sql: string, values: unknown[]) => t.db.query(sql, values);

    await q(`INSERT INTO faults (device_id, fault_code, fault_description, history_datetime) VALUES ($1, 'E21', 'Low water flow', $2)`, [device, at(1)]);
    await q(
      `INSERT INTO faults (device_id, fault_code, history_datetime, fault_status, resolved_at, resolved_by, resolved_by_name, agent, job_comments)
       VALUES ($1, 'E05', $2, 1, $3, $4, 'Ann Admin', 'Ann', 'pump cleaned')`,
      [device, at(2), at(3), adminId],
    );
    await q(`INSERT INTO heat_pump_events (device_id, at, event) VALUES ($1, $2, 'offline'), ($1, $3, 'online')`, [device, at(4), at(5)]);
    await q(`INSERT INTO heat_pump_events (device_id, at, event, work_state) VALUES ($1, $2, 'work_state', 2)`, [device, at(6)]);
    const push = await t.db.query<{ id: number }>(`INSERT INTO ota_pushes (product_line, created_by, target_version, device_count, created_at) VALUES ('heat_pump', $1, '9.9.9', 1, $2) RETURNING id::int AS id`, [adminId, at(7)]);
    await q(`INSERT INTO ota_jobs (push_id, device_id, from_version, to_version, state, created_at, updated_at) VALUES ($1, $2, '1.0.0', '9.9.9', 'installed', $3, $4)`, [push.rows[0]?.id, device, at(7), at(8)]);
    const rollout = await t.db.query<{ id: number }>(
      `INSERT INTO rollouts (product_line, name, firmware_version, push_id, selection, max_in_flight, max_per_minute, failure_threshold_percent,
                             min_finished, timeout_minutes, max_device_failures, created_by, created_at)
       VALUES ('heat_pump', 'Winter wave', '9.9.9', $1, '{}', 10, 10, 5, 10, 30, 2, $2, $3) RETURNING id::int AS id`,
      [push.rows[0]?.id, adminId, at(9)],
    );
    await q(
      `INSERT INTO rollout_devices (rollout_id, device_id, wave, position, time_zone, state, dispatched_at, finished_at) VALUES ($1, $2, 1, 1, 'Australia/Sydney', 'failed', $3, $4)`,
      [rollout.rows[0]?.id, device, at(10), at(11)],
    );
    await q(`INSERT INTO device_history (device_id, event, serial_number, note, created_at) VALUES ($1, 'replaced', 'HP-NEW-1', 'swapped on site', $2)`, [device, at(12)]);
    // audit entries: an edit by another organisation's user, a bulk move touching it and another heat pump,
    // and entries that are not about it (another heat pump; a customer whose id is the device's)
    const audit = `INSERT INTO audit_entries (created_at, actor_id, actor_email, actor_role, actor_org_kind, actor_org_id, actor_org_name, action, entity, entity_id, label, changes, touched_ids, prev_hash, hash)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, '', '')`;
    await q(audit, [at(13), 987654, 'someone@elsewhere.test', 'Agency', 'agency', 987654, 'Elsewhere Agency', 'update', 'heat_pump', device, 'HP label', JSON.stringify([{ field: 'wifi_name', old: 'a', new: 'b' }]), null]);
    await q(audit, [at(14), adminId, 'admin@demo.test', 'Admin', null, null, null, 'assign', 'heat_pump', null, null, '[]', [device, other]]);
    await q(audit, [at(15), adminId, 'admin@demo.test', 'Admin', null, null, null, 'update', 'heat_pump', other, 'not this one', '[]', null]);
    await q(audit, [at(16), adminId, 'admin@demo.test', 'Admin', null, null, null, 'update', 'customer', device, 'a customer', '[]', [device]]);

    // the device's OTA group: its Update Flag turned on (with a member row of another device in the same write)
    const group = (await t.db.query<{ id: number }>(`INSERT INTO ota_groups (product_line, name, target_version) VALUES ('heat_pump', 'Pilot', '9.9.9') RETURNING id::int AS id`, [])).rows[0]?.id;
    const otherGroup = (await t.db.query<{ id: number }>(`INSERT INTO ota_groups (product_line, name) VALUES ('heat_pump', 'Elsewhere') RETURNING id::int AS id`, [])).rows[0]?.id;
    await q('INSERT INTO ota_group_devices (group_id, device_id) VALUES ($1, $2)', [group, device]);
    const flag = JSON.stringify([{ field: 'upgradable', old: false, new: true }, { field: 'ota_group_devices.device_id', old: null, new: other }]);
    await q(audit, [at(17), adminId, 'admin@demo.test', 'Admin', null, null, null, 'flag_change', 'ota_group', group, 'Pilot', flag, null]);
    await q(audit, [at(18), adminId, 'admin@demo.test', 'Admin', null, null, null, 'flag_change', 'ota_group', otherGroup, 'Elsewhere', JSON.stringify([{ field: 'upgradable', old: false, new: true }]), null]);

    written = [
      ['edit', 'flag_change', at(17), 'admin@demo.test'],
      ['assignment', 'assign', at(14), 'admin@demo.test'],
      ['edit', 'update', at(13), 'someone@elsewhere.test'],
      ['install', 'replaced', at(12), null],
      ['rollout', 'failed', at(11), null],
      ['rollout', 'joined', at(9), 'admin@demo.test'],
      ['ota', 'installed', at(8), 'admin@demo.test'],
      ['ota', 'pushed', at(7), 'admin@demo.test'],
      ['work_state', 'work_state', at(6), null],
      ['connection', 'online', at(5), null],
      ['connection', 'offline', at(4), null],
      ['fault', 'resolved', at(3), 'admin@demo.test'],
      ['fault', 'raised', at(2), null],
      ['fault', 'raised', at(1), null],
    ];
  });

  it('shows every kind newest first with its time and who made it, and nothing about other objects', async () => {
    const page = await timeline('Agency', device, `&limit=${written.length}`);
    expect(page.status).toBe(200);
    expect(page.info.data.map((e) => [e.kind, e.event, e.at, e.actor?.email ?? null])).toEqual(written);
    expect(new Set(page.info.data.map((e) => e.kind))).toEqual(new Set(TIMELINE_KINDS));
    const byKey = (kind: string, event: string) => page.info.data.find((e) => e.kind === kind && e.event === event);
    expect(byKey('edit', 'update')).toMatchObject({
      subject: 'HP label',
      actor: { id: 987654, role: 'Agency', name: 'Elsewhere Agency' },
      changes: [{ field: 'wifi_name', old: 'a', new: 'b' }],
    });
    expect(byKey('edit', 'flag_change')).toMatchObject({ subject: 'Pilot', changes: [{ field: 'upgradable', old: false, new: true }] });
    expect(byKey('fault', 'resolved')).toMatchObject({ subject: 'E05', detail: 'pump cleaned', actor: { id: adminId, name: 'Ann Admin' } });
    expect(byKey('ota', 'pushed')).toMatchObject({ subject: '9.9.9', detail: '1.0.0' });
    expect(byKey('rollout', 'joined')).toMatchObject({ subject: 'Winter wave', detail: 'failed' });
    expect(byKey('work_state', 'work_state')).toMatchObject({ subject: '2' });
    // the other heat pump's entry and the customer's are not the device's
    const all = await timeline('Admin', device, '&limit=500');
    expect(all.info.data.map((e) => e.subject)).not.toContain('not this one');
    expect(all.info.data.map((e) => e.subject)).not.toContain('a customer');
    expect(all.info.data.map((e) => e.subject)).not.toContain('Elsewhere');
    expect(all.info.data.map((e) => e.key)).toEqual([...new Set(all.info.data.map((e) => e.key))]);
  });

  it('filters by kind, with the total of those kinds', async () => {
    const all = await timeline('Admin', device, '&limit=500');
    expect(all.info.total).toBe(all.info.data.length);
    for (const kinds of [['fault'], ['edit', 'assignment'], ['connection', 'ota', 'rollout']]) {
      const page = await timeline('Admin', device, `&limit=500&filter=${kindFilter(kinds)}`);
      const expected = all.info.data.filter((e) => kinds.includes(e.kind));
      expect(expected.length).toBeGreaterThan(0);
      expect(page.info.data).toEqual(expected);
      expect(page.info.total).toBe(expected.length);
    }
    const refused = await timeline('Admin', device, `&filter=${kindFilter(['gossip'])}`);
    expect(refused.status).toBe(400);
    const unknownKey = await timeline('Admin', device, `&filter=${encodeURIComponent(JSON.stringify([{ key: 'actor', value: 'x' }]))}`);
    expect(unknownKey.status).toBe(400);
  });

  it('pages with an exact total: the pages together are the whole timeline (pages past the middle are read from the oldest end)', async () => {
    const all = await timeline('Admin', device, '&limit=500');
    for (const limit of [4, 5]) {
      const last = Math.ceil(all.info.total / limit);
      const pages: TimelineEntry[] = [];
      for (let p = 1; p <= last; p += 1) {
        const page = await timeline('Admin', device, `&limit=${limit}&page=${p}`);
        expect(page.info).toMatchObject({ total: all.info.total, current_page: p, last_page: last });
        pages.push(...page.info.data);
      }
      expect(pages).toEqual(all.info.data);
      const past = await timeline('Admin', device, `&limit=${limit}&page=${last + 1}`);
      expect(past.info).toMatchObject({ data: [], total: all.info.total });
    }
  });
});

describe('scoped as the device is', () => {
  /** The detail call a role's device page reads, answering 404 outside its slice. */
  const detailOf = (role: string, id: number, heatPump: boolean) => {
    if (heatPump) return `/api/heat-pump/info/${id}`;
    const prefix = { Admin: '/api', Agency: '/api/agency', Electrician: '/api/electrician', Customer: '/api/customer', User: '/api/customer' }[role];
    return `${prefix}/device/get-info?device_id=${id}`;
  };

  it.each(DEMO_ACCOUNTS.map((a) => a.userType).filter((r) => r !== 'Admin'))('%s: its own device answers, another slice is 404 as its detail call', async (role) => {
    const heatPump = role === 'mscc' || role === 'sm' || role === 'User';
    const own = await deviceOf(role, true);
    const foreign = await deviceOf(role, false, heatPump);
    if (own === null || foreign === null) throw new Error(`the seed gives ${role} no device inside or outside its slice`);
    expect((await timeline(role, own)).status).toBe(200);
    const refused = await timeline(role, foreign);
    const detail = await answer(t.app, headers[role], detailOf(role, foreign, heatPump));
    expect(detail.status).toBe(404);
    expect(refused).toEqual({ status: 404, message: detail.message, info: undefined });
  });

  it('Admin: a device that does not exist is 404; another role cannot call Admin\'s path', async () => {
    expect((await timeline('Admin', 2_000_000_000)).status).toBe(404);
    const own = await deviceOf('Agency', true);
    const res = await answer(t.app, headers.Agency, `${DEVICE_TIMELINE_PATHS.Admin}?id=${own}`);
    expect(res.status).toBe(403);
  });
});
