// Silent renewal while the user is active (docs/architecture.md, Session and API).
//
// Each access token is renewed when a third of its lifetime is left (the lifetime is exp - iat, read
// from the token), provided the user did something on the page (pointer, key, wheel) or the page
// made an API call since this token arrived. An idle page lets its token run out: nothing renews a
// session nobody uses, so an abandoned console ends with its refresh token (7 days). When its user
// comes back, the first activity renews at once (calls wait for it); only when that renewal is
// refused (the refresh token expired, used, revoked; the account disabled) does the spec's dialog
// appear. The shell starts this once per page (`sessionKeepAlive.start()`); the socket reports its
// refusals here (`liveTokenRefused`).
import { recoverSession, renewSession, sessionStore } from './session-store';
import { tokenTiming } from './token-timing';

/** Renew when this share of the token's lifetime is left. */
export const RENEW_WHEN_LEFT = 1 / 3;
/** After a renewal that got no answer (network, API away), try again this much later. */
export const RETRY_FAILED_RENEWAL_MS = 15_000;
/** A socket refusal this close to (or after) the token's end is its expiry, not a revoked session. */
const EXPIRY_MARGIN_MS = 5_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

interface Plan {
  token: string;
  /** When this page started to use the token (local clock): activity after it counts. */
  since: number;
  /** Local clock. */
  renewAt: number;
  expiresAt: number;
}

let plan: Plan | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let lastActivity = Number.NEGATIVE_INFINITY;
let due = false;
let unsubscribe: (() => void) | null = null;

function clearTimer(): void {
  if (timer) clearTimeout(timer);
  timer = null;
}

function arm(delayMs: number): void {
  clearTimer();
  timer = setTimeout(onDue, Math.max(0, delayMs));
}

function activeSince(since: number): boolean {
  return lastActivity >= since;
}

/**
 * Plans the renewal of the current token. `atStart`: the token was already there (a reload), so it is
 * as old as its `iat` says (at most its lifetime); a token that arrives while the page runs is new.
 * Durations come from the token, instants from this machine's clock, so a skewed clock moves nothing.
 */
function replan(atStart: boolean): void {
  clearTimer();
  due = false;
  const { accessToken, refreshToken, sessionExpired } = sessionStore.getState();
  const timing = tokenTiming(accessToken);
  if (!accessToken || !refreshToken || sessionExpired || !timing) {
    plan = null;
    return;
  }
  const now = Date.now();
  const age = atStart ? Math.min(Math.max(now - timing.issuedAt, 0), timing.lifetimeMs) : 0;
  const obtainedAt = now - age;
  plan = {
    token: accessToken,
    since: now,
    renewAt: obtainedAt + timing.lifetimeMs * (1 - RENEW_WHEN_LEFT),
    expiresAt: obtainedAt + timing.lifetimeMs,
  };
  arm(plan.renewAt - now);
}

function onDue(): void {
  timer = null;
  if (!plan) return;
  due = true;
  if (activeSince(plan.since)) void renewNow();
}

async function renewNow(): Promise<void> {
  const current = plan;
  if (!current) return;
  due = false;
  clearTimer();
  const outcome = await renewSession();
  // renewed (here or in another tab): the new token is planned by the store subscription
  if (outcome === 'renewed' || sessionStore.getState().accessToken !== current.token) return;
  if (outcome === 'refused') {
    sessionStore.getState().markExpired();
    return;
  }
  // no answer: the token may still be good; try again a little later, still only for an active user
  arm(RETRY_FAILED_RENEWAL_MS);
}

/** The user did something, or the page made an API call (client/api.ts). */
export function noteActivity(): void {
  lastActivity = Date.now();
  if (due && plan) void renewNow();
}

/**
 * The live socket was closed with 4401 for `usedToken`. At (or past) the token's end on an idle page,
 * that is its expiry: wait for the user (the next activity renews and the socket follows the new
 * token). Earlier, the server ended the session (sign-out elsewhere, disabled) or a renewal in another
 * tab replaced the token: recoverSession renews, or opens the dialog when that is refused.
 */
export function liveTokenRefused(usedToken: string): void {
  const { accessToken, sessionExpired } = sessionStore.getState();
  if (!accessToken || accessToken !== usedToken || sessionExpired) return;
  if (plan && plan.token === usedToken && Date.now() >= plan.expiresAt - EXPIRY_MARGIN_MS) {
    due = true;
    if (activeSince(plan.since)) void renewNow();
    return;
  }
  void recoverSession(usedToken);
}

export const sessionKeepAlive = {
  /** Starts planning renewals for the page's session (idempotent). */
  start(): void {
    if (unsubscribe) return;
    const unsubscribeStore = sessionStore.subscribe((state, previous) => {
      if (state.accessToken !== previous.accessToken || state.refreshToken !== previous.refreshToken || state.sessionExpired !== previous.sessionExpired) {
        replan(false);
      }
    });
    const listen = typeof window !== 'undefined';
    if (listen) for (const type of ACTIVITY_EVENTS) window.addEventListener(type, noteActivity, { capture: true, passive: true });
    unsubscribe = () => {
      unsubscribeStore();
      if (listen) for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, noteActivity, { capture: true });
    };
    replan(true);
  },
  stop(): void {
    unsubscribe?.();
    unsubscribe = null;
    clearTimer();
    plan = null;
    due = false;
    lastActivity = Number.NEGATIVE_INFINITY;
  },
};
