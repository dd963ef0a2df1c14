/**
 * The rollout orchestrator (docs/rollouts.md, Deciding): `tick(now)` takes each rollout that is
 * running or still has devices in flight, one transaction each, its row locked (FOR UPDATE SKIP
 * LOCKED: another fleet-api instance on the same PostgreSQL skips it rather than dispatch the same
 * devices), and
 *   0. writes the rows an add left to write (creation.ts), claimed a batch at a time;
 *   1. reads the reports: a dispatched device whose job ended is installed when the device now runs
 *      the target version, failed otherwise (the job's own "installed" is not trusted); one in flight
 *      longer than timeout_minutes timed out (its job is failed);
 *   2. halts a running rollout whose failures (timeouts counted) or fault guard trip, with the figures;
 *   3. starts the next wave when the waves before it are done (and it is approved when it must be),
 *      finishes the rollout when every wave is done;
 *   4. dispatches queued devices of the current wave, inside their window, within max_in_flight and
 *      max_per_minute (a sliding minute): each gets an ota_jobs row of the rollout's push, which the fleet (or the
 *      simulator) moves.
 * Progress goes to the live bus once committed: one `rollout_progress` per changed rollout and tick.
 */
import type { Db } from '../../db';
import type { LiveBus } from '../live/bus';
import type { LiveEvent } from '../live/events';
import { Ticker } from '../../simulator/ticker';
import { rolloutsBeingWritten, writeRollout } from './creation';
import { progressEvents, rolloutRow, sumCounts, waveDone, wavesOf, type HaltReasonT, type RolloutRow } from './model';

/** How long a tick writes rows an add left before it goes on (each step, once begun, ends). */
const WRITING_PER_TICK_MS = 2000;

/** Devices dispatched per rollout and tick at most, so one tick's transaction stays short. */
const DISPATCH_BATCH = 2000;

export interface RolloutTickResult {
  /** Rollouts whose devices or state changed. */
  changed: number[];
  dispatched: number;
  halted: number[];
}

