/**
 * The OTA calls at fleet size: 1,000,000 devices (BENCH_OTA_DEVICES overrides) seeded with
 * seedDemoFleet, on PGlite on disk and on PostgreSQL (ctx.pgUrl). For each database:
 *
 * - p50/p95 of `GET /api/ota/devices` (page of 25 with its exact total: default order, filtered and
 *   sorted) and `GET /api/ota/group/info` of a 100,000-device group, through app.inject, each beside
 *   the same SQL run bare on the database in the same run (the floor the call cannot beat);
 * - the time to remove every device of a 100,000-device group (`all: true`) through the call;
 * - the time to upload a 50 MiB firmware through the call, beside writing 50 MiB to disk with md5.
 *
 * BENCH_OTA_PGLITE_DIR reuses (or fills) a PGlite folder across runs; BENCH_OTA_PG_URL a PostgreSQL
 * database; otherwise each run seeds a fresh one and drops it afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { migrate, openDatabase, type Db } from '../src/db';
import { seedDemoFleet } from '../src/seed';
import { AVAILABLE_SQL, otaJoins, UPGRADABLE_SQL } from '../src/modules/ota/availability';
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

/** The devices page and count as the module runs them, written out bare. */
function bareDeviceList(
  extraWhere: string,
  orderBy: string,
  countNeedsJoins: boolean,
  page: 'ordered' | 'set' = 'set',
): { page: string; count: string } {
  const line =
    page === 'ordered'
      ? "fleet_ota_line(d.product_line) = 'livelink'"
      : "d.product_line = ANY('{livelink,ihd_livelink}'::text[])";
  const from = `FROM devices d ${otaJoins('$1')} WHERE ${line} ${extraWhere}`;
  const countFrom = `FROM devices d ${countNeedsJoins ? otaJoins('$1') : ''}
    WHERE d.product_line = ANY('{livelink,ihd_livelink}'::text[]) ${extraWhere}`;
  return {
    page: `SELECT d.id, d.id AS device_id, d.serial_number, d.mac_address, d.firmware_version,
                  ${AVAILABLE_SQL} AS available_firmware, ${UPGRADABLE_SQL} AS upgradable, g.id AS group_id, g.name AS group_name
             ${from} ${orderBy} LIMIT 25`,
    count: `SELECT count(*) AS total ${countFrom}`,
  };
}

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
    const cases: Array<{ name: string; url: string; bare: { page: string; count: string }; params: unknown[] }> = [
      {
        name: 'devices: page 25, newest first, with total',
        url: '/api/ota/devices?deviceType=livelink&page=1&limit=25',
        bare: bareDeviceList('', 'ORDER BY d.created_at DESC NULLS LAST, d.id DESC', false, 'ordered'),
        params: ['livelink'],
      },
      {
        name: 'devices: page 25, firmware_version = 3.1.0, sorted by serial_number asc, with total',
        url: `/api/ota/devices?deviceType=livelink&limit=25&sortBy=serial_number&orderBy=asc&filter=${enc([{ key: 'firmware_version', value: '3.1.0', type: 'single' }])}`,
        bare: bareDeviceList("AND d.firmware_version = '3.1.0'", 'ORDER BY d.serial_number ASC NULLS FIRST, d.id ASC', false),
        params: ['livelink'],
      },
      {
        name: 'devices: page 25, upgradable = 1, newest first, with total',
        url: `/api/ota/devices?deviceType=livelink&limit=25&filter=${enc([{ key: 'upgradable', value: '1', type: 'single' }])}`,
        bare: bareDeviceList(`AND ${UPGRADABLE_SQL} = true`, 'ORDER BY d.created_at DESC NULLS LAST, d.id DESC', true),
        params: ['livelink'],
      },
      {
        name: 'devices: page 25, serial number contains 12345, with total',
        url: `/api/ota/devices?deviceType=livelink&limit=25&filter=${enc([{ key: 'serial_number', value: '12345', type: 'single' }])}`,
        bare: bareDeviceList("AND d.serial_number ILIKE '%12345%'", 'ORDER BY d.created_at DESC NULLS LAST, d.id DESC', false),
        params: ['livelink'],
      },
      {
        name: `group info: ${GROUP_SIZE}-device group, page 25 with total`,
        url: `/api/ota/group/info?deviceType=livelink&group_id=${groupId}&limit=25`,
        bare: {
          page: bareDeviceList(`AND gd.group_id = ${groupId}`, 'ORDER BY d.created_at DESC NULLS LAST, d.id DESC', true, 'ordered').page,
          count: `SELECT count(*) AS total FROM ota_group_devices WHERE group_id = ${groupId}`,
        },
        params: ['livelink'],
      },
      {
        name: `group info: ${GROUP_SIZE}-device group, serial filter 0000, page 25 with total`,
        url: `/api/ota/group/info?deviceType=livelink&group_id=${groupId}&limit=25&filter=${enc([{ key: 'serial_number', value: '0000', type: 'single' }])}`,
        bare: bareDeviceList(`AND gd.group_id = ${groupId} AND d.serial_number ILIKE '%0000%'`, 'ORDER BY d.created_at DESC NULLS LAST, d.id DESC', true, 'ordered'),
        params: ['livelink'],
      },
    ];
    const calls: Array<Record<string, unknown>> = [];
    for (const c of cases) {
      const first = await call('GET', c.url);
      const info = (first.info.devices ?? first.info) as { total: number; data: unknown[] };
      const viaCall = await measure(() => call('GET', c.url));
      const bare = await measure(async () => {
        await Promise.all([
          db.query(c.bare.page, c.params),
          db.query(c.bare.count, c.bare.count.includes('$1') ? c.params : []),
        ]);
      });
      console.log(`  ${label} ${c.name}: call p50 ${viaCall.p50} ms, bare SQL p50 ${bare.p50} ms (total ${info.total})`);
      calls.push({ name: c.name, total: info.total, rows: info.data.length, callMs: viaCall, bareSqlMs: bare });
    }

    // Remove every device of the 100,000-device group in one call; then the bare statement as baseline.
    const removeMs = await time(() => call('PUT', '/api/ota/group/remove-devices', { group_id: groupId, all: true, deviceType: 'livelink' }));
    const removeFilteredSetup = await fillGroup();
    const removeFilteredMs = await time(() =>
      call('PUT', '/api/ota/group/remove-devices', {
        group_id: removeFilteredSetup,
        all: true,
        filter: [{ key: 'firmware_version', value: '3.1.0', type: 'single' }],
        deviceType: 'livelink',
      }),
    );
    const left = (await db.query<{ n: number }>('SELECT count(*) AS n FROM ota_group_devices WHERE group_id = $1', [removeFilteredSetup])).rows[0]?.n;
    await db.query('DELETE FROM ota_group_devices WHERE group_id = $1', [removeFilteredSetup]);
    const bareGroup = await fillGroup();
    const removeBareMs = await time(() => db.query('DELETE FROM ota_group_devices WHERE group_id = $1', [bareGroup]));

    // A 50 MiB firmware through the call, and the floor: the same bytes to disk with md5.
    const big = randomBytes(MIB50);
    const bigMd5 = md5(big);
    const form = multipart({ deviceType: 'livelink', version: '3.9.9', md_5_value: bigMd5 }, { name: 'file', filename: 'big.bin', content: big });
    const uploadMs = await time(async () => {
      const res = await app.inject({ method: 'POST', url: '/api/ota/store', headers: { ...auth, ...form.headers }, payload: form.payload });
      if (res.statusCode !== 200) throw new Error(`50 MiB upload: ${res.statusCode} ${res.body}`);
    });
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

    return {
      database: label,
      devices: DEVICES,
      livelinkLineDevices: lineDevices,
      seededNow: seeded.seeded,
      seedMs,
      calls,
      removeAllFromGroup: {
        groupSize: GROUP_SIZE,
        callMs: removeMs,
        filteredCallMs: removeFilteredMs,
        filteredLeft: left,
        bareDeleteMs: removeBareMs,
      },
      upload50MiB: { bytes: MIB50, callMs: uploadMs, writeWithMd5BaselineMs: writeBaselineMs },
    };
  } finally {
    await app.close();
  }
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
      'OTA calls at fleet size through app.inject (routing, auth, validation, SQL, serialisation), each beside the same ' +
      'SQL run bare on the database in the same run (the statements the module sends: newest-first and group pages on the ' +
      'ordered line index, filtered line pages and every count on product_line = ANY). Pages of 25 with exact totals. p50/p95 in ms over ' +
      `${RUNS} runs after ${WARMUP} warm-ups; one-off times in ms. Shared 2-core machine: see loadAverage.`,
  };
  try {
    const keep = process.env.BENCH_OTA_PGLITE_DIR;
    const dir = keep ?? mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-ota-pglite-'));
    try {
      console.log(`PGlite on disk (${dir}), ${DEVICES} devices`);
      const db = await openDatabase({ dataDir: dir });
      try {
        await migrate(db);
        results.pglite = await benchDatabase(db, 'pglite', path.join(files, 'pglite'));
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
