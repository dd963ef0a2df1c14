/** Helpers for stored files (src/storage), whichever storage an app runs on. */
import { utimesSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../src/db';
import { LocalFileStorage, STAGING_FOLDER, type FileStorage } from '../../src/storage';

/** Makes a staged file look untouched for an hour, as a dead upload's would be (its mtime, or its row's touched_at). */
export async function ageStagedFile(db: Db, storage: FileStorage, id: string): Promise<void> {
  if (storage instanceof LocalFileStorage) {
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(path.join(storage.root, STAGING_FOLDER, id), hourAgo, hourAgo);
  } else {
    await db.query("UPDATE stored_files SET touched_at = clock_timestamp() - interval '1 hour' WHERE id = $1", [id]);
  }
}
