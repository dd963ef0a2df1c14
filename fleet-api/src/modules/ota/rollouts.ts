/**
 * A push's live events (issue 20, item 13): one `ota` event per device whose job changed state, and
 * one `rollout` event per push with its job counts afterwards (the OTA screens', Admin's). The push
 * call and the fleet simulator read them inside their transaction and publish them once it commits.
 */
import type { Db } from '../../db';
import type { DeviceKeys } from '../../policy/live-scope';
import { DEVICE_KEYS_SQL, deviceKeysOf, type LiveEvent, type OtaJobState, type RolloutCounts } from '../live/events';

/** The `ota` events of these jobs as they are now, with each device's firmware version. */
export async function jobEvents(db: Db, jobIds: number[]): Promise<LiveEvent[]> {
  if (jobIds.length === 0) return [];
  return jobEventsWhere(db, 'j.id = ANY($1::bigint[])', [jobIds]);
}

/** The `ota` events of every job of a push (a new push: its jobs by the push's index, not by 100,000 ids). */
export async function pushJobEvents(db: Db, pushId: number): Promise<LiveEvent[]> {
  return jobEventsWhere(db, 'j.push_id = $1', [pushId]);
}

async function jobEventsWhere(db: Db, where: string, params: unknown[]): Promise<LiveEvent[]> {
  const { rows } = await db.query<DeviceKeys & { job_id: number; push_id: number; state: OtaJobState; firmware_version: string | null }>(
    `SELECT ${DEVICE_KEYS_SQL}, j.id::int AS job_id, j.push_id::int AS push_id, j.state, d.firmware_version
       FROM ota_jobs j JOIN devices d ON d.id = j.device_id WHERE ${where} ORDER BY j.id`,
    params,
  );
  const at = Date.now();
  return rows.map((r) => ({ kind: 'ota', at, device: deviceKeysOf(r), push_id: r.push_id, job_id: r.job_id, state: r.state, firmware_version: r.firmware_version }));
}

/**
 * These pushes' job counts per state now (a push with no job counts zeros), in push id order: one row
 * of `ota_push_counts` per push, kept by the jobs' own statements (migration 0043), never a count of
 * the jobs (a 112,142-job push took 155 ms to count on PGlite at 1,000,000 devices; docs/rollouts.md).
 */
export async function pushCounts(db: Db, pushIds: number[]): Promise<RolloutCounts[]> {
  if (pushIds.length === 0) return [];
  const { rows } = await db.query<RolloutCounts>(
    `SELECT p.id::int AS push_id, p.product_line, coalesce(c.queued, 0)::int AS queued, coalesce(c.downloading, 0)::int AS downloading,
            coalesce(c.installed, 0)::int AS installed, coalesce(c.failed, 0)::int AS failed
       FROM ota_pushes p LEFT JOIN ota_push_counts c ON c.push_id = p.id
      WHERE p.id = ANY($1::bigint[]) ORDER BY p.id`,
    [[...new Set(pushIds)]],
  );
  return rows;
}

/** The `rollout` events of these pushes: their job counts per state now. */
export async function rolloutEvents(db: Db, pushIds: number[]): Promise<LiveEvent[]> {
  const counts = await pushCounts(db, pushIds);
  const at = Date.now();
  return counts.map((r) => ({ kind: 'rollout', at, ...r }));
}
