/**
 * The database behind fleet-api: embedded PGlite (a data folder, or `memory://`) by default,
 * a PostgreSQL server when `databaseUrl` is given. One SQL dialect, one set of migrations.
 *
 * Values come back the same from both:
 * - int8 / bigserial ids and count(*) -> JS number (ids stay far below 2^53).
 * - numeric -> JS number (money-like values in this product are small; no exact-decimal maths here).
 * - timestamptz / timestamp -> ISO-8601 string in UTC, e.g. "2026-11-22T04:03:58.123Z" (ms precision).
 * - date -> "YYYY-MM-DD" string (no time zone shift).
 * - json / jsonb -> parsed value; bool -> boolean; int2/int4 -> number; everything else -> string.
 * - arrays of these -> JS arrays of the same (array_agg(id) is number[] on both).
 *
 * PGlite is one connection: its own mutex already makes plain queries wait while a transaction runs,
 * and transactions run one at a time, so concurrent requests never interleave inside a transaction.
 * A transaction started inside a transaction reuses it (no savepoint).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { Pool, types as pgDefaultTypes, type PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { PARSERS } from './values';
import type { ScriptRunner } from './migrate';

export { migrate } from './migrate';

interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /**
   * Runs fn in one transaction; a nested call inside fn's tx reuses that tx. `opening` (SQL without
   * parameters) is a hint: PostgreSQL sends it with BEGIN, in one round trip, and `openedWith(tx)` then
   * names it; whoever needs it run checks that (runUnitOfWork), since a wrapper may drop the hint.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>, opening?: string): Promise<T>;
  /**
   * The bytes of `COPY (...) TO STDOUT ...` (no parameters: COPY takes none), as they come: streamed
   * from PostgreSQL; from PGlite the whole answer of that one statement (keep each one bounded).
   */
  copyOut(sql: string): AsyncIterable<Uint8Array>;
  /**
   * PostgreSQL only: LISTEN on `channel` with a connection of its own (re-established if it drops,
   * then `onResumed`: what was notified in between is lost); answers the stop. PGlite is one process, whose events need no database to travel.
   */
  listen?(channel: string, onPayload: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: a pooled connection of one's own, outside every unit of work, for state that lives
   * as long as the connection (a session-level advisory lock: server/singleton.ts). `onLost` hears once
   * that it dropped; `release()` closes it, so whatever it held is let go with it.
   */
  session?(name: string, onLost: () => void): Promise<DbSession>;
  close(): Promise<void>;
}

/** A connection kept by one owner (Db.session). */
export interface DbSession {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  release(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://... : use a PostgreSQL server. Wins over dataDir. */
  databaseUrl?: string;
  /** A folder for PGlite's files, or 'memory://' for an in-memory database. */
  dataDir?: string;
  /**
   * PGlite only: a data folder saved by `dumpPGlite`, to start from instead of an empty database. The
   * tests start from a migrated one: a PGlite start without its initdb is about 2 s shorter here.
   */
  pgliteImage?: Blob;
}



/** A connection inside a transaction, of either driver: a nested transaction runs in it, and its owner closes it. */
abstract class InTransaction implements Db, ScriptRunner {
  abstract readonly kind: Db['kind'];
  abstract query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  abstract copyOut(sql: string): AsyncIterable<Uint8Array>;
  abstract execScript(sql: string): Promise<void>;
  /** The statement sent with this transaction's BEGIN, if any. */
  opening?: string;

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }

  close(): Promise<void> {
    return Promise.reject(new Error('close() is not available inside a transaction'));
  }
}

// ---------------------------------------------------------------------------------------------
// The unit of work: one transaction around a whole request (policy/audit.ts), which every query made
// in that request's async context joins, whichever Db object it was made through. On PGlite this is
// what keeps a handler from waiting on itself: the transaction holds the only connection, and a plain
// query from inside it would queue behind it forever.

interface UnitOfWork {
  tx: Db;
  open: boolean;
  /** Work to start once the transaction has committed (dropped if it rolls back). */
  committed: Array<{ run: () => void; drop: () => void }>;
}

const units = new AsyncLocalStorage<UnitOfWork>();

/** The open unit of work's transaction, when this async context is inside one. */
function joined(): Db | null {
  const unit = units.getStore();
  return unit?.open ? unit.tx : null;
}

/** Whether this async context is inside an open unit of work (its writes commit or roll back together). */
export function inUnitOfWork(): boolean {
  return joined() !== null;
}

/** The statement a transaction's BEGIN carried (`Db.transaction`'s `opening`), if it did. */
function openedWith(tx: Db): string | undefined {
  return tx instanceof InTransaction ? tx.opening : undefined;
}

