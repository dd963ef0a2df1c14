/**
 * Exact list totals without recounting per request. A total is kept per count query (its SQL and
 * parameters: the caller's slice and the filters) together with the version of the data it read
 * (`table_versions`, bumped by statement triggers on every write that can move a total, whoever
 * writes). A request reads the version (a primary-key lookup) and recounts only when it changed, so
 * a total is never older than the last committed write the request could see. `rows` keeps the
 * answer of a grouped count the same way (the devices of each agency on a page).
 *
 * Requests that miss on the same query and version at once share one count: after a write, fifty
 * consoles showing the same list cost one count, not fifty queued on the database.
 */
import type { Db } from '../db';

interface Entry {
  version: string;
  value: unknown;
}

export class CountCache {
  private readonly entries = new Map<string, Entry>();
  private readonly counting = new Map<string, Promise<unknown>>();
  /** Served from the cache / counted, since start (for the bench and the logs). */
  hits = 0;
  misses = 0;
  /** Misses that waited for the same count already running. */
  shared = 0;

  constructor(
    private readonly versionName: string,
    private readonly maxEntries = 20_000,
  ) {}

  async total(db: Db, countSql: string, params: unknown[]): Promise<number> {
    return this.cached(db, countSql, params, async () => Number((await db.query<{ n: number }>(countSql, params)).rows[0]?.n ?? 0));
  }

  /** The rows of a query whose answer only writes that bump the version can change (per-row counts). */
  async rows<T>(db: Db, sql: string, params: unknown[]): Promise<T[]> {
    return this.cached(db, sql, params, async () => (await db.query<T>(sql, params)).rows);
  }

  private async cached<T>(db: Db, sql: string, params: unknown[], read: () => Promise<T>): Promise<T> {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    // read before counting: a write after this read makes the next request miss
    const { rows } = await db.query<{ version: string }>('SELECT version::text AS version FROM table_versions WHERE name = $1', [this.versionName]);
    const version = rows[0]?.version ?? '';
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.hits += 1;
      // most recently used last: the oldest is evicted first
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as T;
    }
    const flightKey = `${version}\u0000${key}`;
    const running = this.counting.get(flightKey);
    if (running) {
      this.shared += 1;
      return running as Promise<T>;
    }
    this.misses += 1;
    const count = (async () => {
      const value = await read();
      this.entries.set(key, { version, value });
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      return value;
    })();
    this.counting.set(flightKey, count);
    try {
      return await count;
    } finally {
      this.counting.delete(flightKey);
    }
  }
}
