/**
 * The device simulator: stands in for the fleet answering firmware pushes. Each `tick(now)` moves
 * every job one step, oldest first and at most `batchSize` per step:
 *   queued -> downloading -> installed (the device's firmware_version becomes the job's to_version)
 *                         -> failed (about 1 job in 20, decided by the job id, so runs repeat exactly).
 * A rollout's jobs (issue 22, docs/rollouts.md) exist only once its orchestrator dispatched them (inside
 * the window, under the caps), and the simulator plays their devices less kindly: about 1 in 40 goes
 * silent (its job stays downloading until the rollout times it out), about 1 in 50 says installed but
 * comes back on its old version, a demo failing firmware (DEMO_FAILING_PATCH) fails 1 in 3 more, and a
 * heat pump that installed one raises a fault 1 time in 2.
 * main.ts runs it on an interval (FLEET_SIMULATOR, FLEET_SIMULATOR_INTERVAL_MS) and stops it on shutdown.
 * Given the live bus, each tick publishes, once committed, every moved job's `ota` event and the
 * counts of each push it touched (`rollout`).
 */
import type { Db } from '../db';
import type { LiveBus } from '../modules/live/bus';
import { DEVICE_KEYS_SQL, type LiveEvent } from '../modules/live/events';
import type { DeviceKeys } from '../policy/live-scope';
import { jobEvents, rolloutEvents } from '../modules/ota/rollouts';
import { FAULT_DESCRIPTIONS } from '../seed/data';
import { recordActivity } from './heat-pumps';
import { Ticker } from './ticker';

export interface TickResult {
  downloading: number;
  installed: number;
  failed: number;
}

export interface SimulatorOptions {
  /** Jobs moved per step and tick; keeps each tick's transaction short on a large push. */
  batchSize?: number;
  /** Where the job states go live (modules/live); none: nothing is published. */
  bus?: LiveBus;
}

/** Whether a job fails: deterministic per job id, about 1 in 20. */
export function jobFails(jobId: number): boolean {
  return (jobId * 7919 + 13) % 20 === 0;
}
/** The same rule in SQL (bigint arithmetic, so it agrees with jobFails for every id). */
const FAILS_SQL = '((j.id * 7919 + 13) % 20 = 0)';

/** The patch number of the demo firmware that fails often (seed/firmware.ts seeds one per line, x.y.99). */
export const DEMO_FAILING_PATCH = 99;
/** Whether a version is the demo's failing firmware. */
export const isDemoFailingVersion = (version: string): boolean => version.split('.').at(-1) === String(DEMO_FAILING_PATCH);

const ROLLOUT_JOB_SQL = 'EXISTS (SELECT 1 FROM rollouts r WHERE r.push_id = j.push_id)';
/** A rollout device that never answers (its job stays downloading). */
const SILENT_SQL = `(${ROLLOUT_JOB_SQL} AND (j.device_id * 31 + j.push_id) % 40 = 0)`;
/** A rollout device whose install says done but that restarts on its old image. */
const OLD_IMAGE_SQL = `(${ROLLOUT_JOB_SQL} AND (j.id * 13 + 5) % 50 = 0)`;
/** The fault a heat pump raises after installing the demo failing firmware. */
const AFTER_INSTALL_FAULT = 'E01';
const DEMO_FAILS_SQL = `(${ROLLOUT_JOB_SQL} AND j.to_version LIKE '%.${DEMO_FAILING_PATCH}' AND j.id % 3 = 0)`;

export class OtaSimulator {
  private readonly batchSize: number;
  private readonly bus: LiveBus | null;
  private ticker: Ticker | null = null;

  constructor(
    private readonly db: Db,
    opts: SimulatorOptions = {},
  ) {
    this.batchSize = opts.batchSize ?? 5000;
    this.bus = opts.bus ?? null;
  }

