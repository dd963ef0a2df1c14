/**
 * Exact list totals without recounting per request. A total is kept per count query (its SQL and
 * parameters: the caller's slice and the filters) together with the version of the data it read
 * (`table_versions`, bumped by statement triggers on every write that can move a total, whoever
 * writes). A request reads the version (a primary-key lookup) and recounts only when it changed, so
 * a total is never older than the last committed write the request could see.
 *
 * Requests that miss on the same query and version at once share one count: after a write, fifty
 * consoles showing the same list cost one count, not fifty queued on the database.
 */
import type { Db } from '../db';

interface Entry {
  version: string;
  total: number;
}

export class CountCache {
  private readonly entries = new Map<string, Entry>();
  private readonly counting = new Map<string, Promise<number>>();
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
    const key = `${countSql}\u0000${JSON.stringify(params)}`;
    // read before counting: a write after this read makes the next request miss
    const { rows } = await db.query<{ version: string }>('SELECT version::text AS version FROM table_versions WHERE name = $1', [this.versionName]);
    const version = rows[0]?.version ?? '';
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.hits += 1;
      // most recently used last: the oldest is evicted first
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.total;
    }
    const flightKey = `${version}\u0000${key}`;
    const running = this.counting.get(flightKey);
    if (running) {
      this.shared += 1;
      return running;
    }
    this.misses += 1;
    const count = (async () => {
      const counted = await db.query<{ n: number }>(countSql, params);
      const total = Number(counted.rows[0]?.n ?? 0);
      this.entries.set(key, { version, total });
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      return total;
    })();
    this.counting.set(flightKey, count);
    try {
      return await count;
    } finally {
      this.counting.delete(flightKey);
    }
  }
}
