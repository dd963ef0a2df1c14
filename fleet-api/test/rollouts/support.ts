/**
 * Helpers of the rollout suites: an add body with sensible defaults, devices of a version of their own
 * (so each test's rollout reaches only its devices), and what a device reports after its job.
 */
import type { Db } from '../../src/db';
import { creationLimits } from '../../src/modules/rollouts/creation';
import { addDevices, call, type OtaTestApp } from '../ota/support';
import { SETUP_TIMEOUT } from '../support/app';

export type Body = Record<string, unknown>;

/** An add body for bulbs on `fromVersion`, one wave of 100 %, generous caps, no halt before 10 finished. */
export function addBody(fromVersion: string, target: string, extra: Body = {}): Body {
  return {
    deviceType: 'bulb',
    name: `to ${target}`,
    firmware_version: target,
    from_versions: [fromVersion],
    waves: [{ percent: 100 }],
    max_in_flight: 1000,
    max_per_minute: 1000,
    failure_threshold_percent: 20,
    min_finished: 10,
    timeout_minutes: 30,
    max_device_failures: 2,
    ...extra,
  };
}

/** `count` bulbs on a version only this test uses; answers their ids. */
export const bulbsOn = (db: Db, version: string, count: number): Promise<number[]> =>
  addDevices(db, 'bulb', `RB${version.replace(/\./g, '')}x`, version, count);

/** Starts a rollout; answers its id (fails the test with the answer otherwise). */
export async function startRollout(t: OtaTestApp, body: Body): Promise<number> {
  const res = await call(t, 'POST', '/api/ota/rollout/add', body);
  if (res.status !== 200) throw new Error(`add: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.info.id as number;
}

export interface DeviceState {
  device_id: number;
  state: string;
  wave: number;
  job_id: number | null;
}

export async function deviceStates(db: Db, rolloutId: number): Promise<DeviceState[]> {
  const { rows } = await db.query<DeviceState>(
    'SELECT device_id::int AS device_id, state, wave, job_id::int AS job_id FROM rollout_devices WHERE rollout_id = $1 ORDER BY position',
    [rolloutId],
  );
  return rows;
}

/**
 * What the fleet says of dispatched devices: the job ends (`installed` or `failed`) and the device
 * reports `version` (its old one: it came back on its old image).
 */
export async function report(db: Db, deviceIds: number[], job: 'installed' | 'failed', version: string | null): Promise<void> {
  await db.query(
    `UPDATE ota_jobs SET state = $2 WHERE state IN ('queued', 'downloading') AND device_id = ANY($1::bigint[])`,
    [deviceIds, job],
  );
  if (version !== null) await db.query('UPDATE devices SET firmware_version = $2 WHERE id = ANY($1::bigint[])', [deviceIds, version]);
}

export async function infoOf(t: OtaTestApp, id: number, deviceType = 'bulb') {
  const res = await call(t, 'GET', `/api/ota/rollout/info?rollout_id=${id}&deviceType=${deviceType}`);
  if (res.status !== 200) throw new Error(`info: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.info as {
    state: string;
    firmware_version: string;
    halt_reason: null | { condition: string; finished: number; failed: number; timed_out: number; failure_percent: number; fault_guard: null | Record<string, number> };
    waves: Array<{ wave: number; state: string; devices: number; queued: number; in_flight: number; installed: number; failed: number; timed_out: number; cancelled: number; unwritten: number }>;
    total: { devices: number; queued: number; in_flight: number; installed: number; failed: number; timed_out: number; cancelled: number };
  };
}

/**
 * For the file: the bulbs' `target` firmware uploaded, and creation's limits lowered so that a rollout
 * of more than 10 devices takes the path of fleet size (rows written after the add, 20 a step; the
 * add's own job is off in tests, so the orchestrator's tick writes them); the limits restored after.
 */
export function rolloutsWrittenInSteps(t: OtaTestApp, target: string): void {
  const saved = { ...creationLimits };
  beforeAll(async () => {
    await t.db.query("INSERT INTO firmwares (product_line, device_type, version, file_name) VALUES ('bulb', 'bulb', $1, 'b.bin')", [target]);
    creationLimits.writtenAtAdd = 10;
    creationLimits.rowsPerBatch = 20;
  }, SETUP_TIMEOUT);
  afterAll(() => Object.assign(creationLimits, saved));
}

/**
 * Until PostgreSQL shows a session of this database waiting on a lock (no timed wait), or `done` says
 * the step that would wait has ended: the races of the PostgreSQL-only suites.
 */
export async function untilSomeoneWaits(db: Db, done: () => boolean): Promise<void> {
  while (!done()) {
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((r) => setImmediate(r));
  }
}
