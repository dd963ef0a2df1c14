// One WebSocket to fleet-api's live-update endpoint, kept open with reconnects (SECURITY.md 23):
// jittered, capped exponential backoff; no retry after the server refuses the token; and a
// `reconnected` signal so screens re-read a snapshot of what they missed while disconnected.
//
// Handshake: browsers cannot set headers on a WebSocket, so the access token is offered as the
// subprotocol `bearer.<token>` beside `fleet-live` (@fleet/contract's live-socket; never in the URL,
// which proxies write to their logs), and the server checks it before anything is sent. A refusal
// after the upgrade is a close with code 4401 (token) or 4403 / 1008 (not allowed); both end the retries.

import { LIVE_CLOSE, LIVE_PATH, liveProtocols } from '@fleet/contract';

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'refused' | 'closed';

export { LIVE_PATH };
export const AUTH_REFUSED_CLOSE_CODES: readonly number[] = [LIVE_CLOSE.tokenRefused, LIVE_CLOSE.notAllowed, 1008];
const TOKEN_REFUSED_CLOSE_CODE = LIVE_CLOSE.tokenRefused;

export interface Backoff {
  /** First delay ceiling in ms. */
  baseMs: number;
  /** Largest delay in ms. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 1000, maxMs: 30_000 };

/** "Full jitter": a random delay up to min(max, base * 2^attempt), so a restarted server is not stampeded. */
export function reconnectDelay(attempt: number, backoff: Backoff = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(random() * ceiling);
}

/** ws:// or wss:// for the page's own origin (the console server proxies /ws to fleet-api). */
export function liveUrl(path: string = LIVE_PATH): string {
  const { protocol, host } = window.location;
  return new URL(`${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${path}`).toString();
}

/** A frame of fleet-api's socket: the messages of one flush, `at` when the oldest was raised (ms). */
interface LiveFrame {
  batch: unknown[];
  at: number;
}

function isFrame(value: unknown): value is LiveFrame {
  return typeof value === 'object' && value !== null && Array.isArray((value as { batch?: unknown }).batch);
}

export interface LiveConnectionOptions {
  /** Read at every (re)connect, so a renewed token is used. Null stops the connection. */
  token: () => string | null;
  onMessage: (message: unknown) => void;
  onStatus?: (status: LiveStatus) => void;
  /** After a reconnect (not the first open): re-read what may have been missed. */
  onReconnected?: () => void;
  /** The server refused the token it was opened with (close 4401): expired, or the session is over. */
  onTokenRefused?: (token: string) => void;
  /**
   * This connection takes over from one the page had open (the session's token was renewed): its
   * first open counts as a reconnect, so screens re-read what they may have missed in between.
   */
  resumed?: boolean;
  path?: string;
  backoff?: Backoff;
  random?: () => number;
  WebSocketImpl?: typeof WebSocket;
}

export interface LiveConnection {
  status(): LiveStatus;
  /** Closes for good; no further reconnects. */
  close(): void;
}

export function openLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const Impl = options.WebSocketImpl ?? globalThis.WebSocket;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  let status: LiveStatus = 'idle';
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let everOpened = options.resumed ?? false;
  let stopped = false;

  const setStatus = (next: LiveStatus) => {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  };

  const scheduleReconnect = () => {
    setStatus('reconnecting');
    const delay = reconnectDelay(attempt, backoff, options.random);
    attempt += 1;
    timer = setTimeout(connect, delay);
  };

  function connect() {
    timer = null;
    if (stopped) return;
    const token = options.token();
    if (!token) {
      setStatus('closed');
      return;
    }
    setStatus(everOpened || attempt > 0 ? 'reconnecting' : 'connecting');
    let ws: WebSocket;
    try {
      ws = new Impl(liveUrl(options.path), liveProtocols(token));
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    const usedToken = token;
    ws.onopen = () => {
      if (socket !== ws) return;
      attempt = 0;
      const reconnected = everOpened;
      everOpened = true;
      setStatus('open');
      if (reconnected) options.onReconnected?.();
    };
    ws.onmessage = (event: MessageEvent) => {
      if (socket !== ws || typeof event.data !== 'string') return;
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not ours to guess at
      }
      // fleet-api sends the messages of one flush as one frame, {batch: [...], at}: each is delivered
      if (isFrame(message)) for (const item of message.batch) options.onMessage(item);
      else options.onMessage(message);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      if (stopped) return;
      if (AUTH_REFUSED_CLOSE_CODES.includes(event.code)) {
        stopped = true;
        setStatus('refused');
        if (event.code === TOKEN_REFUSED_CLOSE_CODE) options.onTokenRefused?.(usedToken);
        return;
      }
      scheduleReconnect();
    };
    // An error is always followed by a close, which decides what happens next.
    ws.onerror = () => undefined;
  }

  connect();

  return {
    status: () => status,
    close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const open = socket;
      socket = null;
      open?.close(1000, 'closed by the console');
      setStatus('closed');
    },
  };
}
