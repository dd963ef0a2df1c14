// One behaviour, two storages (issue 25, "Shared files"): the local folder of the embedded default,
// and the database storage used on PostgreSQL (run on PGlite here, on PostgreSQL when
// TEST_DATABASE_URL is set, as CI's PostgreSQL run does). Small chunks, so small files cross chunk
// boundaries.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../../src/db';
import { copyFiles, DatabaseFileStorage, LocalFileStorage, type FileStorage } from '../../src/storage';
import { openTestDb } from '../support/db';
import { ageStagedFile } from '../support/files';

const CHUNK = 1000;
let db: Db;
const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-file-storage-'));
beforeAll(async () => {
  db = await openTestDb();
}, 60_000);
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const md5 = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex');

async function bytesOf(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stored = await storage.open(key);
  if (!stored) return null;
  const parts: Buffer[] = [];
  for await (const part of stored.stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A source that sends `bytes` in pieces of `piece`, then fails when `failAfter` is set. */
function source(bytes: Buffer, piece = 333, fail?: Error): Readable {
  async function* pieces() {
    for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
    if (fail) throw fail;
  }
  return Readable.from(pieces(), { objectMode: false });
}

interface Kind {
  name: string;
  /** A storage of this kind for `area`, empty. */
  make(area: 'firmware' | 'sliders'): FileStorage;
}

const kinds: Kind[] = [
  {
    name: 'the local folder',
    make: (area) => new LocalFileStorage(path.join(dir, `${area}-${randomBytes(4).toString('hex')}`)),
  },
  {
    name: 'the database',
    make: (area) => new DatabaseFileStorage(db, area, CHUNK),
  },
];

describe.each(kinds)('$name', (kind) => {
  // each test on storages of its own: the database's are emptied first (one table for every test)
  beforeEach(async () => {
    await db.query('DELETE FROM stored_files');
  });

  it('stages with md5, size and first bytes, shows the file only once committed, and serves the same bytes', async () => {
    const storage = kind.make('firmware');
    const bytes = randomBytes(2 * CHUNK + 17);
    const staged = await storage.stage(source(bytes));
    expect([staged.sizeBytes, staged.md5, staged.head]).toEqual([bytes.length, md5(bytes), bytes.subarray(0, 16)]);
    const key = storage.newKey();
    expect(await storage.open(key)).toBeNull();
    expect(await storage.inventory()).toEqual({ committed: [], staged: [staged.id] });
    await storage.commit(staged, key);
    expect(await storage.inventory()).toEqual({ committed: [key], staged: [] });
    expect((await storage.open(key))?.sizeBytes).toBe(bytes.length);
    expect((await bytesOf(storage, key))?.equals(bytes)).toBe(true);
  });

  it('stores an empty file and one of exactly one chunk', async () => {
    const storage = kind.make('firmware');
    for (const bytes of [Buffer.alloc(0), randomBytes(CHUNK)]) {
      const staged = await storage.stage(source(bytes, 64));
      const key = storage.newKey();
      await storage.commit(staged, key);
      expect([staged.md5, (await bytesOf(storage, key))?.equals(bytes)]).toEqual([md5(bytes), true]);
    }
  });

  it('leaves nothing when the stream fails, and says why', async () => {
    const storage = kind.make('firmware');
    const cut = new Error('the client went away');
    await expect(storage.stage(source(randomBytes(3 * CHUNK), 500, cut))).rejects.toThrow('the client went away');
    expect(await storage.inventory()).toEqual({ committed: [], staged: [] });
    if (storage instanceof DatabaseFileStorage) expect((await db.query('SELECT 1 FROM stored_file_chunks')).rowCount).toBe(0);
  });

  it('discards a staged file (which then cannot be committed) and removes a committed one', async () => {
    const storage = kind.make('firmware');
    const dropped = await storage.stage(source(randomBytes(10)));
    await storage.discard(dropped);
    await storage.discard(dropped);
    await expect(storage.commit(dropped, storage.newKey())).rejects.toThrow();
    const kept = await storage.stage(source(randomBytes(CHUNK + 1)));
    const key = storage.newKey();
    await storage.commit(kept, key);
    await storage.remove(key);
    await storage.remove(key);
    expect(await storage.open(key)).toBeNull();
    expect(await storage.inventory()).toEqual({ committed: [], staged: [] });
  });

  it('sweeps staged files idle for longer than asked, and keeps one still being written and committed ones', async () => {
    const storage = kind.make('firmware');
    const dead = await storage.stage(source(randomBytes(10)));
    const live = await storage.stage(source(randomBytes(10)));
    const done = await storage.stage(source(randomBytes(10)));
    const key = storage.newKey();
    await storage.commit(done, key);
    await ageStagedFile(db, storage, dead.id);
    expect(await storage.sweepStaging(60_000)).toBe(1);
    expect(await storage.inventory()).toEqual({ committed: [key], staged: [live.id] });
  });

  it('refuses keys it did not make: paths, other names, another area', async () => {
    const storage = kind.make('firmware');
    const other = kind.make('sliders');
    const staged = await storage.stage(source(Buffer.from('firmware bytes')));
    for (const bad of ['../../etc/passwd', 'fw-1.2.3.bin', `${staged.id}/../x.bin`, '']) {
      await expect(storage.commit(staged, bad)).rejects.toThrow('Invalid storage key');
      expect(await storage.open(bad)).toBeNull();
      await storage.remove(bad);
    }
    await expect(storage.commit({ ...staged, id: '../other.part' }, storage.newKey())).rejects.toThrow('Invalid staged id');
    const key = storage.newKey();
    await storage.commit(staged, key);
    expect(await other.open(key)).toBeNull();
    await other.remove(key);
    expect((await bytesOf(storage, key))?.toString()).toBe('firmware bytes');
  });
});

describe('the database storage', () => {
  it('keeps a file as chunks of its chunk size, and fails a read whose file is removed meanwhile rather than end it short', async () => {
    const storage = new DatabaseFileStorage(db, 'firmware', CHUNK);
    const bytes = randomBytes(5 * CHUNK + 1);
    const staged = await storage.stage(source(bytes, 4096));
    const key = storage.newKey();
    await storage.commit(staged, key);
    const sizes = await db.query<{ n: number }>('SELECT length(bytes) AS n FROM stored_file_chunks WHERE file_id = $1 ORDER BY seq', [staged.id]);
    expect(sizes.rows.map((r) => r.n)).toEqual([CHUNK, CHUNK, CHUNK, CHUNK, CHUNK, 1]);
    // longer than what the stream reads ahead (16 KiB)
    const long = randomBytes(40 * CHUNK);
    const longKey = storage.newKey();
    await storage.commit(await storage.stage(source(long)), longKey);
    const reader = (await storage.open(longKey))?.stream[Symbol.asyncIterator]();
    expect(((await reader?.next())?.value as Buffer).equals(long.subarray(0, CHUNK))).toBe(true);
    await storage.remove(longKey);
    const drain = async () => {
      for (let part = await reader?.next(); part && !part.done; part = await reader?.next());
    };
    await expect(drain()).rejects.toThrow('removed while it was read');
  });

  it('takes in the files of a folder under their keys, once (moving a fleet onto PostgreSQL)', async () => {
    await db.query('DELETE FROM stored_files');
    const folder = new LocalFileStorage(path.join(dir, `import-${randomBytes(4).toString('hex')}`));
    const files = [randomBytes(3 * CHUNK + 5), Buffer.from('a slide')];
    const keys: string[] = [];
    for (const bytes of files) {
      const key = folder.newKey();
      await folder.commit(await folder.stage(source(bytes)), key);
      keys.push(key);
    }
    const database = new DatabaseFileStorage(db, 'firmware', CHUNK);
    expect(await copyFiles(folder, database)).toEqual({ copied: 2, present: 0, skipped: 0 });
    for (const [i, key] of keys.entries()) expect((await bytesOf(database, key))?.equals(files[i] ?? Buffer.alloc(0))).toBe(true);
    expect(await copyFiles(folder, database)).toEqual({ copied: 0, present: 2, skipped: 0 });
  });
});
