// The rollout device list's total (docs/rollouts.md, Measured): from the per-wave counters when the filter
// is none, a state, a wave or both, from a count of rows otherwise; either way, on a rollout whose rows
// are all written, the number of rows the list shows. Creation limits are lowered so the rows are written
// after the add, as at fleet size.
import { addDevices, addFirmware, call, otaAppForFile, q } from '../ota/support';
import { SETUP_TIMEOUT } from '../support/app';
import { creationLimits } from '../../src/modules/rollouts/creation';
import { ROLLOUT_DEVICE_LIST } from '../../src/modules/rollouts/export';
import { RolloutOrchestrator } from '../../src/modules/rollouts/orchestrator';
import { addBody, bulbsOn, startRollout } from './support';

const t = otaAppForFile();
const TARGET = '7.9.0';
const saved = { ...creationLimits };

beforeAll(async () => {
  await addFirmware(t, 'bulb', TARGET);
  creationLimits.writtenAtAdd = 10;
  creationLimits.rowsPerBatch = 20;
}, SETUP_TIMEOUT);
afterAll(() => Object.assign(creationLimits, saved));

type Filter = Array<{ key: string; value: string | number | Array<string | number>; type: 'single' | 'multi' }>;

const listed = async (id: number, filter: Filter, extra: Record<string, unknown> = {}) => {
  const res = await call(t, 'GET', `/api/ota/rollout/devices?${q({ deviceType: 'bulb', rollout_id: id, limit: 500, filter, ...extra })}`);
  expect(res.status).toBe(200);
  return res.body.info as { total: number; last_page: number; data: Array<{ device_id: number; state: string; wave: number; serial_number: string }> };
};

it('answers each filter kind with the count of the rows it lists', async () => {
  const ids = await bulbsOn(t.db, '7.2.1', 30);
  const id = await startRollout(t, addBody('7.2.1', TARGET, { waves: [{ percent: 10 }, { percent: 50 }, { percent: 100 }], max_in_flight: 2 }));
  // counted at add, not written yet: the counters' total says 30, and no row can be listed
  expect(await listed(id, [])).toMatchObject({ total: 30, data: [] });
  await new RolloutOrchestrator(t.db).tick(t.clock.now());
  // every state present: two in flight (the tick), then some moved by hand (the counters' trigger follows)
  await t.db.query(
    `UPDATE rollout_devices SET state = CASE WHEN device_id % 5 = 0 THEN 'installed' WHEN device_id % 5 = 1 THEN 'failed' ELSE 'cancelled' END
      WHERE rollout_id = $1 AND state = 'queued' AND device_id % 7 < 3`,
    [id],
  );
  const serial = (await t.db.query<{ s: string }>('SELECT serial_number AS s FROM devices WHERE id = $1', [ids[3]])).rows[0]?.s ?? '';
  const kinds: Record<string, Filter> = {
    none: [],
    state: [{ key: 'state', value: 'queued', type: 'single' }],
    states: [{ key: 'state', value: ['installed', 'failed', 'in_flight'], type: 'multi' }],
    'unknown state': [{ key: 'state', value: 'lost', type: 'single' }],
    wave: [{ key: 'wave', value: 2, type: 'single' }],
    'state and wave': [
      { key: 'state', value: 'cancelled,queued', type: 'multi' },
      { key: 'wave', value: 3, type: 'single' },
    ],
    'serial search': [{ key: 'serial_number', value: serial, type: 'single' }],
    'serial and state': [
      { key: 'serial_number', value: serial.slice(0, 6), type: 'single' },
      { key: 'state', value: 'queued', type: 'single' },
    ],
    'wave twice': [
      { key: 'wave', value: 1, type: 'single' },
      { key: 'wave', value: 2, type: 'single' },
    ],
  };
  const totals: Record<string, number> = {};
  for (const [kind, filter] of Object.entries(kinds)) {
    const info = await listed(id, filter);
    expect({ kind, total: info.total }).toEqual({ kind, total: info.data.length });
    totals[kind] = info.total;
  }
  // the filters did filter: not all equal, each a part of the whole
  expect(totals).toMatchObject({ none: 30, 'unknown state': 0, 'serial search': 1, 'wave twice': 0 });
  const { rows } = await t.db.query<{ wave: number; state: string; n: number }>(
    'SELECT wave + 1 AS wave, state, count(*)::int AS n FROM rollout_devices WHERE rollout_id = $1 GROUP BY 1, 2',
    [id],
  );
  const sum = (f: (r: { wave: number; state: string }) => boolean) => rows.filter(f).reduce((s, r) => s + r.n, 0);
  expect(totals.state).toBe(sum((r) => r.state === 'queued'));
  expect(totals.states).toBe(sum((r) => ['installed', 'failed', 'in_flight'].includes(r.state)));
  expect(totals.wave).toBe(sum((r) => r.wave === 2));
  expect(totals['state and wave']).toBe(sum((r) => r.wave === 3 && ['cancelled', 'queued'].includes(r.state)));
  expect(totals.states).toBeGreaterThan(0);
  expect(totals['state and wave']).toBeGreaterThan(0);
});

