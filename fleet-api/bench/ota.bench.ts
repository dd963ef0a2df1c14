/**
 * The OTA calls at fleet size: 1,000,000 devices (BENCH_OTA_DEVICES overrides) seeded with
 * seedDemoFleet, on PGlite on disk and on PostgreSQL (ctx.pgUrl). For each database:
 *
 * - p50/p95 of every OTA list through app.inject, each beside the statements the module sends run bare
 *   on the database in the same run (the floor the call cannot beat): `GET /api/ota/devices` (pages of
 *   25 with their exact totals, unfiltered and per filter, sorted), `GET /api/ota/group/all`,
 *   `GET /api/ota/group/info` of a 100,000-device group (unfiltered and filtered), `GET /api/ota/history`
 *   and `GET /api/ota/history/devices` of a push to every upgradable device. The device lists twice:
 *   as consoles repeat them (the total from the count cache) and with every count a cache miss (the
 *   version of ota_devices bumped, untimed, before each run);
 * - the big writes, each through its call and as its bare statements in the same run: a push to every
 *   upgradable device, a 100,000-device group emptied (`all: true`) and filled (`device_ids`), its target
 *   changed, one version removed from it with a filter, a rule over the line's largest version changed,
 *   a 50 MiB firmware uploaded (beside writing 50 MiB with md5) and deleted.
 *
 * BENCH_OTA_PGLITE_DIR reuses (or fills) a PGlite folder across runs; BENCH_OTA_PG_URL a PostgreSQL
 * database; otherwise each run seeds a fresh one and drops it afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { migrate, openDatabase, type Db } from '../src/db';
import { seedDemoFleet } from '../src/seed';
import { pushCounts } from '../src/modules/ota/rollouts';
import type { BenchContext } from './types';
import { onThrowawayPostgres } from './databases';
import { measure as measureRuns, signedInToken } from './measure';

export const name = 'ota';

const DEVICES = Number(process.env.BENCH_OTA_DEVICES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_OTA_RUNS ?? 30);
const WARMUP = 3;
const GROUP_SIZE = Math.min(100_000, Math.floor(DEVICES / 4));
const MIB50 = 50 * 1024 * 1024;

const measure = (fn: () => Promise<unknown>) => measureRuns(fn, { runs: RUNS, warmup: WARMUP });

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return Math.round((performance.now() - t0) * 10) / 10;
}

function multipart(fields: Record<string, string>, file: { name: string; filename: string; content: Buffer }) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/**
 * An OTA device list's page and count as the module sends them, written out bare: the page filter first
 * below 2,000 matches (availability.ts), else one ordered range.
 */
function bareDeviceList(where: string, orderBy: string, filterFirst = false): { page: string; count: string } {
  const columns = `a.device_id AS id, a.device_id, a.serial_number, a.mac_address, a.firmware_version,
                   a.available_firmware, a.upgradable, a.group_id, a.group_name`;
  const all = `WHERE a.device_type = 'livelink' ${where}`;
  return {
    page: filterFirst
      ? `WITH m AS MATERIALIZED (SELECT * FROM ota_devices a ${all}) SELECT ${columns} FROM m a ${orderBy} LIMIT 25`
      : `SELECT ${columns} FROM ota_devices a ${all} ${orderBy} LIMIT 25`,
    // filtered by counted columns alone: a sum of kept counts; else the matching rows
    count: /serial_number|mac_address/.test(where)
      ? `SELECT count(*)::int AS n FROM ota_devices a ${all}`
      : `SELECT coalesce(sum(a.devices), 0)::int AS n FROM ota_device_counts a ${all}`,
  };
}

const NEWEST = 'ORDER BY a.created_at DESC NULLS LAST, a.device_id DESC';

