/**
 * The demo firmware area: for every product line, firmware rows for the versions its devices run
 * plus one newer release, each with a real file in firmware storage (heat pumps: an OTA pack of
 * three files); one rule and one group per line; and a past push whose jobs installed or failed.
 * Runs once per database (seed_state 'demo-firmware'), after the devices exist, so no screen of the
 * firmware area is empty on a fresh start. Files go through the `FileStorage` seam, where
 * downloads look.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../db';
import { holdStartUpLock } from '../server/singleton';
import type { FileStorage, StagedFile } from '../storage/file-storage';
import { FIRMWARE_VERSIONS, PRODUCT_LINES, type ProductLine } from './data';
import { DEMO_FAILING_PATCH } from '../simulator/simulator';

const STATE = 'demo-firmware';
const PACK_SLOTS = ['ota_file', 'mcu56', 'mcu62'] as const;

/** The next patch release after `version` (1.6.0 -> 1.6.1). */
function nextRelease(version: string): string {
  const parts = version.split('.').map(Number);
  parts[parts.length - 1] = (parts[parts.length - 1] ?? 0) + 1;
  return parts.join('.');
}

/** Deterministic bytes of a demo image: 8 KiB, different for every line, version and slot. */
function demoImage(line: ProductLine, version: string, slot: string): Buffer {
  const blocks: Buffer[] = [];
  let seed = createHash('sha256').update(`${line}/${version}/${slot}`).digest();
  for (let i = 0; i < 256; i += 1) {
    blocks.push(seed);
    seed = createHash('sha256').update(seed).digest();
  }
  return Buffer.concat(blocks);
}

/**
 * The line's demo firmware that fails often (x.y.99 after the newest release): the simulator fails a
 * third of a rollout's installs of it and heat pumps raise faults after it, so a rollout of it halts
 * by itself (docs/rollouts.md).
 */
export function demoFailingVersion(line: ProductLine): string {
  const field = FIRMWARE_VERSIONS[line];
  const [major, minor] = nextRelease(field[field.length - 1] ?? '1.0.0').split('.');
  return `${major ?? 1}.${minor ?? 0}.${DEMO_FAILING_PATCH}`;
}

/** The versions a line's demo firmware list holds: those its devices run, one newer, and the failing one. */
export function demoFirmwareVersions(line: ProductLine): string[] {
  const field = FIRMWARE_VERSIONS[line];
  return [...field, nextRelease(field[field.length - 1] ?? '1.0.0'), demoFailingVersion(line)];
}

async function stageImage(storage: FileStorage, bytes: Buffer): Promise<StagedFile> {
  return storage.stage(Readable.from([bytes]));
}

