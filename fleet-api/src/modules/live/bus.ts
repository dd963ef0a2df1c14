/**
 * The live bus: every fleet-api instance publishes device events and session ends here and hears
 * everyone's. On PostgreSQL it is NOTIFY/LISTEN on one channel (so several instances serve one
 * fleet); on PGlite, one process, it is a direct call. A payload holds a JSON array of events, at
 * most NOTIFY_MAX bytes (PostgreSQL refuses 8000 and more): a large publish is sent in pieces.
 */
import type { Db } from '../../db';
import type { LiveEvent } from './events';

declare module '../../server/context' {
  interface AppContext {
    /** Live events of every instance: publish device events and session ends here. */
    live: LiveBus;
  }
}

const LIVE_CHANNEL = 'fleet_live';
const NOTIFY_MAX = 7500;

export type LiveListener = (events: LiveEvent[]) => void;

export interface LiveBus {
  publish(events: LiveEvent[]): Promise<void>;
  subscribe(listener: LiveListener): () => void;
  /**
   * `listener` hears that the bus listens again after its connection dropped: what other instances
   * published in between never came, so whoever shows live state must read it again. Never on PGlite.
   */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

/** JSON arrays of events, each under `max` bytes. */
export function payloads(events: LiveEvent[], max = NOTIFY_MAX): string[] {
  const out: string[] = [];
  let parts: string[] = [];
  let size = 2;
  for (const event of events) {
    const text = JSON.stringify(event);
    if (parts.length > 0 && size + text.length + 1 > max) {
      out.push(`[${parts.join(',')}]`);
      parts = [];
      size = 2;
    }
    parts.push(text);
    size += text.length + 1;
  }
  if (parts.length > 0) out.push(`[${parts.join(',')}]`);
  return out;
}

class Listeners {
  private readonly set = new Set<LiveListener>();
  add(listener: LiveListener): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  deliver(events: LiveEvent[]): void {
    for (const listener of [...this.set]) listener(events);
  }
}

export class LocalLiveBus implements LiveBus {
  private readonly listeners = new Listeners();
  async publish(events: LiveEvent[]): Promise<void> {
    if (events.length > 0) this.listeners.deliver(events);
  }
  subscribe(listener: LiveListener): () => void {
    return this.listeners.add(listener);
  }
  /** One process: no connection to drop, no gap. */
  onGap(): () => void {
    return () => undefined;
  }
  async close(): Promise<void> {}
}

class PgLiveBus implements LiveBus {
  private readonly listeners = new Listeners();
  private readonly gapListeners = new Set<() => void>();
  private stop: (() => Promise<void>) | null = null;

  private constructor(private readonly db: Db) {}

  static async open(db: Db): Promise<PgLiveBus> {
    if (!db.listen) throw new Error('the database cannot LISTEN');
    const bus = new PgLiveBus(db);
    // Our own NOTIFYs come back here too: every instance, this one included, delivers from LISTEN.
    bus.stop = await db.listen(LIVE_CHANNEL, (payload) => {
      try {
        const events = JSON.parse(payload) as LiveEvent[];
        if (Array.isArray(events)) bus.listeners.deliver(events);
      } catch {
        // not ours
      }
    }, () => {
      for (const listener of [...bus.gapListeners]) listener();
    });
    return bus;
  }

  async publish(events: LiveEvent[]): Promise<void> {
    for (const payload of payloads(events)) await this.db.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
  }

  subscribe(listener: LiveListener): () => void {
    return this.listeners.add(listener);
  }

  onGap(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
  }
}

/**
 * Publishes the events of a write that has committed (never call it for a refused one: SECURITY.md 2).
 * The write stands whatever happens here, so a failure to publish is logged, not answered.
 */
export async function publishCommitted(bus: LiveBus, events: LiveEvent[], log: { error: (obj: object, msg: string) => void }): Promise<void> {
  if (events.length === 0) return;
  try {
    await bus.publish(events);
  } catch (err) {
    log.error({ err }, 'live events of a committed write were not published');
  }
}

/** NOTIFY/LISTEN on PostgreSQL, a direct call on PGlite. */
export async function openLiveBus(db: Db): Promise<LiveBus> {
  return db.kind === 'postgres' && db.listen ? PgLiveBus.open(db) : new LocalLiveBus();
}