it('pages in position order both ways, the total the same on every page', async () => {
  await bulbsOn(t.db, '7.2.2', 12);
  const id = await startRollout(t, addBody('7.2.2', TARGET, { waves: [{ percent: 50 }, { percent: 100 }] }));
  await new RolloutOrchestrator(t.db).tick(t.clock.now());
  const { rows } = await t.db.query<{ device_id: number }>('SELECT device_id::int AS device_id FROM rollout_devices WHERE rollout_id = $1 ORDER BY position DESC', [id]);
  const pages = [];
  for (const page of [1, 2, 3]) pages.push(await listed(id, [], { limit: 5, page }));
  expect(pages.map((p) => [p.total, p.last_page])).toEqual([
    [12, 3],
    [12, 3],
    [12, 3],
  ]);
  expect(pages.flatMap((p) => p.data.map((d) => d.device_id))).toEqual(rows.map((r) => r.device_id));
  const ascending = await listed(id, [{ key: 'wave', value: 1, type: 'single' }], { orderBy: 'asc' });
  const first = await t.db.query<{ device_id: number }>(
    'SELECT device_id::int AS device_id FROM rollout_devices WHERE rollout_id = $1 AND wave = 0 ORDER BY position',
    [id],
  );
  expect(first.rows).toHaveLength(6);
  expect(ascending.data.map((d) => d.device_id)).toEqual(first.rows.map((r) => r.device_id));
  // past the last page: no rows, the total still said
  expect(await listed(id, [], { limit: 5, page: 4 })).toMatchObject({ total: 12, data: [] });
});

it('counts a from_version filter from the versions counted at placement (0044), the rows it lists', async () => {
  await bulbsOn(t.db, '7.2.4', 9);
  await bulbsOn(t.db, '7.2.5', 6);
  const id = await startRollout(t, addBody('7.2.4', TARGET, { from_versions: ['7.2.4', '7.2.5'], waves: [{ percent: 50 }, { percent: 100 }] }));
  await new RolloutOrchestrator(t.db).tick(t.clock.now());
  const kept = await t.db.query<{ wave: number; from_version: string; devices: number }>(
    'SELECT wave + 1 AS wave, from_version, devices FROM rollout_version_counts WHERE rollout_id = $1 ORDER BY 1, 2',
    [id],
  );
  expect(kept.rows.reduce((n, r) => n + r.devices, 0)).toBe(15);
  const version = (v: string): Filter[number] => ({ key: 'from_version', value: v, type: 'single' });
  const kinds: Record<string, Filter> = {
    'one version': [version('7.2.4')],
    'the other': [version('7.2.5')],
    'a version and a wave': [version('7.2.5'), { key: 'wave', value: 2, type: 'single' }],
    'no such version': [version('0.0.1')],
    // not split by state: counted from the rows
    'a version and a state': [version('7.2.4'), { key: 'state', value: 'queued', type: 'single' }],
  };
  const totals: Record<string, number> = {};
  for (const [kind, filter] of Object.entries(kinds)) {
    const info = await listed(id, filter);
    expect({ kind, total: info.total }).toEqual({ kind, total: info.data.length });
    totals[kind] = info.total;
  }
  const inWave2 = kept.rows.filter((r) => r.wave === 2 && r.from_version === '7.2.5').reduce((n, r) => n + r.devices, 0);
  expect(totals).toMatchObject({ 'one version': 9, 'the other': 6, 'a version and a wave': inWave2, 'no such version': 0 });
  expect(inWave2).toBeGreaterThan(0);

  // the total is the kept count, not a count of the rows: a count changed behind the list's back shows
  await t.db.query("UPDATE rollout_version_counts SET devices = devices + 100 WHERE rollout_id = $1 AND from_version = '7.2.5' AND wave = 1", [id]);
  expect((await listed(id, [version('7.2.5')])).total).toBe(106);
  // a rollout without counts (placed before 0044) counts its rows
  await t.db.query('DELETE FROM rollout_version_counts WHERE rollout_id = $1', [id]);
  expect((await listed(id, [version('7.2.5')])).total).toBe(6);
});