export async function seedDemoFirmware(
  db: Db,
  storage: FileStorage,
  log: (msg: string) => void = () => undefined,
): Promise<{ seeded: boolean }> {
  const done = await db.query("SELECT 1 FROM seed_state WHERE name = $1", [STATE]);
  if (done.rowCount > 0) return { seeded: false };
  const devices = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM devices');
  if ((devices.rows[0]?.n ?? 0) === 0) return { seeded: false };
  log('seed: firmware, rules, groups and pushes per product line');
  const admin = (await db.query<{ id: number }>("SELECT id FROM users WHERE user_type = 'Admin' ORDER BY id LIMIT 1")).rows[0]?.id ?? null;

  // Files first (outside the transaction); committed under new keys inside it, removed if it fails.
  const staged: StagedFile[] = [];
  const committed: string[] = [];
  let seeded = true;
  try {
    await db.transaction(async (tx) => {
      // two instances started at once on a new database: the second waits here and finds it done
      await holdStartUpLock(tx, 'demoFirmware');
      if ((await tx.query('SELECT 1 FROM seed_state WHERE name = $1', [STATE])).rowCount > 0) {
        seeded = false;
        return;
      }
      let day = 0;
      for (const line of PRODUCT_LINES) {
        const versions = demoFirmwareVersions(line);
        for (const [i, version] of versions.entries()) {
          const createdAt = new Date(Date.UTC(2026, 0, 10 + i * 20 + day)).toISOString();
          const messages = [`Firmware ${version} is ready: install it now`, `Firmware ${version} is available`];
          if (line === 'heat_pump') {
            const { rows } = await tx.query<{ id: number }>(
              `INSERT INTO firmwares (product_line, device_type, ota_type, file_name, version, mcu_version, md_5_value,
                 auto_update_message, manual_update_message, created_at)
               VALUES ($1, $1, 'multiple', $2, $3, $4, NULL, $5, $6, $7) RETURNING id`,
              [line, `hp-${version}-ota.bin`, version, `M${version}`, messages[0], messages[1], createdAt],
            );
            const id = rows[0]?.id ?? 0;
            for (const slot of PACK_SLOTS) {
              const bytes = demoImage(line, version, slot);
              const file = await stageImage(storage, bytes);
              staged.push(file);
              const key = storage.newKey();
              await storage.commit(file, key);
              committed.push(key);
              await tx.query(
                `INSERT INTO firmware_files (firmware_id, slot, file_name, storage_key, size_bytes, md_5_value)
                 VALUES ($1, $2, $3, $4, $5, $6)`,
                [id, slot, `hp-${version}-${slot}.bin`, key, file.sizeBytes, file.md5],
              );
            }
            await tx.query(
              "UPDATE firmwares SET md_5_value = (SELECT md_5_value FROM firmware_files WHERE firmware_id = $1 AND slot = 'ota_file') WHERE id = $1",
              [id],
            );
          } else {
            const file = await stageImage(storage, demoImage(line, version, 'file'));
            staged.push(file);
            const key = storage.newKey();
            await storage.commit(file, key);
            committed.push(key);
            await tx.query(
              `INSERT INTO firmwares (product_line, device_type, ota_type, file_name, storage_key, size_bytes, version,
                 md_5_value, auto_update_message, manual_update_message, created_at)
               VALUES ($1, $1, 'single', $2, $3, $4, $5, $6, $7, $8, $9)`,
              [line, `${line}-${version}.bin`, key, file.sizeBytes, version, file.md5, messages[0], messages[1], createdAt],
            );
          }
        }
        day += 1;
        const field = FIRMWARE_VERSIONS[line];
        const [oldest, , previous, newest] = field;
        // A rule from the oldest version in the field to the newest, Upgrade off until an operator turns it on.
        await tx.query(
          `INSERT INTO ota_rules (product_line, name, from_version, to_version, immediate_update, created_at)
           VALUES ($1, $2, $3, $4, false, $5)`,
          [line, `Move ${oldest} to ${newest}`, oldest, newest, new Date(Date.UTC(2026, 5, 1 + day)).toISOString()],
        );
        // A pilot group of up to 12 devices on the previous version, aimed at the newest, flag off.
        const group = await tx.query<{ id: number }>(
          `INSERT INTO ota_groups (product_line, name, current_version, target_version, upgradable, created_at)
           VALUES ($1, $2, $3, $4, false, $5) RETURNING id`,
          [line, `Pilot ${newest}`, previous, newest, new Date(Date.UTC(2026, 6, 1 + day)).toISOString()],
        );
        await tx.query(
          `INSERT INTO ota_group_devices (group_id, device_id)
           SELECT $1, d.id FROM devices d
            WHERE d.product_line = $2 AND d.firmware_version = $3
              AND NOT EXISTS (SELECT 1 FROM ota_group_devices x WHERE x.device_id = d.id)
            ORDER BY d.id LIMIT 12`,
          [group.rows[0]?.id, line, previous],
        );
        // A past push to the newest version: devices now on it installed it, a few on the previous one failed.
        const pushedAt = new Date(Date.UTC(2026, 7, 1 + day)).toISOString();
        const push = await tx.query<{ id: number }>(
          `INSERT INTO ota_pushes (product_line, created_by, target_version, all_devices, device_count, created_at)
           VALUES ($1, $2, $3, false, 0, $4) RETURNING id`,
          [line, admin, newest, pushedAt],
        );
        const pushId = push.rows[0]?.id ?? 0;
        await tx.query(
          `INSERT INTO ota_jobs (push_id, device_id, from_version, to_version, state, created_at, updated_at)
           SELECT $1, id, CASE WHEN firmware_version = $3 THEN $4 ELSE firmware_version END, $3,
                  CASE WHEN firmware_version = $3 THEN 'installed' ELSE 'failed' END, $5, $5
             FROM ((SELECT id, firmware_version FROM devices WHERE product_line = $2 AND firmware_version = $3 ORDER BY id LIMIT 8)
                   UNION ALL
                   (SELECT id, firmware_version FROM devices WHERE product_line = $2 AND firmware_version = $4 ORDER BY id DESC LIMIT 2)) picked`,
          [pushId, line, newest, previous, pushedAt],
        );
        await tx.query('UPDATE ota_pushes SET device_count = (SELECT count(*) FROM ota_jobs WHERE push_id = $1) WHERE id = $1', [pushId]);
      }
      await tx.query("INSERT INTO seed_state (name, devices) VALUES ($1, 0)", [STATE]);
    });
  } catch (err) {
    await Promise.all(committed.map((k) => storage.remove(k).catch(() => undefined)));
    await Promise.all(staged.map((f) => storage.discard(f)));
    throw err;
  }
  return { seeded };
}
