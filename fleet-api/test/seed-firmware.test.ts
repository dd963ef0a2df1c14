// The demo firmware area (issue 8, "Demo fleet"): every product line has firmware rows for the
// versions its devices run plus a newer one, each with its file in storage (md5 of the bytes), a
// rule, a group with devices, a past push with jobs, and install/device histories; seeding twice
// adds nothing.
jest.setTimeout(120_000);
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRODUCT_LINES } from '../src/seed';
import { demoFirmwareVersions, seedDemoFirmware } from '../src/seed/firmware';
import type { Db } from '../src/db';
import { openFileStores, type FileStorage } from '../src/storage';
import { openTestDb } from './support/db';

let db: Db;
const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-seed-fw-'));
// the storage the app would use: a folder on PGlite, the database on PostgreSQL
let storage: FileStorage;
beforeAll(async () => {
  db = await openTestDb({ seedDevices: 700 });
  storage = openFileStores(db, dir).firmware;
  expect((await seedDemoFirmware(db, storage)).seeded).toBe(true);
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function md5Of(key: string): Promise<string> {
  const stored = await storage.open(key);
  if (!stored) throw new Error(`no file ${key}`);
  const hash = createHash('md5');
  for await (const chunk of stored.stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

it.each([...PRODUCT_LINES])('%s: firmware for the versions its devices run and a newer one, each with its file', async (line) => {
  const running = await db.query<{ v: string }>('SELECT DISTINCT firmware_version AS v FROM devices WHERE product_line = $1', [line]);
  const { rows } = await db.query<{ id: number; version: string; storage_key: string | null; md_5_value: string | null; ota_type: string }>(
    'SELECT id, version, storage_key, md_5_value, ota_type FROM firmwares WHERE product_line = $1',
    [line],
  );
  const versions = rows.map((r) => r.version);
  expect(versions.sort()).toEqual([...demoFirmwareVersions(line)].sort());
  for (const r of running.rows) expect(versions).toContain(r.v);
  for (const fw of rows) {
    if (fw.ota_type === 'single') {
      expect(fw.storage_key).not.toBeNull();
      expect(await md5Of(fw.storage_key!)).toBe(fw.md_5_value);
    } else {
      const files = await db.query<{ storage_key: string; md_5_value: string }>('SELECT storage_key, md_5_value FROM firmware_files WHERE firmware_id = $1', [fw.id]);
      expect(files.rows).toHaveLength(3);
      for (const f of files.rows) expect(await md5Of(f.storage_key)).toBe(f.md_5_value);
    }
  }
});

it.each([...PRODUCT_LINES])('%s: a rule, a group with devices, a push with jobs, histories and faults', async (line) => {
  const count = async (sql: string) => (await db.query<{ n: number }>(sql, [line])).rows[0]?.n ?? 0;
  expect(await count('SELECT count(*)::int AS n FROM ota_rules WHERE product_line = $1')).toBeGreaterThan(0);
  expect(await count('SELECT count(*)::int AS n FROM ota_group_devices gd JOIN ota_groups g ON g.id = gd.group_id WHERE g.product_line = $1')).toBeGreaterThan(0);
  expect(await count('SELECT count(*)::int AS n FROM ota_jobs j JOIN ota_pushes p ON p.id = j.push_id WHERE p.product_line = $1')).toBeGreaterThan(0);
  expect(await count('SELECT count(*)::int AS n FROM device_history h JOIN devices d ON d.id = h.device_id WHERE d.product_line = $1')).toBeGreaterThan(0);
});

it('heat pumps have faults', async () => {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM faults f JOIN devices d ON d.id = f.device_id WHERE d.product_line = 'heat_pump'");
  expect(rows[0]?.n).toBeGreaterThan(0);
});

it('seeding again adds nothing', async () => {
  const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM firmwares')).rows[0]?.n;
  expect((await seedDemoFirmware(db, storage)).seeded).toBe(false);
  expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM firmwares')).rows[0]?.n).toBe(before);
});