/** Minutes since local midnight of `now` in each device's zone, and its window test (jitter included). */
function windowCondition(r: RolloutRow, nowParam: string): string {
  const w = r.maintenance_window;
  if (!w) return 'true';
  const minutes = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return (h ?? 0) * 60 + (m ?? 0);
  };
  const start = minutes(w.start);
  const length = (minutes(w.end) - start + 1440) % 1440;
  const local = `(${nowParam}::timestamptz AT TIME ZONE rd.time_zone)`;
  const since = `((extract(hour FROM ${local})::int * 60 + extract(minute FROM ${local})::int - ${start} + 1440) % 1440)`;
  // each device starts at its own offset inside the window: stable per rollout and device
  const offset = `floor(((hashint8extended(rd.device_id, rd.rollout_id + 7919) & 1048575)::float8 / 1048576) * ${length})::int`;
  return `(${since} >= ${offset} AND ${since} < ${length})`;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export class RolloutOrchestrator {
  private now: () => Date = () => new Date();
  private readonly ticker = new Ticker(() => this.tick(this.now()));

  constructor(
    private readonly db: Db,
    private readonly bus: LiveBus | null = null,
  ) {}

  async tick(now: Date): Promise<RolloutTickResult> {
    // rows an add left to write (its own job stopped, or another instance's did): claimed step by step,
    // for a part of the tick only, so the halts and dispatches below keep their pace
    const until = Date.now() + WRITING_PER_TICK_MS;
    for (const id of await rolloutsBeingWritten(this.db)) {
      await writeRollout(this.db, id, () => Date.now() >= until, async () => {
        if (this.bus) await this.publish(await progressEvents(this.db, [id]));
      });
    }
    const { rows } = await this.db.query<{ id: number }>(
      `SELECT r.id::int AS id FROM rollouts r
        WHERE r.state = 'running'
           OR (r.state <> 'finished' AND EXISTS (SELECT 1 FROM rollout_waves w WHERE w.rollout_id = r.id AND w.in_flight > 0))
        ORDER BY r.id`,
    );
    const result: RolloutTickResult = { changed: [], dispatched: 0, halted: [] };
    for (const { id } of rows) {
      const step = await this.db.transaction(async (tx) => {
        const out = await this.step(tx, id, now);
        const events = out.changed && this.bus ? await progressEvents(tx, [id]) : [];
        return { ...out, events };
      });
      if (step.changed) result.changed.push(id);
      if (step.halted) result.halted.push(id);
      result.dispatched += step.dispatched;
      if (this.bus && step.events.length > 0) await this.publish(step.events);
    }
    return result;
  }

  private async publish(events: LiveEvent[]): Promise<void> {
    // the state change stands whatever happens to its event; the next tick sends newer counts
    await this.bus?.publish(events).catch(() => undefined);
  }

  private async step(tx: Db, id: number, now: Date): Promise<{ changed: boolean; halted: boolean; dispatched: number }> {
    const at = now.toISOString();
    const locked = await tx.query<{ id: number }>(
      "SELECT id FROM rollouts WHERE id = $1 AND state <> 'finished' FOR UPDATE SKIP LOCKED",
      [id],
    );
    if (locked.rows.length === 0) return { changed: false, halted: false, dispatched: 0 };
    const r = await rolloutRow(tx, id, null);
    if (!r) return { changed: false, halted: false, dispatched: 0 };

    // 1. reports and timeouts
    const reported = await tx.query(
      `UPDATE rollout_devices rd
          SET state = CASE WHEN j.state = 'installed' AND d.firmware_version = $2 THEN 'installed' ELSE 'failed' END,
              failures = rd.failures + CASE WHEN j.state = 'installed' AND d.firmware_version = $2 THEN 0 ELSE 1 END,
              finished_at = $3
         FROM ota_jobs j, devices d
        WHERE rd.rollout_id = $1 AND rd.state = 'in_flight' AND j.id = rd.job_id AND j.state IN ('installed', 'failed')
          AND d.id = rd.device_id`,
      [id, r.firmware_version, at],
    );
    const timedOut = await tx.query<{ job_id: number | null }>(
      `UPDATE rollout_devices SET state = 'timed_out', failures = failures + 1, finished_at = $3
        WHERE rollout_id = $1 AND state = 'in_flight' AND dispatched_at <= $3::timestamptz - make_interval(mins => $2)
        RETURNING job_id::int AS job_id`,
      [id, r.timeout_minutes, at],
    );
    const lostJobs = timedOut.rows.map((t) => t.job_id).filter((j): j is number => j !== null);
    if (lostJobs.length > 0) {
      // the device never came back: its job ends, so it does not hold the device for other pushes
      await tx.query("UPDATE ota_jobs SET state = 'failed', updated_at = $2 WHERE id = ANY($1::bigint[]) AND state IN ('queued', 'downloading')", [
        lostJobs,
        at,
      ]);
    }
    let changed = reported.rowCount > 0 || timedOut.rowCount > 0;
    if (r.state !== 'running') return { changed, halted: false, dispatched: 0 };

    // 2. halt conditions
    const waves = (await wavesOf(tx, [id])).get(id) ?? [];
    const halt = await this.haltReason(tx, r, sumCounts(waves), now);
    if (halt) {
      await tx.query("UPDATE rollouts SET state = 'halted', halt_reason = $2, updated_at = $3 WHERE id = $1", [id, JSON.stringify(halt), at]);
      return { changed: true, halted: true, dispatched: 0 };
    }

    // 3. waves
    const current = waves.findIndex((w) => !waveDone(w));
    const wave = waves[current];
    if (!wave) {
      if (await this.stillGuarded(tx, r, now)) return { changed, halted: false, dispatched: 0 };
      await tx.query("UPDATE rollouts SET state = 'finished', finished_at = $2, updated_at = $2 WHERE id = $1", [id, at]);
      return { changed: true, halted: false, dispatched: 0 };
    }
    if (wave.approval && wave.approved_at === null) return { changed, halted: false, dispatched: 0 };
    // nothing dispatches before the wave's rows are all written (migration 0029)
    if (wave.unwritten > 0) return { changed, halted: false, dispatched: 0 };
    if (wave.started_at === null) {
      await tx.query('UPDATE rollout_waves SET started_at = $3 WHERE rollout_id = $1 AND wave = $2', [id, wave.wave, at]);
      changed = true;
    }

    // 4. dispatch within the caps and windows
    // a sliding minute: at most max_per_minute in any 60 s (the batches of the last 60 s, kept on the locked row)
    const recent = r.recent_dispatches.filter(([t]) => t > now.getTime() - 60_000);
    const usedThisMinute = recent.reduce((sum, [, n]) => sum + n, 0);
    const inFlight = sumCounts(waves).in_flight;
    const room = Math.min(r.max_in_flight - inFlight, r.max_per_minute - usedThisMinute, DISPATCH_BATCH);
    if (room <= 0) return { changed, halted: false, dispatched: 0 };
    const claimed = await tx.query<{ device_id: number }>(
      `SELECT rd.device_id::int AS device_id FROM rollout_devices rd
        WHERE rd.rollout_id = $1 AND rd.wave = $2 AND rd.state = 'queued' AND ${windowCondition(r, '$4')}
          AND NOT EXISTS (SELECT 1 FROM ota_jobs a WHERE a.device_id = rd.device_id AND a.state IN ('queued', 'downloading'))
        ORDER BY rd.position LIMIT $3
        FOR UPDATE OF rd SKIP LOCKED`,
      r.maintenance_window ? [id, wave.wave, room, at] : [id, wave.wave, room],
    );
    const devices = claimed.rows.map((c) => c.device_id);
    if (devices.length === 0) return { changed, halted: false, dispatched: 0 };
    // a device deleted since the add has nothing to install (no key holds it: migration 0022)
    const gone = await tx.query(
      `UPDATE rollout_devices rd SET state = 'cancelled', finished_at = $3
        WHERE rd.rollout_id = $1 AND rd.device_id = ANY($2::bigint[]) AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.id = rd.device_id)`,
      [id, devices, at],
    );
    if (gone.rowCount > 0) changed = true;
    const sent = await tx.query(
      `WITH jobs AS (
         INSERT INTO ota_jobs (push_id, device_id, from_version, to_version, state, created_at, updated_at)
         SELECT $2, d.id, d.firmware_version, $3, 'queued', $4, $4 FROM devices d WHERE d.id = ANY($5::bigint[])
         RETURNING id, device_id, from_version
       )
       UPDATE rollout_devices rd SET state = 'in_flight', job_id = jobs.id, dispatched_at = $4, from_version = jobs.from_version
         FROM jobs WHERE rd.rollout_id = $1 AND rd.device_id = jobs.device_id`,
      [id, r.push_id, r.firmware_version, at, devices],
    );
    await tx.query('UPDATE ota_pushes SET device_count = device_count + $2 WHERE id = $1', [r.push_id, sent.rowCount]);
    await tx.query('UPDATE rollouts SET recent_dispatches = $2, updated_at = $3 WHERE id = $1', [
      id,
      JSON.stringify([...recent, [now.getTime(), sent.rowCount]]),
      at,
    ]);
    return { changed: true, halted: false, dispatched: sent.rowCount };
  }

  /** Which halt condition is true now, with its figures; null when none. */
  private async haltReason(
    tx: Db,
    r: RolloutRow,
    total: { installed: number; failed: number; timed_out: number },
    now: Date,
  ): Promise<HaltReasonT | null> {
    const failed = total.failed - r.baseline.failed;
    const timedOut = total.timed_out - r.baseline.timed_out;
    const finished = total.installed + total.failed + total.timed_out - r.baseline.finished;
    const figures = {
      at: now.toISOString(),
      finished,
      failed,
      timed_out: timedOut,
      failure_percent: finished > 0 ? round2(((failed + timedOut) * 100) / finished) : 0,
      threshold_percent: r.failure_threshold_percent,
      min_finished: r.min_finished,
    };
    if (finished >= r.min_finished && (failed + timedOut) * 100 > r.failure_threshold_percent * finished) {
      // timeouts named when the failures alone would not have tripped it
      const condition = failed * 100 > r.failure_threshold_percent * finished ? 'failure_rate' : 'timeouts';
      return { condition, ...figures, fault_guard: null };
    }
    if (!r.fault_guard || r.product_line !== 'heat_pump') return null;
    const guard = await faultGuardFigures(tx, r, now);
    if (guard.updated >= r.min_finished && guard.updated_percent - guard.others_percent > r.fault_guard.points) {
      return { condition: 'fault_guard', ...figures, fault_guard: guard };
    }
    return null;
  }

  /** A fault-guarded rollout stays running until its guard's hours have passed since its last install. */
  private async stillGuarded(tx: Db, r: RolloutRow, now: Date): Promise<boolean> {
    if (!r.fault_guard || r.product_line !== 'heat_pump') return false;
    const { rows } = await tx.query<{ guarded: boolean }>(
      `SELECT coalesce(max(finished_at) + make_interval(hours => $2) > $3::timestamptz, false) AS guarded
         FROM rollout_devices WHERE rollout_id = $1 AND state = 'installed'`,
      [r.id, r.fault_guard.hours, now.toISOString()],
    );
    return rows[0]?.guarded ?? false;
  }

  /** Ticks every `intervalMs` (never overlapping); errors go to `onError`. */
  start(intervalMs: number, now: () => Date, onError: (err: unknown) => void): void {
    this.now = now;
    this.ticker.start(intervalMs, onError);
  }

  /** Stops the interval and waits for a tick in progress. */
  async stop(): Promise<void> {
    await this.ticker.stop();
  }
}

