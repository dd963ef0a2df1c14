// Backup and restore of a PGlite data folder (issue 25, docs/deploy.md "Backup and restore"): a
// migrated database with a small fleet and a firmware file stored through the app's storage, backed
// up, restored into an empty folder, read back the same; a folder in use or a non-empty target refused.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { backupDataFolder, restoreDataFolder } from '../../src/ops/backup';
import { migrate, openDatabase, type Db } from '../../src/db';
import { demoPasswordHash, seedDemoFleet } from '../../src/seed';
import { openFileStores } from '../../src/storage';

jest.setTimeout(60_000);

const md5 = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const DEVICE_ROWS = 'SELECT id, serial_number, mac_address, product_line FROM devices ORDER BY id';

// once per CI run: the PostgreSQL pass (TEST_DATABASE_URL) has postgres.test.ts instead
const onPglitePass = process.env.TEST_DATABASE_URL ? describe.skip : describe;

onPglitePass('npm run backup / restore of a PGlite data folder', () => {
  // made in beforeAll: a skipped describe still runs its body
  const work = path.join(os.tmpdir(), `fleet-backup-test-${process.pid}-${randomBytes(4).toString('hex')}`);
  const dataDir = path.join(work, 'data');
  const archive = path.join(work, 'backup.tar.gz');
  const firmware = Buffer.alloc(300_000, 7);
  firmware.write('firmware kept across a restore');
  let key = '';
  let devices: unknown[] = [];

  beforeAll(async () => {
    mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true });
    const db = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    try {
      await migrate(db);
      await seedDemoFleet(db, { devices: 30, passwordHash: await demoPasswordHash() });
      const store = openFileStores(db, dataDir).firmware;
      key = store.newKey();
      await store.commit(await store.stage(Readable.from([firmware])), key);
      devices = (await db.query(DEVICE_ROWS)).rows;
    } finally {
      await db.close();
    }
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('refuses to copy a database a process has open, and writes no archive', async () => {
    const open = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    try {
      await expect(backupDataFolder({ dataDir, out: archive })).rejects.toThrow(`in use by process ${process.pid}`);
    } finally {
      await open.close();
    }
    expect(existsSync(archive)).toBe(false);
  });

  it('restores into an empty folder the same rows and the same firmware file', async () => {
    const manifest = await backupDataFolder({ dataDir, out: archive });
    expect(manifest).toMatchObject({ mode: 'pglite', rows: { devices: 30 }, files: { firmware: 1, sliders: 0, exports: 0 } });
    expect(manifest.lastMigration).toMatch(/^\d{4}_/);

    const restoredDir = path.join(work, 'restored');
    await expect(restoreDataFolder({ archive, dataDir: restoredDir })).resolves.toEqual(manifest);
    const db: Db = await openDatabase({ dataDir: path.join(restoredDir, 'pgdata') });
    try {
      expect((await db.query(DEVICE_ROWS)).rows).toEqual(devices);
      const file = await openFileStores(db, restoredDir).firmware.open(key);
      expect(file).not.toBeNull();
      expect(md5(await readAll((file as NonNullable<typeof file>).stream))).toBe(md5(firmware));
    } finally {
      await db.close();
    }
  });

  it('refuses a data folder that is not empty, and leaves what is there', async () => {
    if (!existsSync(archive)) await backupDataFolder({ dataDir, out: archive });
    const taken = path.join(work, 'taken');
    mkdirSync(taken);
    writeFileSync(path.join(taken, 'remotes.json'), '{}\n');
    await expect(restoreDataFolder({ archive, dataDir: taken })).rejects.toThrow(/is not empty \(remotes\.json\)/);
    expect(readdirSync(taken)).toEqual(['remotes.json']);
  });

  it('says so when the restored folder does not hold what the manifest counted', async () => {
    if (!existsSync(archive)) await backupDataFolder({ dataDir, out: archive });
    // the same archive with a manifest that counted one device more
    const unpacked = path.join(work, 'tampered');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as { rows: Record<string, number> };
    manifest.rows.devices = (manifest.rows.devices ?? 0) + 1;
    writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    const tampered = path.join(work, 'tampered.tar.gz');
    execFileSync('tar', ['-czf', tampered, '-C', unpacked, ...readdirSync(unpacked)]);
    await expect(restoreDataFolder({ archive: tampered, dataDir: path.join(work, 'restored-tampered') })).rejects.toThrow('devices: 30 rows, the backup\'s 31');
  });

  it('refuses a file that is not a backup with a message, and makes no data folder', async () => {
    const notAnArchive = path.join(work, 'notes.tar.gz');
    writeFileSync(notAnArchive, 'not an archive');
    const target = path.join(work, 'restored-from-notes');
    await expect(restoreDataFolder({ archive: notAnArchive, dataDir: target })).rejects.toThrow(/^Unpacking .*notes\.tar\.gz \(a tar\.gz made by npm run backup\?\) failed/);
    expect(existsSync(target)).toBe(false);
  });
});