/**
 * Runs `work` in one transaction that every query of its async context joins; what `afterCommit`
 * queued runs once it has committed. A throw rolls everything back. `opening` (SQL without parameters)
 * runs first in the transaction: with BEGIN in one round trip where the driver can (PostgreSQL).
 * Inside an open unit, `work` joins it and `opening` runs on its own.
 */
export async function runUnitOfWork<T>(db: Db, work: (tx: Db) => Promise<T>, opening?: string): Promise<T> {
  const outer = joined();
  if (outer) {
    if (opening) await outer.query(opening);
    return work(outer);
  }
  const holder: { unit?: UnitOfWork } = {};
  const close = (outcome: 'run' | 'drop'): void => {
    const unit = holder.unit;
    if (!unit) return;
    unit.open = false;
    for (const next of unit.committed) next[outcome]();
  };
  try {
    const result = await db.transaction(async (tx) => {
      if (opening && openedWith(tx) !== opening) await tx.query(opening);
      const unit: UnitOfWork = { tx, open: true, committed: [] };
      holder.unit = unit;
      return units.run(unit, () => work(tx));
    }, opening);
    close('run');
    return result;
  } catch (err) {
    close('drop');
    throw err;
  }
}

/**
 * Starts `fn` once the current unit of work has committed, outside it (a background job, a live
 * event); at once when there is none. Answers when `fn` has finished, or `undefined` if the unit
 * rolled back. Never await it inside the unit: it waits for the commit that waits for you.
 */
