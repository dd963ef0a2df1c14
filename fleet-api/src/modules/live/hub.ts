/**
 * The sockets of this instance and what each may hear. Sockets of callers with the same slice form a
 * group: one matcher (policy/live-scope.ts), one list of pending messages, one encoded frame per
 * flush sent to every socket of the group. Events come from the bus (every instance's, this one's
 * included); a new or resolved fault, or a device joining or leaving the slice, makes each group that
 * sees it recount its open faults (`dashboard`).
 * Every few seconds each socket's token is checked again (a disabled user, a bumped token version,
 * an ended session or an expired token close it with 4401); logout and renew close at once (bus).
 */
import type { WebSocket } from 'ws';
import { LIVE_CLOSE } from '@fleet/contract';
import type { Db } from '../../db';
import { deviceMatcher, sliceKey, type DeviceMatcher } from '../../policy/live-scope';
import type { Caller } from '../../policy/roles';
import { scopeFor } from '../../policy/scope';
import { SqlParams } from '../../server/sql';
import type { LiveBus } from './bus';
import { messageOf, type LiveEvent, type LiveMessage } from './events';

declare module '../../server/context' {
  interface AppContext {
    /** This instance's live sockets. */
    liveHub: LiveHub;
  }
}


/** A socket that has this much unsent is too slow to follow: closed, it reconnects and re-reads. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const OPEN = 1;
/** A burst of new faults is one recount (and one banner) a second per slice. */
const COUNT_EVERY_MS = 1000;

/** An event's message fields: the event without its kind and time. */
function withoutEventFields<E extends { kind: string; at: number }>(event: E): Omit<E, 'kind' | 'at'> {
  const { kind: _kind, at: _at, ...rest } = event;
  return rest;
}

export interface LiveHubOptions {
  flushMs?: number;
  sweepMs?: number;
  matcherRefreshMs?: number;
}

export interface LiveHubDeps {
  db: Db;
  bus: LiveBus;
  now: () => Date;
  /** The caller of an access token, or null (policy/access.ts authenticate). */
  authenticate: (token: string) => Promise<Caller | null>;
}

interface Connection {
  socket: WebSocket;
  caller: Caller;
  token: string;
  /** When its token expires (ms). */
  expiresAt: number;
  /** Its token's generation in the session (a renewal makes the next). */
  generation: number;
}

interface Group {
  caller: Caller;
  matcher: DeviceMatcher;
  matcherAt: number;
  connections: Set<Connection>;
  pending: LiveMessage[];
  oldest: number;
  countDue: boolean;
  counting: boolean;
  /** When the faulty count was last read (ms): at most one count a second per slice. */
  countedAt: number;
}

export interface LiveHubStats {
  connections: number;
  groups: number;
  framesSent: number;
  messagesQueued: number;
  slowClosed: number;
  /** Times the bus came back after a gap (every socket closed to re-read). */
  gapClosed: number;
}

export class LiveHub {
  private readonly groups = new Map<string, Group>();
  private readonly pendingGroups = new Map<string, Promise<Group>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;
  private unsubscribeGap: (() => void) | null = null;
  private readonly stats: LiveHubStats = { connections: 0, groups: 0, framesSent: 0, messagesQueued: 0, slowClosed: 0, gapClosed: 0 };
  private readonly flushMs: number;
  private readonly sweepMs: number;
  private readonly matcherRefreshMs: number;

