/**
 * Moves the stored files of a fleet-api that kept them in folders into PostgreSQL (docs/deploy.md,
 * "Shared files"): every file under <FLEET_DATA_DIR>/{firmware,sliders,exports} is copied into the
 * database under its key, so every instance serves it. Files already there are left; run it again
 * at no cost. The folders are not changed.
 *
 *   cd fleet-api && DATABASE_URL=postgres://... FLEET_DATA_DIR=/var/lib/fleet npx tsx scripts/import-files.ts
 */
import path from 'node:path';
import { loadConfig } from '../src/config';
import { migrate, openDatabase } from '../src/db';
import { copyFiles, LocalFileStorage, openFileStores, type FileArea } from '../src/storage';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL the files go to (on PGlite files stay in their folders)');
  const db = await openDatabase({ databaseUrl: config.databaseUrl });
  try {
    await migrate(db);
    const stores = openFileStores(db, config.dataDir);
    for (const area of ['firmware', 'sliders', 'exports'] as const satisfies readonly FileArea[]) {
      const folder = path.join(config.dataDir, area);
      const counts = await copyFiles(new LocalFileStorage(folder), stores[area]);
      process.stdout.write(`${folder}: ${counts.copied} copied, ${counts.present} already in the database, ${counts.skipped} not a stored file (left)\n`);
    }
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
