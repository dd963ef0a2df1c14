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

export * from './file-storage';
export { DatabaseFileStorage } from './database-file-storage';