async function benchDatabase(db: Db, label: string, dataDir: string): Promise<Record<string, unknown>> {
  const seedStarted = performance.now();
  const seeded = await seedDemoFleet(db, { devices: DEVICES, log: (m) => console.log(`  ${label} ${m}`) });
  const seedMs = Math.round(performance.now() - seedStarted);
  const app = await buildApp({ db, config: testConfig({ dataDir, logLevel: 'silent' }) });
  try {
    const auth = { authorization: `Bearer ${await signedInToken(app, 'admin@demo.test')}` };
    const call = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
      const res = await app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json() as { info: Record<string, unknown> };
    };

    // Firmware of livelink (small files), rules, and a group of GROUP_SIZE devices (set up in SQL).
    await db.query("DELETE FROM ota_groups WHERE product_line = 'livelink' AND name LIKE 'Bench%'");
    await db.query("DELETE FROM ota_rules WHERE product_line = 'livelink'");
    await db.query("DELETE FROM firmwares WHERE product_line = 'livelink'");
    for (const version of ['3.1.0', '3.2.1', '3.2.5', '3.3.0']) {
      const content = Buffer.from(`bench firmware ${version}`);
      const form = multipart(
        { deviceType: 'livelink', version, md_5_value: md5(content) },
        { name: 'file', filename: `livelink-${version}.bin`, content },
      );
      const res = await app.inject({ method: 'POST', url: '/api/ota/store', headers: { ...auth, ...form.headers }, payload: form.payload });
      if (res.statusCode !== 200) throw new Error(`store ${version}: ${res.body}`);
    }
    await call('POST', '/api/ota/rule/add', { name: 'Bench 3.1.0', from_version: '3.1.0', to_version: '3.3.0', immediate_update: true, deviceType: 'livelink' });
    await call('POST', '/api/ota/rule/add', { name: 'Bench 3.2.1', from_version: '3.2.1', to_version: '3.3.0', immediate_update: false, deviceType: 'livelink' });
    const fillGroup = async (): Promise<number> => {
      // The call needs a selection: one device, then the rest in SQL (setup, not measured).
      const one = (await db.query<{ id: number }>("SELECT id FROM devices WHERE product_line = 'livelink' ORDER BY id LIMIT 1")).rows[0]?.id;
      const created = await call('POST', '/api/ota/group/add', { group_name: 'Bench group', device_ids: [one], all: false, deviceType: 'livelink' });
      const groupId = Number((created.info as { id: number }).id);
      await db.query(
        `INSERT INTO ota_group_devices (group_id, device_id)
         SELECT $1, d.id FROM devices d WHERE d.product_line = 'livelink' ORDER BY d.id LIMIT $2
         ON CONFLICT (device_id) DO UPDATE SET group_id = EXCLUDED.group_id`,
        [groupId, GROUP_SIZE],
      );
      await call('PUT', '/api/ota/group/update-data', { group_id: groupId, target_version: '3.3.0', upgradable: true, deviceType: 'livelink' });
      await db.query('ANALYZE ota_group_devices');
      return groupId;
    };
    const groupId = await fillGroup();
    const lineDevices = (await db.query<{ n: number }>("SELECT count(*) AS n FROM devices WHERE fleet_ota_line(product_line) = 'livelink'")).rows[0]?.n ?? 0;

    const enc = (f: unknown) => encodeURIComponent(JSON.stringify(f));
    const filter = (key: string, value: string) => enc([{ key, value, type: 'single' }]);
    const devicesUrl = '/api/ota/devices?deviceType=livelink&limit=25';
    const groupUrl = `/api/ota/group/info?deviceType=livelink&group_id=${groupId}&limit=25`;
    // the group row of a group's page, as the call reads it before its devices
    const memberCount = "coalesce((SELECT sum(c.devices) FROM ota_member_counts c WHERE c.group_id = g.id AND c.device_type = g.product_line), 0)::bigint";
    const groupRow = `SELECT g.id, g.name, ${memberCount} AS device_count FROM ota_groups g WHERE g.id = ${groupId} AND g.product_line = 'livelink'`;
    // a page near the last of the line sorted by serial number: read from the other end
    const deepPage = Math.max(1, Math.floor(lineDevices / 25) - 10);

    // A push to every upgradable device of the line (the history's lists read it); the jobs of an earlier
    // run's push are cleared first (the seed's pushes are never to all devices).
    await db.query("DELETE FROM ota_pushes WHERE product_line = 'livelink' AND all_devices");
    // its bare statements first (a push row and its jobs, as push.ts writes them), then cleared
    // `uncounted`: 0043's counting trigger off for its transaction (back on before it commits), for what the counters add
    const barePush = (uncounted: boolean) =>
      time(() =>
        db.transaction(async (tx) => {
          if (uncounted) await tx.query('ALTER TABLE ota_jobs DISABLE TRIGGER ota_jobs_counted');
          const pid = (
            await tx.query<{ id: number }>(
              `INSERT INTO ota_pushes (product_line, created_by, target_version, all_devices, device_count, created_at)
               VALUES ('livelink', NULL, '', true, 0, now()) RETURNING id`,
            )
          ).rows[0]?.id;
          await tx.query(
            `INSERT INTO ota_jobs (push_id, device_id, from_version, to_version, state, created_at, updated_at)
             SELECT $1, d.id, d.firmware_version, a.available_firmware, 'queued', now(), now()
               FROM devices d JOIN ota_devices a ON a.device_id = d.id AND a.device_type = 'livelink'
              WHERE d.product_line = ANY('{livelink,ihd_livelink}'::text[]) AND a.upgradable = true
                AND (a.available_firmware IS NOT NULL AND a.available_firmware IS DISTINCT FROM a.firmware_version)
                AND NOT EXISTS (SELECT 1 FROM ota_jobs x WHERE x.device_id = d.id AND x.state IN ('queued', 'downloading'))`,
            [pid],
          );
          if (uncounted) await tx.query('ALTER TABLE ota_jobs ENABLE TRIGGER ota_jobs_counted');
        }),
      );
    // counted, uncounted, counted again: each cleared before the next
    const pushBareRounds: Array<{ counted: boolean; ms: number }> = [];
    for (const counted of [true, false, true]) {
      pushBareRounds.push({ counted, ms: await barePush(!counted) });
      await db.query("DELETE FROM ota_pushes WHERE product_line = 'livelink' AND all_devices");
    }
    const pushBareMs = pushBareRounds[0]?.ms;
    await db.query("DELETE FROM ota_pushes WHERE product_line = 'livelink' AND all_devices");
    const pushStarted = performance.now();
    const pushed = await call('PUT', '/api/ota/update-firmware', { all: true, filter: [{ key: 'upgradable', value: '1', type: 'single' }], deviceType: 'livelink' });
    const pushMs = Math.round(performance.now() - pushStarted);
    const push = pushed.info as { push_id: number; device_count: number };
    // the counters the history reads (0043) against a count of the push's jobs: the figures below are of exact counts
    const kept = (await pushCounts(db, [push.push_id]))[0];
    const countedNow = (
      await db.query<{ queued: number; downloading: number; installed: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE state = 'queued')::int AS queued, count(*) FILTER (WHERE state = 'downloading')::int AS downloading,
                count(*) FILTER (WHERE state = 'installed')::int AS installed, count(*) FILTER (WHERE state = 'failed')::int AS failed
           FROM ota_jobs WHERE push_id = $1`,
        [push.push_id],
      )
    ).rows[0];
    if (!kept || !countedNow || (['queued', 'downloading', 'installed', 'failed'] as const).some((k) => kept[k] !== countedNow[k])) {
      throw new Error(`push ${push.push_id}: kept counts ${JSON.stringify(kept)} differ from its jobs ${JSON.stringify(countedNow)}`);
    }
    await db.query('ANALYZE ota_jobs');
    const jobsCount = (where: string) =>
      `SELECT count(*)::int AS n FROM ota_jobs j ${where.includes('d.') ? 'JOIN devices d ON d.id = j.device_id' : ''} WHERE j.push_id = ${push.push_id} ${where}`;
    // the push's kept counts, as pushCounts reads them: the total of its jobs unfiltered or by state (push.ts, 0043)
    const keptCounts = `SELECT p.id::int AS push_id, p.product_line, coalesce(c.queued, 0)::int AS queued, coalesce(c.downloading, 0)::int AS downloading,
        coalesce(c.installed, 0)::int AS installed, coalesce(c.failed, 0)::int AS failed
      FROM ota_pushes p LEFT JOIN ota_push_counts c ON c.push_id = p.id WHERE p.id = ANY('{${push.push_id}}'::bigint[]) ORDER BY p.id`;
    const jobsPage = (where: string, total = jobsCount(where)) => [
      total,
      `SELECT j.id, j.push_id, j.device_id, d.serial_number, d.mac_address, j.from_version, j.to_version, j.state, j.created_at, j.updated_at
         FROM ota_jobs j JOIN devices d ON d.id = j.device_id WHERE j.push_id = ${push.push_id} ${where} ORDER BY j.id DESC NULLS LAST, j.id DESC LIMIT 25`,
    ];
    const list = (b: { page: string; count: string }) => [b.count, b.page];

    /** `deviceList`: a device list, measured also with every count a cache miss; `countedBare`: the same list counted from the jobs (before 0043), bare. */
    type Case = { name: string; url: string; bare: string[] | ((total: number) => string[]); deviceList?: boolean; countedBare?: string[] };
    /** A device list's case: its query after `base`, and the bare statements' conditions and order (the page as the total makes it). */
    const deviceCase = (name: string, base: string, query: string, where: string, orderBy: string, before: string[] = []): Case => ({
      name,
      url: `${base}${query}`,
      bare: (total) => [...before, ...list(bareDeviceList(where, orderBy, total < 2000))],
      deviceList: true,
    });
    const BY_SERIAL = 'ORDER BY a.serial_number ASC NULLS FIRST, a.device_id ASC';
    const cases: Case[] = [
      deviceCase('devices: page 25, newest first', devicesUrl, '', '', NEWEST),
      deviceCase(
        'devices: page 25, firmware_version = 3.1.0, sorted by serial_number asc',
        devicesUrl,
        `&sortBy=serial_number&orderBy=asc&filter=${filter('firmware_version', '3.1.0')}`,
        "AND a.firmware_version = '3.1.0'",
        BY_SERIAL,
      ),
      deviceCase('devices: page 25, upgradable = 1, newest first', devicesUrl, `&filter=${filter('upgradable', '1')}`, 'AND a.upgradable = true', NEWEST),
      deviceCase(
        'devices: page 25, upgradable = 0, sorted by firmware_version desc',
        devicesUrl,
        `&sortBy=firmware_version&orderBy=desc&filter=${filter('upgradable', '0')}`,
        'AND a.upgradable = false',
        'ORDER BY fleet_version_key(a.firmware_version) DESC NULLS LAST, a.device_id DESC',
      ),
      deviceCase(
        'devices: page 25, available_firmware = 3.3.0, newest first',
        devicesUrl,
        `&filter=${filter('available_firmware', '3.3.0')}`,
        "AND a.available_firmware = '3.3.0'",
        NEWEST,
      ),
      deviceCase('devices: page 25, serial number contains 12345', devicesUrl, `&filter=${filter('serial_number', '12345')}`, "AND a.serial_number LIKE '%12345%'", NEWEST),
      deviceCase(
        `devices: page 25, sorted by serial_number desc, page ${deepPage} (near the last)`,
        devicesUrl,
        `&sortBy=serial_number&orderBy=desc&page=${deepPage}`,
        '',
        `${BY_SERIAL} OFFSET ${Math.max(0, lineDevices - deepPage * 25)}`,
      ),
      {
        // read value by value (availability.ts, pageBySegments): the group names' device counts, then
        // the first value's (no group) devices in id order
        name: 'devices: page 25, sorted by group_name asc',
        url: `${devicesUrl}&sortBy=group_name&orderBy=asc`,
        bare: [
          "SELECT coalesce(sum(a.devices), 0)::int AS n FROM ota_device_counts a WHERE a.device_type = 'livelink'",
          `SELECT s.v, sum(s.n)::int AS n FROM (SELECT sg.name AS v, a.devices AS n FROM ota_device_counts a
             LEFT JOIN ota_groups sg ON sg.id = nullif(a.group_id, 0) WHERE a.device_type = 'livelink') s
            GROUP BY s.v HAVING sum(s.n) > 0 ORDER BY s.v ASC NULLS FIRST`,
          `SELECT a.device_id AS id, a.device_id, a.serial_number, a.mac_address, a.firmware_version, a.available_firmware, a.upgradable,
                  a.group_id, a.group_name FROM ota_devices a WHERE a.device_type = 'livelink'
              AND NOT EXISTS (SELECT 1 FROM ota_group_devices x WHERE x.device_id = a.device_id) ORDER BY a.device_id ASC LIMIT 25`,
        ],
        deviceList: true,
      },
      {
        name: 'groups: page 25, newest first',
        url: '/api/ota/group/all?deviceType=livelink&limit=25',
        bare: [
          "SELECT count(*)::int AS n FROM ota_groups g WHERE g.product_line = 'livelink'",
          `SELECT g.id, g.name, g.created_at, g.current_version, g.target_version, g.upgradable,
                  ${memberCount} AS device_count
             FROM ota_groups g WHERE g.product_line = 'livelink' ORDER BY g.created_at DESC NULLS LAST, g.id DESC LIMIT 25`,
        ],
      },
      deviceCase(`group info: ${GROUP_SIZE}-device group, page 25`, groupUrl, '', `AND a.group_id = ${groupId}`, NEWEST, [groupRow]),
      deviceCase(
        `group info: ${GROUP_SIZE}-device group, serial contains 0000`,
        groupUrl,
        `&filter=${filter('serial_number', '0000')}`,
        `AND a.group_id = ${groupId} AND a.serial_number LIKE '%0000%'`,
        NEWEST,
        [groupRow],
      ),
      deviceCase(
        `group info: ${GROUP_SIZE}-device group, firmware_version = 3.1.0, sorted by serial_number asc`,
        groupUrl,
        `&sortBy=serial_number&orderBy=asc&filter=${filter('firmware_version', '3.1.0')}`,
        `AND a.group_id = ${groupId} AND a.firmware_version = '3.1.0'`,
        BY_SERIAL,
        [groupRow],
      ),
      {
        name: 'history: page 25 of pushes, newest first, with job counts',
        url: '/api/ota/history?deviceType=livelink&limit=25',
        bare: [
          "SELECT count(*)::int AS n FROM ota_pushes p WHERE p.product_line = 'livelink'",
          `SELECT p.id, p.created_at, p.target_version, p.device_count FROM ota_pushes p LEFT JOIN users u ON u.id = p.created_by
            WHERE p.product_line = 'livelink' ORDER BY p.created_at DESC NULLS LAST, p.id DESC LIMIT 25`,
          // the job counts as pushCounts reads them (modules/ota/rollouts.ts: the kept counters, 0043), the page's ids inlined
          `SELECT p.id::int AS push_id, p.product_line, coalesce(c.queued, 0)::int AS queued, coalesce(c.downloading, 0)::int AS downloading,
                  coalesce(c.installed, 0)::int AS installed, coalesce(c.failed, 0)::int AS failed
             FROM ota_pushes p LEFT JOIN ota_push_counts c ON c.push_id = p.id
            WHERE p.id IN (SELECT id FROM ota_pushes WHERE product_line = 'livelink' ORDER BY created_at DESC, id DESC LIMIT 25) ORDER BY p.id`,
        ],
        // the same page's counts counted from the jobs, as before 0043 (one count of each push's jobs): the baseline
        countedBare: [
          `SELECT p.id, c.queued, c.downloading, c.installed, c.failed
             FROM ota_pushes p CROSS JOIN LATERAL (
               SELECT count(*) FILTER (WHERE j.state = 'queued') AS queued, count(*) FILTER (WHERE j.state = 'downloading') AS downloading,
                      count(*) FILTER (WHERE j.state = 'installed') AS installed, count(*) FILTER (WHERE j.state = 'failed') AS failed
                 FROM ota_jobs j WHERE j.push_id = p.id) c
            WHERE p.id IN (SELECT id FROM ota_pushes WHERE product_line = 'livelink' ORDER BY created_at DESC, id DESC LIMIT 25) ORDER BY p.id`,
        ],
      },
      {
        name: `history devices: a ${push.device_count}-device push, page 25`,
        url: `/api/ota/history/devices?deviceType=livelink&push_id=${push.push_id}&limit=25`,
        bare: jobsPage('', keptCounts),
        countedBare: jobsPage(''),
      },
      {
        name: `history devices: a ${push.device_count}-device push, state queued`,
        url: `/api/ota/history/devices?deviceType=livelink&push_id=${push.push_id}&limit=25&filter=${enc([{ key: 'state', value: ['queued'], type: 'multi' }])}`,
        bare: jobsPage("AND j.state = ANY('{queued}'::text[])", keptCounts),
        countedBare: jobsPage("AND j.state = ANY('{queued}'::text[])"),
      },
      {
        name: `history devices: a ${push.device_count}-device push, serial contains 12345`,
        url: `/api/ota/history/devices?deviceType=livelink&push_id=${push.push_id}&limit=25&filter=${filter('serial_number', '12345')}`,
        bare: jobsPage("AND d.serial_number LIKE '%12345%'"),
      },
    ];
    const missCache = () => db.query("UPDATE table_versions SET version = version + 1 WHERE name = 'ota_devices'");
    const calls: Array<Record<string, unknown>> = [];
    for (const c of cases) {
      const first = await call('GET', c.url);
      const info = (first.info.devices ?? first.info) as { total: number; data: unknown[] };
      const viaCall = await measure(() => call('GET', c.url));
      const everyCountAMiss = c.deviceList ? await measureRuns(() => call('GET', c.url), { runs: RUNS, warmup: WARMUP, before: missCache }) : undefined;
      const statements = typeof c.bare === 'function' ? c.bare(info.total) : c.bare;
      const bare = await measure(async () => {
        for (const sql of statements) await db.query(sql);
      });
      const countedBare = c.countedBare;
      const counted = countedBare
        ? await measure(async () => {
            for (const sql of countedBare) await db.query(sql);
          })
        : undefined;
      console.log(
        `  ${label} ${c.name}: call p95 ${viaCall.p95} ms${everyCountAMiss ? `, every count a miss p95 ${everyCountAMiss.p95} ms` : ''}, bare SQL p95 ${bare.p95} ms` +
          `${counted ? `, counted from the jobs p95 ${counted.p95} ms` : ''} (total ${info.total})`,
      );
      calls.push({
        name: c.name,
        total: info.total,
        rows: info.data.length,
        callMs: viaCall,
        ...(everyCountAMiss ? { callEveryCountAMissMs: everyCountAMiss } : {}),
        bareSqlMs: bare,
        ...(counted ? { countsCountedFromJobsBareMs: counted } : {}),
      });
    }

    // The big writes, each through its call and as its bare statements (triggers included: they are
    // part of the write), in the same run. A 100,000-device group emptied and filled again.
    // Twice, call and bare in turn: the first round reads the members' pages cold (the lists ran before).
    const members = (
      await db.query<{ id: number }>("SELECT id::int AS id FROM devices WHERE product_line = 'livelink' ORDER BY id LIMIT $1", [GROUP_SIZE])
    ).rows.map((r) => r.id);
    const removeMs: number[] = [];
    const fillMs: number[] = [];
    const removeBareMs: number[] = [];
    const fillBareMs: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      removeMs.push(await time(() => call('PUT', '/api/ota/group/remove-devices', { group_id: groupId, all: true, deviceType: 'livelink' })));
      fillMs.push(await time(() => call('PUT', '/api/ota/group/add-devices', { group_id: groupId, device_ids: members, deviceType: 'livelink' })));
      removeBareMs.push(await time(() => db.query('DELETE FROM ota_group_devices WHERE group_id = $1', [groupId])));
      fillBareMs.push(
        await time(() =>
          db.query(
            `INSERT INTO ota_group_devices (group_id, device_id) SELECT $1, unnest($2::bigint[])
             ON CONFLICT (device_id) DO UPDATE SET group_id = EXCLUDED.group_id`,
            [groupId, members],
          ),
        ),
      );
    }
    // its target and Update Flag changed (every member's availability)
    const groupUpdate = { group_id: groupId, target_version: '3.2.5', upgradable: true, deviceType: 'livelink' };
    const groupChangeMs = await time(() => call('PUT', '/api/ota/group/update-data', groupUpdate));
    const groupChangeBareMs = await time(() => db.query("UPDATE ota_groups SET target_version = '3.3.0' WHERE id = $1", [groupId]));
    // the devices of one version removed with a filter
    const removeFilteredMs = await time(() =>
      call('PUT', '/api/ota/group/remove-devices', {
        group_id: groupId,
        all: true,
        filter: [{ key: 'firmware_version', value: '3.1.0', type: 'single' }],
        deviceType: 'livelink',
      }),
    );
    const left = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ota_group_devices WHERE group_id = $1', [groupId])).rows[0]?.n;
    // a rule over the line's largest version: its Upgrade ticked off and on
    const rule = (await db.query<{ id: number }>("SELECT id::int AS id FROM ota_rules WHERE product_line = 'livelink' AND from_version = '3.1.0'")).rows[0]?.id;
    const ruleDevices = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM devices WHERE product_line = 'livelink' AND firmware_version = '3.1.0'")).rows[0]?.n;
    const ruleBody = { id: rule, name: 'Bench 3.1.0', from_version: '3.1.0', to_version: '3.3.0', deviceType: 'livelink' };
    const ruleChangeMs = await time(() => call('PUT', '/api/ota/rule/update', { ...ruleBody, immediate_update: false }));
    const ruleChangeBareMs = await time(() => db.query('UPDATE ota_rules SET immediate_update = true WHERE id = $1', [rule]));

    // A 50 MiB firmware through the call, and the floor: the same bytes to disk with md5.
    const big = randomBytes(MIB50);
    const bigMd5 = md5(big);
    const form = multipart({ deviceType: 'livelink', version: '3.9.9', md_5_value: bigMd5 }, { name: 'file', filename: 'big.bin', content: big });
    const uploadMs = await time(async () => {
      const res = await app.inject({ method: 'POST', url: '/api/ota/store', headers: { ...auth, ...form.headers }, payload: form.payload });
      if (res.statusCode !== 200) throw new Error(`50 MiB upload: ${res.statusCode} ${res.body}`);
    });
    // on PostgreSQL the files live in the database (0037), so the app made no folder for the floor's file
    mkdirSync(dataDir, { recursive: true });
    const baselineFile = path.join(dataDir, 'baseline.bin');
    const writeBaselineMs = await time(async () => {
      const hash = createHash('md5');
      const source = Readable.from((function* () {
        for (let i = 0; i < big.length; i += 64 * 1024) {
          const chunk = big.subarray(i, i + 64 * 1024);
          hash.update(chunk);
          yield chunk;
        }
      })());
      await pipeline(source, createWriteStream(baselineFile));
      if (hash.digest('hex') !== bigMd5) throw new Error('baseline md5 differs');
    });
    rmSync(baselineFile, { force: true });
    // the uploaded firmware deleted (its file too), and a firmware row deleted bare
    const uploaded = (await db.query<{ id: number }>("SELECT id::int AS id FROM firmwares WHERE product_line = 'livelink' AND version = '3.9.9'")).rows[0]?.id;
    const deleteFirmwareMs = await time(() => call('DELETE', '/api/ota/delete', { ota_id: uploaded, deviceType: 'livelink' }));
    const spare = (
      await db.query<{ id: number }>("INSERT INTO firmwares (product_line, device_type, version, file_name) VALUES ('livelink', 'livelink', '3.9.8', 'bench.bin') RETURNING id::int AS id")
    ).rows[0]?.id;
    const deleteFirmwareBareMs = await time(() => db.query('DELETE FROM firmwares WHERE id = $1', [spare]));

    return {
      database: label,
      devices: DEVICES,
      livelinkLineDevices: lineDevices,
      seededNow: seeded.seeded,
      seedMs,
      calls,
      writes: {
        what:
          'each write through its call and as its bare statements (triggers included), ms; the group emptied and filled ' +
          'in two rounds (call, call, bare, bare), the first reading the members cold after the lists',
        pushToEveryUpgradable: { devices: push.device_count, callMs: pushMs, bareMs: pushBareMs, bareRoundsCountedAndNot: pushBareRounds },
        emptyGroup: { devices: GROUP_SIZE, callMsTwoRounds: removeMs, bareMsTwoRounds: removeBareMs },
        fillGroup: { devices: GROUP_SIZE, callMsTwoRounds: fillMs, bareMsTwoRounds: fillBareMs },
        groupTargetChange: { devices: GROUP_SIZE, callMs: groupChangeMs, bareMs: groupChangeBareMs },
        removeOneVersionFromGroup: { callMs: removeFilteredMs, left },
        ruleChange: { devices: ruleDevices, callMs: ruleChangeMs, bareMs: ruleChangeBareMs },
        deleteFirmware: { callMs: deleteFirmwareMs, bareMs: deleteFirmwareBareMs },
      },
      upload50MiB: { bytes: MIB50, callMs: uploadMs, writeWithMd5BaselineMs: writeBaselineMs },
    };
  } finally {
    await app.close();
  }
}

/** `migrate`, timed, with the names of the migrations it applied. */
async function timedMigrate(db: Db): Promise<{ applied: string[]; ms: number }> {
  const names = async () => {
    const known = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
    if (!known.rows[0]?.present) return new Set<string>();
    return new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
  };
  const before = await names();
  const ms = await time(() => migrate(db));
  return { applied: [...(await names())].filter((n) => !before.has(n)).sort(), ms };
}

async function onPostgres(adminUrl: string, fn: (db: Db) => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
  if (process.env.BENCH_OTA_PG_URL) {
    const db = await openDatabase({ databaseUrl: process.env.BENCH_OTA_PG_URL });
    try {
      await migrate(db);
      return await fn(db);
    } finally {
      await db.close();
    }
  }
  return onThrowawayPostgres(adminUrl, 'ota', async (db) => {
    await migrate(db);
    return fn(db);
  });
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const files = mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-ota-files-'));
  const results: Record<string, unknown> = {
    what:
      'OTA lists at fleet size through app.inject (routing, auth, validation, SQL, serialisation), each beside the ' +
      'statements the module sends run bare on the database in the same run (count, then page; a group page also reads its ' +
      'group). Pages of 25 with exact totals. The device lists (devices, group info) also with every count a cache miss ' +
      '(callEveryCountAMissMs). The history lists read their totals and counts from the counters kept per push (migration 0043); ' +
      'beside them, the same lists counted from the jobs as before it, bare (countsCountedFromJobsBareMs). PGlite migrationsAtStart: the ' +
      'migrations the kept folder did not have yet, applied and timed at start. ' +
      `p50/p95 in ms over ${RUNS} runs after ${WARMUP} warm-ups; one-off times in ms. ` +
      'Shared 2-core machine: see loadAverage.',
    target: 'every list p95 <= 150 ms (issue 22)',
  };
  try {
    const keep = process.env.BENCH_OTA_PGLITE_DIR;
    const dir = keep ?? mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-ota-pglite-'));
    try {
      console.log(`PGlite on disk (${dir}), ${DEVICES} devices`);
      const db = await openDatabase({ dataDir: dir });
      try {
        // on a kept folder, the migrations it does not have yet (0043 counts its pushes' jobs), timed
        const migrations = await timedMigrate(db);
        console.log(`  pglite migrations applied at start: ${migrations.applied.join(', ') || 'none'} in ${migrations.ms} ms`);
        // the counts 0043 wrote for the folder's pushes, against their jobs
        const differ = await db.query<{ push_id: number }>(
          `SELECT coalesce(c.push_id, j.push_id)::int AS push_id FROM ota_push_counts c FULL JOIN (
             SELECT push_id, count(*) FILTER (WHERE state = 'queued') AS queued, count(*) FILTER (WHERE state = 'downloading') AS downloading,
                    count(*) FILTER (WHERE state = 'installed') AS installed, count(*) FILTER (WHERE state = 'failed') AS failed
               FROM ota_jobs GROUP BY push_id) j ON j.push_id = c.push_id
            WHERE (c.queued, c.downloading, c.installed, c.failed) IS DISTINCT FROM (j.queued, j.downloading, j.installed, j.failed)
              AND (c.queued + c.downloading + c.installed + c.failed > 0 OR j.push_id IS NOT NULL)`,
        );
        if (differ.rows.length > 0) throw new Error(`kept push counts differ from the jobs for pushes ${differ.rows.map((r) => r.push_id).join(', ')}`);
        results.pglite = { migrationsAtStart: migrations, ...(await benchDatabase(db, 'pglite', path.join(files, 'pglite'))) };
      } finally {
        await db.close();
      }
    } finally {
      if (!keep) rmSync(dir, { recursive: true, force: true });
    }
    if (ctx.pgUrl) {
      console.log(`PostgreSQL, ${DEVICES} devices`);
      results.postgres = await onPostgres(ctx.pgUrl, (db) => benchDatabase(db, 'postgres', path.join(files, 'postgres')));
    } else {
      results.postgres = 'not run: no PostgreSQL server (BENCH_DATABASE_URL or scripts/pg-server.sh)';
    }
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
  return results;
}