/**
 * The fault guard's figures: of the devices the rollout installed (since its last resume), the share
 * with a new fault within `hours` of their install; of the line's devices not on the target, the
 * share with a fault in the last `hours`.
 */
export async function faultGuardFigures(tx: Db, r: RolloutRow, now: Date): Promise<NonNullable<HaltReasonT['fault_guard']>> {
  const hours = r.fault_guard?.hours ?? 0;
  const at = now.toISOString();
  const { rows } = await tx.query<{ updated: number; updated_with_fault: number }>(
    `SELECT count(*)::int AS updated,
            count(*) FILTER (WHERE EXISTS (
              SELECT 1 FROM faults f WHERE f.device_id = rd.device_id
                 AND f.history_datetime > rd.finished_at AND f.history_datetime <= rd.finished_at + make_interval(hours => $2)))::int AS updated_with_fault
       FROM rollout_devices rd
      WHERE rd.rollout_id = $1 AND rd.state = 'installed' AND ($3::timestamptz IS NULL OR rd.finished_at >= $3::timestamptz)`,
    [r.id, hours, r.baseline.from],
  );
  // the line's count from its (product_line, firmware_version) index; the faulty ones from the period's faults
  const others = await tx.query<{ others: number; others_with_fault: number }>(
    `SELECT (SELECT count(*) FROM devices d WHERE d.product_line = 'heat_pump' AND d.firmware_version IS DISTINCT FROM $1)::int AS others,
            (SELECT count(DISTINCT f.device_id) FROM faults f JOIN devices d ON d.id = f.device_id
              WHERE f.fault_status IN (0, 1) AND f.history_datetime > $3::timestamptz - make_interval(hours => $2)
                AND f.history_datetime <= $3::timestamptz
                AND d.product_line = 'heat_pump' AND d.firmware_version IS DISTINCT FROM $1)::int AS others_with_fault`,
    [r.firmware_version, hours, at],
  );
  const u = rows[0] ?? { updated: 0, updated_with_fault: 0 };
  const o = others.rows[0] ?? { others: 0, others_with_fault: 0 };
  return {
    hours,
    points: r.fault_guard?.points ?? 0,
    updated: u.updated,
    updated_with_fault: u.updated_with_fault,
    updated_percent: u.updated > 0 ? round2((u.updated_with_fault * 100) / u.updated) : 0,
    others: o.others,
    others_with_fault: o.others_with_fault,
    others_percent: o.others > 0 ? round2((o.others_with_fault * 100) / o.others) : 0,
  };
}