  async tick(now: Date): Promise<TickResult> {
    const at = now.toISOString();
    const { result, events } = await this.db.transaction(async (tx) => {
      // Finish what was downloading first, so a job takes two ticks from queued to done.
      const finished = await tx.query<{ id: number; push_id: number; device_id: number; to_version: string; state: string; old_image: boolean }>(
        `UPDATE ota_jobs j
            SET state = CASE WHEN ${FAILS_SQL} OR ${DEMO_FAILS_SQL} THEN 'failed' ELSE 'installed' END, updated_at = $2
          WHERE j.id IN (SELECT j.id FROM ota_jobs j WHERE j.state = 'downloading' AND NOT ${SILENT_SQL} ORDER BY j.id LIMIT $1)
          RETURNING j.id::int AS id, j.push_id::int AS push_id, j.device_id, j.to_version, j.state, ${OLD_IMAGE_SQL} AS old_image`,
        [this.batchSize, at],
      );
      const installed = finished.rows.filter((r) => r.state === 'installed' && !r.old_image);
      const faults = await raiseFaultsAfterInstall(tx, installed.filter((r) => isDemoFailingVersion(r.to_version) && r.device_id % 2 === 0).map((r) => r.device_id), at);
      if (installed.length > 0) {
        await tx.query(
          `UPDATE devices d SET firmware_version = x.to_version, updated_at = $3
             FROM unnest($1::bigint[], $2::text[]) AS x(id, to_version)
            WHERE d.id = x.id`,
          [installed.map((r) => r.device_id), installed.map((r) => r.to_version), at],
        );
      }
      const started = await tx.query<{ id: number; push_id: number }>(
        `UPDATE ota_jobs SET state = 'downloading', updated_at = $2
          WHERE id IN (SELECT id FROM ota_jobs WHERE state = 'queued' ORDER BY id LIMIT $1)
          RETURNING id::int AS id, push_id::int AS push_id`,
        [this.batchSize, at],
      );
      const moved = [...finished.rows, ...started.rows];
      const live: LiveEvent[] = this.bus
        ? [...(await jobEvents(tx, moved.map((r) => r.id))), ...(await rolloutEvents(tx, moved.map((r) => r.push_id))), ...faults]
        : [];
      return {
        result: { downloading: started.rowCount, installed: finished.rows.filter((r) => r.state === 'installed').length, failed: finished.rows.filter((r) => r.state === 'failed').length },
        events: live,
      };
    });
    if (this.bus && events.length > 0) await this.bus.publish(events);
    return result;
  }

  /** Ticks every `intervalMs` (a tick never overlaps the previous one); errors go to `onError`. */
  start(intervalMs: number, now: () => Date, onError: (err: unknown) => void): void {
    this.ticker ??= new Ticker(() => this.tick(now()));
    this.ticker.start(intervalMs, onError);
  }

  /** Stops the interval and waits for a tick in progress. */
  async stop(): Promise<void> {
    await this.ticker?.stop();
  }
}

/**
 * Heat pumps among `deviceIds` raise a fault now (the demo failing firmware's installs), so a rollout's
 * fault guard has something to see. Other lines have no faults. Like the heat pumps' own faults, each
 * goes into the pump's activity and is returned as a `fault` event for the live bus (Fault Management
 * and the dashboards see it as it happens).
 */
async function raiseFaultsAfterInstall(tx: Db, deviceIds: number[], at: string): Promise<LiveEvent[]> {
  if (deviceIds.length === 0) return [];
  const { rows } = await tx.query<DeviceKeys & { fault_id: number; fault_code: string }>(
    `WITH raised AS (
       INSERT INTO faults (device_id, fault_code, fault_description, history_datetime, fault_status, created_at, updated_at)
       SELECT d.id, $2, $3, $4, 0, $4, $4 FROM devices d WHERE d.id = ANY($1::bigint[]) AND d.product_line = 'heat_pump'
       RETURNING id, device_id, fault_code
     )
     UPDATE devices d SET fault_code = r.fault_code, updated_at = $4 FROM raised r WHERE d.id = r.device_id
     RETURNING ${DEVICE_KEYS_SQL}, r.id::int AS fault_id, r.fault_code`,
    [deviceIds, AFTER_INSTALL_FAULT, FAULT_DESCRIPTIONS[AFTER_INSTALL_FAULT] ?? AFTER_INSTALL_FAULT, at],
  );
  const when = Date.parse(at);
  const events: LiveEvent[] = rows.map(({ fault_id, fault_code, ...device }) => ({ kind: 'fault', at: when, device, fault_id, fault_code }));
  await recordActivity(tx, events);
  return events;
}