export function afterCommit<T>(fn: () => Promise<T>): Promise<T | undefined> {
  const unit = units.getStore();
  if (!unit?.open) return units.exit(fn);
  return new Promise<T | undefined>((resolve, reject) => {
    unit.committed.push({
      run: () => void units.exit(fn).then(resolve, reject),
      drop: () => resolve(undefined),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// PGlite

type PGliteQueryable = Pick<PGlite, 'query' | 'exec'> | PGliteTransaction;

class PGliteTxDb extends InTransaction {
  readonly kind = 'pglite' as const;
  constructor(private readonly tx: PGliteQueryable) {
    super();
  }

  async *copyOut(sql: string): AsyncIterable<Uint8Array> {
    // PGlite writes COPY output to a blob it hands back with the result
    const res = await this.tx.query(sql.replace(/\bTO STDOUT\b/i, "TO '/dev/blob'"));
    if (res.blob) yield new Uint8Array(await res.blob.arrayBuffer());
  }

  async query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    const res = await this.tx.query<T>(sql, params as unknown[] | undefined);
    // affectedRows is 0 for SELECT; pg's rowCount counts the rows returned then.
    return { rows: res.rows, rowCount: Math.max(res.affectedRows ?? 0, res.rows.length) };
  }

  async execScript(sql: string): Promise<void> {
    await this.tx.exec(sql);
  }
}

class PGliteDb implements Db, ScriptRunner {
  readonly kind = 'pglite' as const;
  private readonly plain: PGliteTxDb;
  constructor(private readonly pg: PGlite) {
    this.plain = new PGliteTxDb(pg);
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    return (joined() ?? this.plain).query<T>(sql, params);
  }

  copyOut(sql: string): AsyncIterable<Uint8Array> {
    return (joined() ?? this.plain).copyOut(sql);
  }

  execScript(sql: string): Promise<void> {
    return this.plain.execScript(sql);
  }

  // PGlite's transaction() holds its transaction mutex for the whole callback; plain queries wait.
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const unit = joined();
    if (unit) return fn(unit);
    return this.pg.transaction((tx) => fn(new PGliteTxDb(tx)));
  }

  async close(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }

  dump(): Promise<Blob> {
    return this.pg.dumpDataDir('none');
  }
}

async function openPGlite(dataDir: string, image?: Blob): Promise<Db> {
  // an ES module only in its types: loaded the way that works from CommonJS too
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pg = await PGlite.create({
    ...(dataDir === 'memory://' ? {} : { dataDir }),
    ...(image ? { loadDataDir: image } : {}),
    parsers: PARSERS,
    // trigram indexes for "contains" searches of serial numbers and MAC addresses (0008)
    extensions: { pg_trgm },
  });
  await pg.exec("SET TIME ZONE 'UTC'");
  return new PGliteDb(pg);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL server

const pgTypes = {
  getTypeParser(oid: number, format?: string): (text: string) => unknown {
    const parser = PARSERS[oid];
    if (parser && format !== 'binary') return parser;
    return pgDefaultTypes.getTypeParser(oid, format === 'binary' ? 'binary' : 'text');
  },
};

class PgClientDb extends InTransaction {
  readonly kind = 'postgres' as const;
  constructor(
    private readonly client: PoolClient,
    override readonly opening?: string,
  ) {
    super();
  }

  async *copyOut(sql: string): AsyncIterable<Uint8Array> {
    yield* this.client.query(copyTo(sql)) as AsyncIterable<Uint8Array>;
  }

  async query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    const res = await this.client.query(sql, params);
    return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
  }

  async execScript(sql: string): Promise<void> {
    await this.client.query(sql);
  }
}

/**
 * A connection taken from the pool for a unit of work or a COPY. While it is out, pg-pool takes its own
 * error listener off: a connection PostgreSQL ends between two statements (a restart, a failover,
 * pg_terminate_backend) would emit an 'error' nobody hears, which ends the process. Heard here, the
 * unit's next statement fails with the reason (and rolls back), and the connection is destroyed on
 * release rather than given to the next caller.
 */
function watchCheckedOut(client: PoolClient): { release(): void } {
  let lost: Error | undefined;
  const onError = (err: Error) => {
    lost = err;
  };
  client.on('error', onError);
  return {
    release() {
      client.off('error', onError);
      client.release(lost);
    },
  };
}

class PgPoolDb implements Db, ScriptRunner {
  readonly kind = 'postgres' as const;
  constructor(private readonly pool: Pool) {}

  async *copyOut(sql: string): AsyncIterable<Uint8Array> {
    const unit = joined();
    if (unit) {
      yield* unit.copyOut(sql);
      return;
    }
    const client = await this.pool.connect();
    const watch = watchCheckedOut(client);
    try {
      yield* client.query(copyTo(sql)) as AsyncIterable<Uint8Array>;
    } finally {
      watch.release();
    }
  }

  async query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    const unit = joined();
    if (unit) return unit.query<T>(sql, params);
    const res = await this.pool.query(sql, params);
    return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
  }

  async execScript(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async session(name: string, onLost: () => void): Promise<DbSession> {
    const client = await this.pool.connect();
    let lost = false;
    const drop = () => {
      if (lost) return;
      lost = true;
      onLost();
    };
    client.on('error', drop);
    client.on('end', drop);
    try {
      // named, so pg_stat_activity shows which instance holds what
      await client.query('SELECT set_config($1, $2, false)', ['application_name', name.slice(0, 63)]);
    } catch (err) {
      client.release(true);
      throw err;
    }
    return {
      query: async <T = Record<string, unknown>>(sql: string, params?: unknown[]) => {
        const res = await client.query(sql, params);
        return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
      },
      release: async () => {
        const healthy = !lost;
        lost = true;
        // let go at once, not when the server notices the closed connection
        if (healthy) await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
        // destroyed, not returned to the pool: its session state must not outlive its owner
        client.release(true);
      },
    };
  }

  async listen(channel: string, onPayload: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let client: PoolClient | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const scheduleRetry = (): void => {
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = null;
        void reconnect().catch(scheduleRetry);
      }, 1000);
    };
    const connect = async (): Promise<void> => {
      const c = await this.pool.connect();
      const lost = () => {
        if (client !== c) return;
        client = null;
        c.release(true);
        scheduleRetry();
      };
      c.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload) onPayload(msg.payload);
      });
      c.on('error', lost);
      c.on('end', lost);
      client = c;
      try {
        await c.query(`LISTEN ${channel}`);
      } catch (err) {
        if (client === c) {
          client = null;
          c.release(true);
        }
        throw err;
      }
    };
    // a retry that succeeds follows a drop: tell the owner once it listens again
    const reconnect = async (): Promise<void> => {
      await connect();
      if (!stopped) {
        onResumed?.();
        return;
      }
      const c = client; // stopped while connecting
      client = null;
      c?.release(true);
    };
    await connect();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) {
        await c.query(`UNLISTEN ${channel}`).catch(() => undefined);
        c.release();
      }
    };
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>, opening?: string): Promise<T> {
    const unit = joined();
    if (unit) return fn(unit);
    const client = await this.pool.connect();
    const watch = watchCheckedOut(client);
    try {
      // one simple-protocol query: BEGIN and the opening statement in one round trip
      await client.query(opening ? `BEGIN; ${opening}` : 'BEGIN');
      const result = await fn(new PgClientDb(client, opening));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      watch.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

async function openPostgres(databaseUrl: string): Promise<Db> {
  const pool = new Pool({
    connectionString: databaseUrl,
    types: pgTypes,
    // Same session zone as PGlite, so now()::text and date arithmetic agree.
    options: '-c TimeZone=UTC',
    max: Number(process.env.PG_POOL_MAX ?? 10),
  });
  // A dropped idle connection must not crash the process; the next query gets a new one.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');
  return new PgPoolDb(pool);
}

/** Opens PostgreSQL when databaseUrl is set, otherwise PGlite in dataDir (default in memory). */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPGlite(opts.dataDir ?? 'memory://', opts.pgliteImage);
}

/** A PGlite database's data folder as one uncompressed tarball, for `pgliteImage`. */
export async function dumpPGlite(db: Db): Promise<Blob> {
  if (!(db instanceof PGliteDb)) throw new Error('dumpPGlite: not a PGlite database');
  return db.dump();
}
