// Two fleet-api instances on one PostgreSQL (issue 25, "Shared files"): a firmware uploaded on A, the
// seeded firmware (seeded by one of two instances starting at once) and an export made on A are all
// served by B, whose data folder is another one.
// PostgreSQL only (CI runs it with TEST_DATABASE_URL): on PGlite there is one instance and its folders.
jest.setTimeout(60_000);
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { openDatabase, type Db } from '../../src/db';
import { demoFirmwareVersions, seedDemoFirmware } from '../../src/seed/firmware';
import { addFirmware, call, otaAppForFile } from '../ota/support';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('files on two instances of one PostgreSQL fleet', () => {
  const a = otaAppForFile();
  const bDataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-instance-b-'));
  let bDb: Db;
  let b: FastifyInstance;
  beforeAll(async () => {
    bDb = await openDatabase({ databaseUrl: a.db.url ?? '' });
    b = await buildApp({ db: bDb, config: { ...a.config, dataDir: bDataDir } });
  });
  afterAll(async () => {
    await b.close();
    await bDb.close();
    rmSync(bDataDir, { recursive: true, force: true });
  });

  const md5 = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex');

  it('serves on B a firmware uploaded on A, byte for byte, and writes nothing to either folder', async () => {
    const content = Buffer.alloc(700_000, 3);
    content.write('firmware uploaded on instance A');
    const fw = await addFirmware(a, 'livelink', '8.1.0', content);
    const onB = await b.inject({ url: fw.download_link });
    expect(onB.statusCode).toBe(200);
    expect(onB.headers['content-length']).toBe(String(content.length));
    expect(Buffer.compare(onB.rawPayload, content)).toBe(0);
    for (const dir of [a.dataDir, bDataDir]) expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it('serves the seeded firmware files on B (A and B seeding at the same moment: one of them seeds)', async () => {
    const both = await Promise.all([
      seedDemoFirmware(a.db, a.app.fleetContext.files.firmware),
      seedDemoFirmware(bDb, b.fleetContext.files.firmware),
    ]);
    expect(both.map((r) => r.seeded).sort()).toEqual([false, true]);
    const per = await a.db.query<{ n: number }>("SELECT count(*)::int AS n FROM firmwares WHERE product_line = 'livelink' AND version <> '8.1.0'");
    expect(per.rows[0]?.n).toBe(demoFirmwareVersions('livelink').length);
    const list = await call(a, 'GET', '/api/ota/get?deviceType=livelink');
    expect(list.status).toBe(200);
    const seeded = (list.body.info.data as Array<{ version: string; md_5_value: string; download_link: string | null }>).filter((f) => f.version !== '8.1.0');
    expect(seeded.length).toBeGreaterThan(0);
    for (const fw of seeded) {
      const onB = await b.inject({ url: fw.download_link ?? '' });
      expect([onB.statusCode, md5(onB.rawPayload)]).toEqual([200, fw.md_5_value]);
    }
  });

  it('downloads on B an export made on A, the same CSV as on A', async () => {
    const started = await call(a, 'POST', '/api/device/export', { deviceType: 'all' });
    expect(started.status).toBe(200);
    await a.app.fleetContext.exports.settle();
    const done = await call(a, 'GET', `/api/export/${started.body.info.id}`);
    expect(done.body.info.status).toBe('done');
    const link = done.body.info.download_link as string;
    const onA = await a.app.inject({ url: link });
    const onB = await b.inject({ url: link });
    expect(onB.statusCode).toBe(200);
    expect(onB.body.split('\n').length).toBeGreaterThan(done.body.info.total);
    expect(onB.body).toBe(onA.body);
  });
});
