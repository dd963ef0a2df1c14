import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { liveTokenRefused, sessionStore } from '@fleet/shared-api';
import { openLiveConnection } from './live-connection';
import type { LiveConnection, LiveConnectionOptions, LiveStatus } from './live-connection';
import { parseLiveMessage, type LiveMessage } from './messages';

// The page's one live-update connection. The shell starts it once; it then follows the session
// (connects while signed in with a live token, reconnects with a renewed one, closes on sign-out or
// expiry), and every remote listens through useLiveUpdates without knowing about sockets.
// A silent renewal gives a new token: the server closes the old socket (4000) and the page opens one
// with the new token, which screens hear as a reconnect (they re-read). A refused token (4401) goes
// to the session's keep-alive, which tells an expiry on an idle page from an ended session.
// Each message is read once here (messages.ts) and listeners get it typed; a kind this console
// does not know (a newer server's) reaches nobody.

export type LiveListener = (message: LiveMessage) => void;

export const useLiveStatus = create<{ status: LiveStatus }>()(() => ({ status: 'idle' }));

const listeners = new Set<LiveListener>();
const reconnectListeners = new Set<() => void>();
let connection: LiveConnection | null = null;
let connectedToken: string | null = null;
let unsubscribeSession: (() => void) | null = null;
let extraOptions: Partial<LiveConnectionOptions> = {};

function deliver(raw: unknown) {
  const message = parseLiveMessage(raw);
  if (!message) return;
  for (const listener of [...listeners]) {
    try {
      listener(message);
    } catch (err) {
      // One screen's bug must not starve the others of updates.
      console.error('live update listener failed', err);
    }
  }
}

/** Who the session is (user type and id): a renewal keeps it, a new sign-in may not. */
function userOf(): string | null {
  const info = sessionStore.getState().loginUserInfo;
  return info ? `${info.user_type}:${info.userInfo.id}` : null;
}

let sessionUser: string | null = null;

function disconnect() {
  connection?.close();
  connection = null;
  connectedToken = null;
}

function follow() {
  const { accessToken, sessionExpired } = sessionStore.getState();
  const wanted = accessToken && !sessionExpired ? accessToken : null;
  if (wanted === connectedToken && (connection || wanted === null)) return;
  // the same session with a renewed token (or back from expiry): the new socket resumes the old one
  const user = userOf();
  const resumed = sessionUser !== null && sessionUser === user;
  disconnect();
  if (!wanted) {
    if (!user) sessionUser = null;
    useLiveStatus.setState({ status: 'closed' });
    return;
  }
  connectedToken = wanted;
  sessionUser = user;
  connection = openLiveConnection({
    ...extraOptions,
    resumed,
    token: () => {
      const state = sessionStore.getState();
      return state.sessionExpired ? null : state.accessToken;
    },
    onMessage: deliver,
    onStatus: (status) => useLiveStatus.setState({ status }),
    onReconnected: () => {
      for (const listener of [...reconnectListeners]) listener();
    },
    onTokenRefused: liveTokenRefused,
  });
}

export const liveUpdates = {
  /** Starts following the session (idempotent). Options are for tests and QA (another path). */
  start(options: Partial<Omit<LiveConnectionOptions, 'token' | 'onMessage' | 'onStatus'>> = {}): void {
    extraOptions = options;
    if (unsubscribeSession) return;
    unsubscribeSession = sessionStore.subscribe(follow);
    follow();
  },
  stop(): void {
    unsubscribeSession?.();
    unsubscribeSession = null;
    disconnect();
    sessionUser = null;
    useLiveStatus.setState({ status: 'idle' });
  },
  /** Every message this console can read, typed; answers the unsubscribe. */
  subscribe(listener: LiveListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Called after a reconnect, to re-read a snapshot; answers the unsubscribe. */
  onReconnected(listener: () => void): () => void {
    reconnectListeners.add(listener);
    return () => reconnectListeners.delete(listener);
  },
};

/**
 * Live messages for a screen while it is mounted. `onReconnected` re-reads the screen's data (a
 * refetch) after the connection was lost, since messages sent meanwhile are gone.
 */
export function useLiveUpdates(onMessage: LiveListener, onReconnected?: () => void): void {
  const messageRef = useRef(onMessage);
  const reconnectRef = useRef(onReconnected);
  useEffect(() => {
    messageRef.current = onMessage;
    reconnectRef.current = onReconnected;
  });
  useEffect(() => {
    const offMessage = liveUpdates.subscribe((message) => messageRef.current(message));
    const offReconnect = liveUpdates.onReconnected(() => reconnectRef.current?.());
    return () => {
      offMessage();
      offReconnect();
    };
  }, []);
}
