// Backup and restore of a PostgreSQL fleet (issue 25, docs/deploy.md "Backup and restore"): pg_dump of
// a fleet whose app stored a firmware, pg_restore into a second, empty database, and a second app on it
// that answers the same rows, signs the same Admin in and serves the same firmware bytes.
// PostgreSQL only (CI runs it with TEST_DATABASE_URL).
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { backupPostgres, restorePostgres } from '../../src/ops/backup';
import { buildApp } from '../../src/app';
import { openDatabase, type Db } from '../../src/db';
import { bearer, signIn } from '../support/app';
import { addFirmware, md5, otaAppForFile } from '../ota/support';

jest.setTimeout(60_000);

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const DEVICE_ROWS = 'SELECT id, serial_number, mac_address, product_line FROM devices ORDER BY id';

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

onPostgres('npm run backup / restore with DATABASE_URL', () => {
  const a = otaAppForFile();
  // made in beforeAll: a skipped describe still runs its body
  const work = path.join(os.tmpdir(), `fleet-backup-pg-${process.pid}-${randomBytes(4).toString('hex')}`);
  const archive = path.join(work, 'backup.tar.gz');
  const target = `fleet_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
  const targetUrl = (() => {
    // the PGlite pass sets TEST_DATABASE_URL empty (and skips this suite, whose body still runs)
    const u = new URL(process.env.TEST_DATABASE_URL || 'postgres://localhost/postgres');
    u.pathname = `/${target}`;
    return u.toString();
  })();
  let bDb: Db | null = null;
  let b: FastifyInstance | null = null;

  beforeAll(async () => {
    mkdirSync(work);
    await onServer(`CREATE DATABASE ${target}`);
  });
  afterAll(async () => {
    await b?.close();
    await bDb?.close();
    await onServer(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
    rmSync(work, { recursive: true, force: true });
  });

  it('restores into an empty database the same rows and files, served by a second app', async () => {
    const content = Buffer.alloc(600_000, 5);
    content.write('firmware kept across pg_dump and pg_restore');
    const fw = await addFirmware(a, 'livelink', '8.3.0', content);
    const devices = (await a.db.query(DEVICE_ROWS)).rows;

    const manifest = await backupPostgres({ databaseUrl: a.db.url ?? '', out: archive });
    expect(manifest).toMatchObject({ mode: 'postgres', files: { firmware: 1 } });
    expect(manifest.rows.devices).toBe(devices.length);
    await expect(restorePostgres({ archive, databaseUrl: targetUrl })).resolves.toEqual(manifest);

    bDb = await openDatabase({ databaseUrl: targetUrl });
    b = await buildApp({ db: bDb, config: { ...a.config, dataDir: work } });
    expect((await bDb.query(DEVICE_ROWS)).rows).toEqual(devices);
    const download = await b.inject({ url: fw.download_link });
    expect([download.statusCode, md5(download.rawPayload)]).toEqual([200, md5(content)]);
    const admin = bearer((await signIn(b, 'admin@demo.test')).token);
    const listed = await b.inject({ url: '/api/ota/get?deviceType=livelink', headers: admin });
    const versions = (listed.json() as { info: { data: Array<{ version: string }> } }).info.data.map((f) => f.version);
    expect(versions).toContain('8.3.0');
  });

  it('refuses a database that has tables, and changes nothing in it', async () => {
    const before = (await onServerCount(targetUrl)).n;
    await expect(restorePostgres({ archive, databaseUrl: targetUrl })).rejects.toThrow(/has tables already/);
    expect((await onServerCount(targetUrl)).n).toBe(before);
  });
});

async function onServerCount(url: string): Promise<{ n: number }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM devices');
    return rows[0] ?? { n: -1 };
  } finally {
    await client.end();
  }
}
