/**
 * One of each per fleet (issue 25, docs/deploy.md "One of each, and live after a gap"): work that must
 * run on one instance at a time, whichever instances share the PostgreSQL.
 *
 * - `Singleton`, for work that runs all the time (the simulators, the rollout orchestrator): a
 *   session-level advisory lock held on a pooled connection of its own. The holder runs the work;
 *   every other instance tries the lock again every `retryMs` (20 s), so when the holder dies (its
 *   connection closes and PostgreSQL lets the lock go) another starts the work within that. A holder
 *   whose lock connection drops stops the work at once.
 * - `onceInPeriod`, for periodic work every instance schedules on its own clock (the hourly history,
 *   housekeeping): a transaction-level advisory lock around the run, and the period's slot recorded
 *   in fleet_timer_runs in the same transaction, so two instances run it once per slot between them,
 *   a failed run is tried again by the next timer, and nothing is held between runs.
 *
 * On PGlite there is one process: a `Singleton` starts its work at once without a lock, and
 * `onceInPeriod` takes the same transaction lock, which one session is always granted.
 */
import type { Db, DbSession } from '../db';

/** The first key of every advisory lock here, so ours meet no other lock of the database. */
const FLEET_LOCKS = 25_025;

/** Every once-per-fleet timer, with the second key of its lock: keep each number for good. */
export const SINGLETON_KEYS = {
  /** The OTA and heat-pump simulators (src/simulator), started and stopped together. */
  simulator: 1,
  /** Staged rollouts' ticks (modules/rollouts/orchestrator.ts). */
  rolloutOrchestrator: 2,
  /** Today's network-dashboard history, hourly (modules/nms/history.ts). */
  heatPumpHistory: 3,
  /** Old sign-in state and heat-pump activity (modules/auth/housekeeping.ts, modules/faults/activity.ts). */
  housekeeping: 4,
} as const;

export type SingletonName = keyof typeof SINGLETON_KEYS;

/** Start-up decisions one instance makes at a time, each with the second key of its lock. */
export const START_UP_KEYS = {
  /** Inviting a production install's first Admin (modules/auth/invitations.ts). */
  firstAdmin: 100,
  /** The demo's firmware and slide images (seed/firmware.ts, seed/sliders.ts): seeded by one instance. */
  demoFirmware: 101,
  demoSliders: 102,
} as const;

/** Holds a start-up decision's lock until the caller's unit of work ends (PGlite: granted at once). */
export async function holdStartUpLock(tx: Db, name: keyof typeof START_UP_KEYS): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [FLEET_LOCKS, START_UP_KEYS[name]]);
}

/** What a `Singleton` runs while it holds its lock. */
export interface SingletonWork {
  start(): void;
  /** Stops and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface SingletonOptions {
  /** This instance's name (server/instance.ts): the lock connection carries it in pg_stat_activity. */
  instanceId: string;
  /** How often an instance without the lock tries it, and the holder checks its connection (ms). */
  retryMs?: number;
  onError: (err: unknown) => void;
  /** Heard when this instance starts (true) or stops (false) running the work. */
  onChange?: (holding: boolean) => void;
}

/** Well under the minute within which another instance must take over. */
export const SINGLETON_RETRY_MS = 20_000;

export class Singleton {
  private session: DbSession | null = null;
  private held = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private attempt: Promise<boolean> | null = null;
  private readonly retryMs: number;

  constructor(
    private readonly db: Db,
    readonly name: SingletonName,
    private readonly work: SingletonWork,
    private readonly opts: SingletonOptions,
  ) {
    this.retryMs = opts.retryMs ?? SINGLETON_RETRY_MS;
  }

  /** Whether this instance runs the work now. */
  holding(): boolean {
    return this.held;
  }

  /** Tries now, then every `retryMs` until stopped; answers whether this instance took it at once. */
  async start(): Promise<boolean> {
    if (!this.timer && !this.stopped) {
      this.timer = setInterval(() => void this.check().catch(this.opts.onError), this.retryMs);
      this.timer.unref();
    }
    return this.check();
  }

  /**
   * One round of the timer (tests call it instead of waiting): the holder checks its lock connection,
   * another instance tries the lock. Answers whether this instance holds it afterwards.
   */
  check(): Promise<boolean> {
    this.attempt ??= this.round().finally(() => {
      this.attempt = null;
    });
    return this.attempt;
  }

  /** Stops the work (waiting for its run in progress) and lets the lock go. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.attempt?.catch(() => undefined);
    await this.lose();
  }

  private async round(): Promise<boolean> {
    if (this.stopped) return false;
    if (this.db.kind === 'pglite') {
      if (!this.held) this.begin(null);
      return true;
    }
    if (!this.db.session) throw new Error(`${this.name}: this database cannot hold a lock connection`);
    if (this.session) {
      try {
        await this.session.query('SELECT 1');
        return true;
      } catch {
        // a connection that died without telling: PostgreSQL has let the lock go, or will
        await this.lose();
        return false;
      }
    }
    let session: DbSession | null = null;
    session = await this.db.session(`fleet-api ${this.name} ${this.opts.instanceId}`, () => {
      if (session && this.session === session) void this.lose().catch(this.opts.onError);
    });
    let got = false;
    try {
      const { rows } = await session.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS got', [FLEET_LOCKS, SINGLETON_KEYS[this.name]]);
      got = rows[0]?.got === true && !this.stopped;
    } finally {
      if (!got) await session.release();
    }
    if (got) this.begin(session);
    return got;
  }

  private begin(session: DbSession | null): void {
    this.session = session;
    this.held = true;
    this.work.start();
    this.opts.onChange?.(true);
  }

  private async lose(): Promise<void> {
    const session = this.session;
    this.session = null;
    if (this.held) {
      this.held = false;
      try {
        await this.work.stop();
      } finally {
        this.opts.onChange?.(false);
      }
    }
    await session?.release();
  }
}

/** The start of the `periodMs` slot of the clock that `now` falls in (hours start on the hour). */
function slotOf(now: Date, periodMs: number): string {
  return new Date(Math.floor(now.getTime() / periodMs) * periodMs).toISOString();
}

/**
 * Runs `work` (in one transaction, given it) unless another instance runs it right now or it already
 * ran for `now`'s slot of `periodMs`. Answers whether it ran here.
 */
export async function onceInPeriod(
  db: Db,
  name: SingletonName,
  run: { periodMs: number; now: Date; instanceId: string },
  work: (tx: Db) => Promise<unknown>,
): Promise<boolean> {
  const slot = slotOf(run.now, run.periodMs);
  return db.transaction(async (tx) => {
    const lock = await tx.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS got', [FLEET_LOCKS, SINGLETON_KEYS[name]]);
    if (lock.rows[0]?.got !== true) return false;
    const done = await tx.query('SELECT 1 FROM fleet_timer_runs WHERE name = $1 AND slot >= $2', [name, slot]);
    if (done.rowCount > 0) return false;
    await work(tx);
    await tx.query(
      `INSERT INTO fleet_timer_runs (name, slot, instance_id, ran_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET slot = EXCLUDED.slot, instance_id = EXCLUDED.instance_id, ran_at = EXCLUDED.ran_at`,
      [name, slot, run.instanceId, run.now.toISOString()],
    );
    return true;
  });
}
