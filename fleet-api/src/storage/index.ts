/**
 * The file storages of one fleet-api, one per kind of file: local folders under the data folder on
 * the embedded database (the `npm start` default), the database itself on PostgreSQL, so that several
 * instances on one PostgreSQL serve the same files (docs/deploy.md, "Shared files").
 */
import path from 'node:path';
import type { Db } from '../db';
import { DatabaseFileStorage } from './database-file-storage';
import { LocalFileStorage, type FileArea, type FileStorage } from './file-storage';

export type FileStores = Record<FileArea, FileStorage>;

export function openFileStores(db: Db, dataDir: string): FileStores {
  const open = (area: FileArea): FileStorage => (db.kind === 'postgres' ? new DatabaseFileStorage(db, area) : new LocalFileStorage(path.join(dataDir, area)));
  return { firmware: open('firmware'), sliders: open('sliders'), exports: open('exports') };
}

/**
 * Copies every committed file of `from` into `to` under the same key, leaving the keys `to` already
 * holds: moving a folder's files into PostgreSQL (scripts/import-files.ts), run again at no cost.
 * A file whose name is not a key (an export file of before issue 25) is left where it is.
 */
export async function copyFiles(from: FileStorage, to: FileStorage): Promise<{ copied: number; present: number; skipped: number }> {
  const present = new Set((await to.inventory()).committed);
  const out = { copied: 0, present: 0, skipped: 0 };
  for (const key of (await from.inventory()).committed) {
    if (present.has(key)) {
      out.present += 1;
      continue;
    }
    const file = await from.open(key);
    if (!file) {
      out.skipped += 1;
      continue;
    }
    await to.commit(await to.stage(file.stream), key);
    out.copied += 1;
  }
  return out;
}

export * from './file-storage';
export { DatabaseFileStorage } from './database-file-storage';
