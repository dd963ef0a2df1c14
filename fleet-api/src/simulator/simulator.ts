/**
 * The device simulator: stands in for the fleet answering firmware pushes. Each `tick(now)` moves
 * every job one step, oldest first and at most `batchSize` per step:
 *   queued -> downloading -> installed (the device's firmware_version becomes the job's to_version)
 *                         -> failed (about 1 job in 20, decided by the job id, so runs repeat exactly).
 * main.ts runs it on an interval (FLEET_SIMULATOR, FLEET_SIMULATOR_INTERVAL_MS) and stops it on shutdown.
 * Given the live bus, each tick publishes, once committed, every moved job's `ota` event and the
 * counts of each push it touched (`rollout`).
 */
import type { Db } from '../db';
import type { LiveBus } from '../modules/live/bus';
import type { LiveEvent } from '../modules/live/events';
import { jobEvents, rolloutEvents } from '../modules/ota/rollouts';

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

export class OtaSimulator {
  private readonly batchSize: number;
  private readonly bus: LiveBus | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

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
      const finished = await tx.query<{ id: number; push_id: number; device_id: number; to_version: string; state: string }>(
        `UPDATE ota_jobs j
            SET state = CASE WHEN ${FAILS_SQL} THEN 'failed' ELSE 'installed' END, updated_at = $2
          WHERE j.id IN (SELECT id FROM ota_jobs WHERE state = 'downloading' ORDER BY id LIMIT $1)
          RETURNING j.id::int AS id, j.push_id::int AS push_id, j.device_id, j.to_version, j.state`,
        [this.batchSize, at],
      );
      const installed = finished.rows.filter((r) => r.state === 'installed');
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
        ? [...(await jobEvents(tx, moved.map((r) => r.id))), ...(await rolloutEvents(tx, moved.map((r) => r.push_id)))]
        : [];
      return {
        result: { downloading: started.rowCount, installed: installed.length, failed: finished.rows.length - installed.length },
        events: live,
      };
    });
    if (this.bus && events.length > 0) await this.bus.publish(events);
    return result;
  }

  /** Ticks every `intervalMs` (a tick never overlaps the previous one); errors go to `onError`. */
  start(intervalMs: number, now: () => Date, onError: (err: unknown) => void): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick(now())
        .catch(onError)
        .finally(() => {
          this.running = null;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the interval and waits for a tick in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
