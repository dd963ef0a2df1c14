/**
 * Which fleet-api instance this is (issue 25, docs/deploy.md "Jobs across instances"): several
 * instances share one PostgreSQL, and the work one of them owns (an export job, a singleton's lock) is
 * recorded under this name. `INSTANCE_ID` names it (a container's name, so a restarted instance finds
 * its own jobs); otherwise `hostname:pid:random`, which no later process repeats.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db';
import { Ticker } from '../simulator/ticker';

declare module './context' {
  interface AppContext {
    /** This instance's name (`instanceId`; tests give each buildApp its own). */
    instanceId: string;
    /** This instance's beat and the sweeps run after it. */
    heartbeat: InstanceHeartbeat;
  }
}

/** Visible characters only: the name is written into rows and logs. */
const INSTANCE_NAME = /^[\x21-\x7e]{1,100}$/;

/** The instance's name from `INSTANCE_ID`, else a new one; a malformed `INSTANCE_ID` stops the start. */
export function instanceIdFrom(env: NodeJS.ProcessEnv): string {
  const configured = env.INSTANCE_ID?.trim();
  if (configured === undefined || configured === '') return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  if (!INSTANCE_NAME.test(configured)) throw new Error('INSTANCE_ID must be 1 to 100 visible characters, without spaces');
  return configured;
}

/** This process's instance name. */
export const instanceId: string = instanceIdFrom(process.env);

/** How often an instance beats into `instances` (and sweeps the jobs of dead ones). */
export const HEARTBEAT_MS = 10_000;
/** A beat older than this is a dead instance's: with the sweep's period, its jobs end within a minute. */
export const HEARTBEAT_EXPIRY_SECONDS = 45;

/** SQL: the instance named by `column` beat within the expiry (no row: dead, or from before migration 0038). */
export function ownerAlive(column: string): string {
  return `EXISTS (SELECT 1 FROM instances i WHERE i.id = ${column} AND i.heartbeat_at >= now() - make_interval(secs => ${HEARTBEAT_EXPIRY_SECONDS}))`;
}

/**
 * This instance's beat (migration 0038): its row in `instances`, on the database's clock, so instances
 * on several machines compare beats on one clock. Each tick beats, then runs the sweeps (the export
 * jobs of dead instances); beating first, an instance never takes itself for dead.
 */
export class InstanceHeartbeat {
  private readonly ticker = new Ticker(() => this.tick());
  private readonly sweeps: Array<() => Promise<unknown>> = [];

  constructor(
    private readonly db: Db,
    readonly id: string,
  ) {}

  async beat(): Promise<void> {
    await this.db.query(
      'INSERT INTO instances (id, started_at, heartbeat_at) VALUES ($1, now(), now()) ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()',
      [this.id],
    );
  }

  /** One beat and every sweep (the timer's work; tests call it instead of waiting). */
  async tick(): Promise<void> {
    await this.beat();
    // names of instances gone for a day: their jobs ended long ago
    await this.db.query("DELETE FROM instances WHERE heartbeat_at < now() - interval '1 day'");
    for (const sweep of this.sweeps) await sweep();
  }

  /** Work run after each beat (a module's sweep of dead instances' jobs). */
  addSweep(sweep: () => Promise<unknown>): void {
    this.sweeps.push(sweep);
  }

  /** Beats every `HEARTBEAT_MS`, each beat followed by the sweeps (main.ts: a served instance only). */
  start(onError: (err: unknown) => void): void {
    this.ticker.start(HEARTBEAT_MS, onError);
  }

  /**
   * Stops beating; `forget` (a clean stop) removes the row, so the other instances need not wait for
   * the expiry (the caller has let its jobs finish first).
   */
  async stop({ forget }: { forget: boolean }): Promise<void> {
    await this.ticker.stop();
    // not forgotten (the database is gone, say): the row expires like a dead instance's
    if (forget) await this.db.query('DELETE FROM instances WHERE id = $1', [this.id]).catch(() => undefined);
  }
}