  constructor(
    private readonly deps: LiveHubDeps,
    opts: LiveHubOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? 25;
    this.sweepMs = opts.sweepMs ?? 5000;
    this.matcherRefreshMs = opts.matcherRefreshMs ?? 30_000;
  }

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.deps.bus.subscribe((events) => this.hear(events));
    this.unsubscribeGap = this.deps.bus.onGap(() => this.missedEvents());
    const flush = setInterval(() => this.flush(), this.flushMs);
    const sweep = setInterval(() => void this.sweep().catch(() => undefined), this.sweepMs);
    flush.unref();
    sweep.unref();
    this.timers.push(flush, sweep);
  }

  /** Adds a signed-in socket; it hears its slice from now on. */
  async add(socket: WebSocket, caller: Caller, token: string, claims: { expiresAt: number; generation: number }): Promise<void> {
    const group = await this.groupOf(caller);
    if (socket.readyState !== OPEN) return;
    const connection: Connection = { socket, caller, token, ...claims };
    group.connections.add(connection);
    this.stats.connections += 1;
    socket.on('close', () => {
      if (group.connections.delete(connection)) this.stats.connections -= 1;
    });
  }

  counts(): LiveHubStats {
    return { ...this.stats, groups: this.groups.size };
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.unsubscribeGap?.();
    this.unsubscribeGap = null;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    for (const group of this.groups.values()) {
      for (const c of group.connections) c.socket.close(LIVE_CLOSE.shutdown, 'server shutting down');
    }
  }

  /** The bus missed events (modules/live/bus.ts onGap): every socket reconnects and its console reads again. */
  private missedEvents(): void {
    this.stats.gapClosed += 1;
    for (const group of this.groups.values()) {
      group.pending = [];
      // the slice's devices may have moved during the gap too
      group.matcherAt = 0;
      for (const c of group.connections) c.socket.close(LIVE_CLOSE.liveGap, 'live events missed; reconnect and read again');
    }
  }

  private async groupOf(caller: Caller): Promise<Group> {
    const key = sliceKey(caller);
    const existing = this.groups.get(key);
    if (existing) return existing;
    let making = this.pendingGroups.get(key);
    if (!making) {
      making = deviceMatcher(this.deps.db, caller).then((matcher) => {
        const group: Group = { caller, matcher, matcherAt: Date.now(), connections: new Set(), pending: [], oldest: 0, countDue: false, counting: false, countedAt: 0 };
        this.groups.set(key, group);
        this.pendingGroups.delete(key);
        return group;
      });
      this.pendingGroups.set(key, making);
    }
    return making;
  }

  private hear(events: LiveEvent[]): void {
    for (const event of events) {
      if (event.kind === 'session') {
        for (const group of this.groups.values()) {
          for (const c of group.connections) {
            if (c.caller.sessionId !== event.session_id) continue;
            // a console that already reconnected with the renewed token keeps that socket
            if (event.generation !== undefined && c.generation >= event.generation) continue;
            c.socket.close(event.code, event.code === LIVE_CLOSE.renewed ? 'tokens renewed' : 'session ended');
          }
        }
        continue;
      }
      if (event.kind === 'rollout' || event.kind === 'rollout_progress') {
        // a push's or a rollout's counts are the OTA screens', which are Admin's
        const message: LiveMessage =
          event.kind === 'rollout' ? { rollout: withoutEventFields(event) } : { rollout_progress: withoutEventFields(event) };
        for (const group of this.groups.values()) {
          if (group.connections.size > 0 && group.caller.userType === 'Admin') this.queue(group, message, event.at);
        }
        continue;
      }
      if (event.kind === 'moved') {
        // both slices hear it: the one it left and the one it joined (and one that keeps it)
        for (const group of this.groups.values()) {
          if (group.connections.size === 0) continue;
          const was = group.matcher(event.before);
          const is = group.matcher(event.device);
          if (!was && !is) continue;
          this.queue(group, { moved: { device_id: event.device.device_id, slice: was && is ? 'stayed' : is ? 'joined' : 'left' } }, event.at);
          if (was !== is) group.countDue = true;
        }
        continue;
      }
      const message = messageOf(event);
      if (!message) continue;
      for (const group of this.groups.values()) {
        if (group.connections.size === 0 || !group.matcher(event.device)) continue;
        this.queue(group, message, event.at);
        // a new or resolved fault changes the slice's faulty count
        if (event.kind === 'fault' || event.kind === 'resolved') group.countDue = true;
      }
    }
  }

  private queue(group: Group, message: LiveMessage, at: number): void {
    if (group.pending.length === 0 || at < group.oldest) group.oldest = at;
    group.pending.push(message);
    this.stats.messagesQueued += 1;
  }

  private flush(): void {
    for (const [key, group] of this.groups) {
      if (group.connections.size === 0) {
        // nobody of this slice is listening: forget it (a new socket builds it again)
        if (!group.counting) this.groups.delete(key);
        continue;
      }
      if (group.countDue && !group.counting && Date.now() - group.countedAt >= COUNT_EVERY_MS) {
        group.countDue = false;
        group.countedAt = Date.now();
        group.counting = true;
        const raisedAt = group.pending.length > 0 ? group.oldest : Date.now();
        void this.faultyCount(group.caller)
          .then((faultyCount) => {
            if (group.pending.length === 0 || raisedAt < group.oldest) group.oldest = raisedAt;
            group.pending.push({ dashboard: { faulty_count: faultyCount } });
          })
          .catch(() => undefined)
          .finally(() => {
            group.counting = false;
          });
      }
      if (group.pending.length === 0) continue;
      const frame = JSON.stringify({ batch: group.pending, at: group.oldest });
      group.pending = [];
      for (const c of group.connections) {
        if (c.socket.readyState !== OPEN) continue;
        if (c.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          this.stats.slowClosed += 1;
          c.socket.close(LIVE_CLOSE.slowConsumer, 'too slow to follow; reconnect');
          continue;
        }
        c.socket.send(frame);
        this.stats.framesSent += 1;
      }
    }
  }

  /** Heat pumps of the caller's slice with an open fault (the dashboard's faulty count). */
  async faultyCount(caller: Caller): Promise<number> {
    const params = new SqlParams();
    const { rows } = await this.deps.db.query<{ n: number }>(
      `SELECT count(DISTINCT f.device_id)::int AS n FROM faults f JOIN devices d ON d.id = f.device_id
        WHERE f.fault_status = 0 AND d.product_line = 'heat_pump' AND (${scopeFor(caller).devices('d', params)})`,
      params.values,
    );
    return rows[0]?.n ?? 0;
  }

  /** Tokens checked again; slices' sets read again when old. */
  private async sweep(): Promise<void> {
    const now = this.deps.now().getTime();
    const verdicts = new Map<string, Promise<Caller | null>>();
    for (const group of this.groups.values()) {
      for (const c of group.connections) {
        if (now >= c.expiresAt) {
          c.socket.close(LIVE_CLOSE.tokenRefused, 'token expired');
          continue;
        }
        let verdict = verdicts.get(c.token);
        if (!verdict) {
          verdict = this.deps.authenticate(c.token);
          verdicts.set(c.token, verdict);
        }
        const caller = await verdict;
        if (!caller || sliceKey(caller) !== sliceKey(c.caller)) c.socket.close(LIVE_CLOSE.tokenRefused, 'session ended');
      }
      if (Date.now() - group.matcherAt > this.matcherRefreshMs) {
        group.matcher = await deviceMatcher(this.deps.db, group.caller);
        group.matcherAt = Date.now();
      }
    }
  }
}