it('counts a firmware_version filter from the versions counted once the rows are written and kept by the database (0045) through installs, edits and deletes', async () => {
  // each rollout's rows per wave and version their device runs now, counted from the rows
  const recounted = async () =>
    (
      await t.db.query<{ rollout_id: number; wave: number; firmware_version: string; devices: number }>(
        `SELECT rd.rollout_id::int AS rollout_id, rd.wave, d.firmware_version, count(*)::int AS devices
           FROM rollout_devices rd JOIN rollouts r ON r.id = rd.rollout_id JOIN devices d ON d.id = rd.device_id AND d.product_line = r.product_line
          WHERE d.firmware_version IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      )
    ).rows;
  const kept = async () =>
    (
      await t.db.query<{ rollout_id: number; wave: number; firmware_version: string; devices: number }>(
        `SELECT rollout_id::int AS rollout_id, wave, firmware_version, devices FROM rollout_current_version_counts
          WHERE devices <> 0 ORDER BY 1, 2, 3`,
      )
    ).rows;
  const version = (v: string): Filter[number] => ({ key: 'firmware_version', value: v, type: 'single' });
  const ids = [...(await bulbsOn(t.db, '7.3.4', 9)), ...(await bulbsOn(t.db, '7.3.5', 6))];
  const id = await startRollout(t, addBody('7.3.4', TARGET, { from_versions: ['7.3.4', '7.3.5'], waves: [{ percent: 50 }, { percent: 100 }] }));
  // while the rows are being written, the total is the rows written so far (the list's rows)
  expect((await listed(id, [version('7.3.4')])).total).toBe(0);
  await new RolloutOrchestrator(t.db).tick(t.clock.now());
  expect(await kept()).toEqual(await recounted());

  const totalsMatchRows = async (label: string) => {
    for (const filter of [[version('7.3.4')], [version('7.3.5')], [version(TARGET)], [version('7.3.5'), { key: 'wave', value: 2, type: 'single' } as const], [version('0.0.1')]]) {
      const info = await listed(id, filter);
      expect({ label, filter, total: info.total }).toEqual({ label, filter, total: info.data.length });
    }
    expect({ label, kept: await kept() }).toEqual({ label, kept: await recounted() });
  };
  await totalsMatchRows('written');
  expect((await listed(id, [version('7.3.4')])).total).toBe(9);

  // installs (one statement, several devices), an edit that keeps the version, a device moved to another
  // line (out of the list), a device deleted, a device with no version
  await t.db.query('UPDATE devices SET firmware_version = $2 WHERE id = ANY($1::bigint[])', [ids.slice(0, 4), TARGET]);
  await totalsMatchRows('installed');
  expect((await listed(id, [version(TARGET)])).total).toBe(4);
  await t.db.query("UPDATE devices SET serial_number = serial_number || 'e' WHERE id = $1", [ids[5]]);
  await t.db.query("UPDATE devices SET product_line = 'safelink' WHERE id = $1", [ids[6]]);
  await t.db.query('DELETE FROM devices WHERE id = $1', [ids[10]]);
  await t.db.query('UPDATE devices SET firmware_version = NULL WHERE id = $1', [ids[11]]);
  await totalsMatchRows('edited');
  expect((await listed(id, [version('7.3.4')])).total).toBe(4);
  expect((await listed(id, [version('7.3.5')])).total).toBe(4);
  await t.db.query("UPDATE devices SET product_line = 'bulb' WHERE id = $1", [ids[6]]);
  expect((await listed(id, [version('7.3.4')])).total).toBe(5);

  // a second rollout of the same devices once the first is over: a version change moves both
  expect((await call(t, 'PUT', '/api/ota/rollout/abort', { rollout_id: id, deviceType: 'bulb' })).status).toBe(200);
  const second = await startRollout(t, addBody('7.3.4', TARGET));
  await new RolloutOrchestrator(t.db).tick(t.clock.now());
  await t.db.query('UPDATE devices SET firmware_version = $2 WHERE id = ANY($1::bigint[])', [ids.slice(4, 9), '7.3.6']);
  expect(await kept()).toEqual(await recounted());
  // the devices still in flight in the first are left out of the second
  const inSecond = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rollout_devices WHERE rollout_id = $1 AND device_id = ANY($2::bigint[])', [second, ids.slice(4, 9)])).rows[0]?.n ?? 0;
  expect(inSecond).toBeGreaterThan(0);
  expect((await listed(second, [version('7.3.6')])).total).toBe(inSecond);
  expect((await listed(id, [version('7.3.6')])).total).toBe(5);

  // the total is the kept count, not a count of the rows: a count changed behind the list's back shows
  await t.db.query("UPDATE rollout_current_version_counts SET devices = devices + 100 WHERE rollout_id = $1 AND firmware_version = '7.3.6'", [second]);
  expect((await listed(second, [version('7.3.6')])).total).toBe(inSecond + 100);
  // a rollout not counted yet (its rows still being written) counts its rows
  await t.db.query('DELETE FROM rollout_versions_counted WHERE rollout_id = $1', [second]);
  expect((await listed(second, [version('7.3.6')])).total).toBe(inSecond);
});

it('lists and counts every device of an OTA line of two product lines (livelink and ihd_livelink)', async () => {
  await addFirmware(t, 'livelink', '7.9.1');
  await addDevices(t.db, 'livelink', 'LLx', '7.2.3', 3);
  await addDevices(t.db, 'ihd_livelink', 'ILx', '7.2.3', 4);
  const id = await startRollout(t, addBody('7.2.3', '7.9.1', { deviceType: 'livelink' }));
  await new RolloutOrchestrator(t.db).tick(t.clock.now());
  const res = await call(t, 'GET', `/api/ota/rollout/devices?${q({ deviceType: 'livelink', rollout_id: id, sortBy: 'serial_number', orderBy: 'desc' })}`);
  expect(res.body.info.total).toBe(7);
  const serials = res.body.info.data.map((d: { serial_number: string }) => d.serial_number);
  expect(serials).toHaveLength(7);
  expect(serials).toEqual([...serials].sort().reverse());
});

describe('every sort, each way, under each filter kind (migration 0042)', () => {
  let id = 0;
  // each sort's column read where it lives: the device's serial, MAC and version from the device itself,
  // not from the copies the list sorts by (0047), so a copy that fell behind its device fails the order
  const SORTS: Record<string, string> = {
    ...ROLLOUT_DEVICE_LIST.sortable,
    serial_number: 'd.serial_number',
    mac_address: 'd.mac_address',
    firmware_version: 'fleet_version_key(d.firmware_version)',
  };
  // each kind of page: the counters' total (none, several states, state and wave) and a counted one
  const FILTERS: Record<string, { filter: Filter; where: string }> = {
    none: { filter: [], where: 'true' },
    'several states': { filter: [{ key: 'state', value: ['failed', 'in_flight', 'installed'], type: 'multi' }], where: "rd.state IN ('failed', 'in_flight', 'installed')" },
    'state and wave': {
      filter: [
        { key: 'state', value: ['queued', 'cancelled'], type: 'multi' },
        { key: 'wave', value: 2, type: 'single' },
      ],
      where: "rd.state IN ('queued', 'cancelled') AND rd.wave = 1",
    },
    // a filter of the rollout's own row that no sort index holds: its pages are still found from rollout_devices alone
    'a version then and one state': {
      filter: [
        { key: 'from_version', value: '7.2.4', type: 'single' },
        { key: 'state', value: ['queued'], type: 'multi' },
      ],
      where: "rd.from_version = '7.2.4' AND rd.state = 'queued'",
    },
    'serial search': { filter: [{ key: 'serial_number', value: 'RB724x0000', type: 'single' }], where: "d.serial_number LIKE '%RB724x0000%'" },
    // the kept counts per version a device runs (0045), after the versions below changed
    'a version now': { filter: [{ key: 'firmware_version', value: '7.10.0', type: 'single' }], where: "d.firmware_version = '7.10.0'" },
  };

  beforeAll(async () => {
    const devices = await bulbsOn(t.db, '7.2.4', 40);
    id = await startRollout(t, addBody('7.2.4', TARGET, { waves: [{ percent: 30 }, { percent: 100 }], max_in_flight: 12 }));
    // the first wave's 12 in flight, the second's 28 queued
    await new RolloutOrchestrator(t.db).tick(t.clock.now());
    // states, attempts, times and versions with ties and NULLs, so each sort has something to order and break
    await t.db.query(
      `UPDATE rollout_devices SET state = CASE device_id % 4 WHEN 0 THEN 'installed' WHEN 1 THEN 'failed' ELSE state END,
              failures = device_id % 3, finished_at = CASE WHEN device_id % 4 < 2 THEN timestamp '2026-11-02 10:00' + (device_id % 2) * interval '1 minute' END
        WHERE rollout_id = $1 AND state = 'in_flight'`,
      [id],
    );
    await t.db.query("UPDATE rollout_devices SET state = 'cancelled' WHERE rollout_id = $1 AND state = 'queued' AND device_id % 5 = 0", [id]);
    await t.db.query("UPDATE devices SET firmware_version = CASE id % 3 WHEN 0 THEN '7.10.0' WHEN 1 THEN '7.9.0' END WHERE id = ANY($1::bigint[])", [devices]);
    // serials and MACs edited after the rows were written (a serial moved to the front, MACs gone), so the
    // rows' copies must follow their devices for the serial and MAC orders to hold
    await t.db.query("UPDATE devices SET serial_number = 'A' || serial_number, mac_address = CASE WHEN id % 2 = 0 THEN NULL ELSE mac_address END WHERE id = ANY($1::bigint[]) AND id % 6 < 2", [devices]);
  }, SETUP_TIMEOUT);

  it.each(Object.keys(FILTERS))('%s: pages of 8 in every order are the rows in that order, the total their count', async (kind) => {
    const { filter, where } = FILTERS[kind]!;
    for (const [sortBy, sql] of Object.entries(SORTS)) {
      for (const dir of ['asc', 'desc']) {
        const nulls = dir === 'desc' ? 'NULLS LAST' : 'NULLS FIRST';
        // ties by the rollout's order
        const tie = 'rd.position';
        // the order written out on the rollout's rows joined to devices, not as the list builds it
        const expected = (
          await t.db.query<{ device_id: number }>(
            `SELECT rd.device_id::int AS device_id FROM rollout_devices rd JOIN devices d ON d.id = rd.device_id
              WHERE rd.rollout_id = $1 AND ${where} ORDER BY ${sql} ${dir} ${nulls}, ${tie} ${dir}`,
            [id],
          )
        ).rows.map((r) => r.device_id);
        // more than a page, so the pages past the middle (read from the end) are checked too
        expect({ kind, more: expected.length > 8 }).toEqual({ kind, more: true });
        const first = await listed(id, filter, { sortBy, orderBy: dir, limit: 8 });
        const pages = [first];
        for (let page = 2; page <= first.last_page; page += 1) pages.push(await listed(id, filter, { sortBy, orderBy: dir, limit: 8, page }));
        const seen = { kind, sortBy, dir, totals: pages.map((p) => p.total), rows: pages.flatMap((p) => p.data.map((d) => d.device_id)) };
        expect(seen).toEqual({ kind, sortBy, dir, totals: pages.map(() => expected.length), rows: expected });
      }
    }
  });
});
