import ky from 'ky';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import type { StoreApi } from 'zustand';
import { isUserType } from '../remote-contract';
import type { UserType } from '../remote-contract';
import type { LoginUserInfo } from '@fleet/contract';
import { withRenewalLock } from './renewal-lock';
import { ACCESS_TOKEN_KEY, LOGIN_USER_INFO_KEY, REFRESH_TOKEN_KEY } from './storage-keys';

/** What login-otp and token-refresh answer as `info` (fleet-api's answer), stored as `login-user-info`. */
export type { LoginUserInfo };
/** `userInfo` of a login answer (docs/auth-calls.md); ids are null where the role has none. */
export type LoginUserDetails = LoginUserInfo['userInfo'];

/** The part of a login-otp or token-refresh answer the session keeps. */
export interface SignInAnswer {
  token: string;
  refresh_token: string;
  info: LoginUserInfo;
}

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  loginUserInfo: LoginUserInfo | null;
  /**
   * Set when the session could not be renewed (the refresh was refused or failed after a 401, or a
   * planned renewal was refused); the shell shows the session-expired dialog (Exit or Renew) while
   * it is true. A 401 that a renewal cures never sets it (client/api.ts retries the call).
   */
  sessionExpired: boolean;
  signIn(answer: SignInAnswer): void;
  /** Forgets the session on this page only (the Exit of the session-expired dialog). */
  signOut(): void;
  /**
   * Ends the session on the server too (POST /api/authenticate/logout ends the refresh chain), then
   * signs out here. A failed call still signs out: the user asked to leave.
   */
  logout(): Promise<void>;
  markExpired(): void;
  /**
   * Token refresh, one at a time for the page and across its tabs (renewSession); resolves false on
   * any failure and never notifies (spec 4 and 8).
   */
  renew(): Promise<boolean>;
  userType(): UserType | null;
  isLoggedIn(): boolean;
  /**
   * The sign-in's `second_factor_setup`: the organisation requires a second factor and this session
   * may only set one up (docs/second-factor.md); a renewal's answer clears it once one is on.
   */
  secondFactorSetup(): boolean;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be refused (privacy modes); the session then lives for the page only.
    return null;
  }
}

function readString(key: string): string | null {
  const value = storage()?.getItem(key);
  return value ? value : null;
}

function isLoginUserInfo(value: unknown): value is LoginUserInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as { user_type?: unknown; userInfo?: unknown };
  return isUserType(info.user_type) && typeof info.userInfo === 'object' && info.userInfo !== null;
}

export function readStoredLoginUserInfo(): LoginUserInfo | null {
  const raw = readString(LOGIN_USER_INFO_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isLoginUserInfo(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function writeSession(accessToken: string | null, refreshToken: string | null, info: LoginUserInfo | null): void {
  const store = storage();
  if (!store) return;
  const put = (key: string, value: string | null) => (value === null ? store.removeItem(key) : store.setItem(key, value));
  put(ACCESS_TOKEN_KEY, accessToken);
  put(REFRESH_TOKEN_KEY, refreshToken);
  put(LOGIN_USER_INFO_KEY, info === null ? null : JSON.stringify(info));
}

const TOKEN_REFRESH_PATH = 'api/token-refresh';
const LOGOUT_PATH = 'api/authenticate/logout';

function pageOrigin(): string {
  return typeof window !== 'undefined' && window.location ? window.location.origin : '';
}

interface RefreshAnswer {
  status?: unknown;
  token?: unknown;
  refresh_token?: unknown;
  info?: unknown;
}

/**
 * What a renewal came to. `refused`: the server will not renew this session (refresh token expired,
 * used, revoked; account disabled), the user must sign in again. `failed`: no usable answer (no
 * network, the API away, 5xx, 429): the session may still be good.
 */
export type RenewalOutcome = 'renewed' | 'refused' | 'failed';

type RefreshResult = { outcome: 'refused' | 'failed' } | { outcome: 'renewed'; answer: SignInAnswer };

async function requestRefresh(refreshToken: string, fallbackInfo: LoginUserInfo | null): Promise<RefreshResult> {
  try {
    // A bare ky call, not the shared client: its 401 handling would try to renew again and its
    // failures would surface as errors; a renewal stays silent.
    const response = await ky.post(`${pageOrigin()}/${TOKEN_REFRESH_PATH}`, {
      json: { refresh_token: refreshToken },
      throwHttpErrors: false,
      retry: 0,
      timeout: 10_000,
    });
    if (response.status >= 500 || response.status === 429 || response.status === 408) return { outcome: 'failed' };
    if (!response.ok) return { outcome: 'refused' };
    const body = (await response.json()) as RefreshAnswer;
    if (body.status !== true || typeof body.token !== 'string' || typeof body.refresh_token !== 'string') return { outcome: 'refused' };
    const info = isLoginUserInfo(body.info) ? body.info : fallbackInfo;
    if (!info) return { outcome: 'refused' };
    return { outcome: 'renewed', answer: { token: body.token, refresh_token: body.refresh_token, info } };
  } catch {
    return { outcome: 'failed' };
  }
}

async function requestLogout(accessToken: string, refreshToken: string): Promise<void> {
  try {
    // Bare ky for the same reason as the refresh: a 401 here must not open the expired dialog.
    await ky.post(`${pageOrigin()}/${LOGOUT_PATH}`, {
      json: { refresh_token: refreshToken },
      headers: { Authorization: `Bearer ${accessToken}` },
      throwHttpErrors: false,
      retry: 0,
      timeout: 5000,
    });
  } catch {
    // offline or slow: the local sign-out still happens
  }
}

/**
 * How long a tab that rotated the tokens keeps the renewal lock after writing them: local storage
 * reaches the other tabs' processes a little later, and the next tab under the lock must read the
 * new refresh token (the used one would end the session).
 */
const STORAGE_SETTLE_MS = 250;

// One renewal at a time on this page: every caller (a planned renewal, the 401s of many calls, the
// dialog's Renew, the socket) shares it. Across tabs, renewal-lock.ts.
let renewing: Promise<RenewalOutcome> | null = null;

/**
 * The one session of the page. It is a module singleton and the module is a federation singleton,
 * so the shell and every remote read and write the same store.
 */
export const useSession = create<SessionState>()((set, get) => ({
  accessToken: readString(ACCESS_TOKEN_KEY),
  refreshToken: readString(REFRESH_TOKEN_KEY),
  loginUserInfo: readStoredLoginUserInfo(),
  sessionExpired: false,

  signIn({ token, refresh_token, info }) {
    writeSession(token, refresh_token, info);
    set({ accessToken: token, refreshToken: refresh_token, loginUserInfo: info, sessionExpired: false });
  },

  signOut() {
    writeSession(null, null, null);
    set({ accessToken: null, refreshToken: null, loginUserInfo: null, sessionExpired: false });
  },

  async logout() {
    const { accessToken, refreshToken, sessionExpired } = get();
    // Forgotten here first: the server refuses the session's tokens as soon as it has the logout. Ending
    // the session here aborts its calls in flight and refuses later ones (client/api.ts), cancels the
    // query caches' reads and closes the live socket (onSessionEnded), all before the call below, so
    // nothing of the screen behind reaches the server with the revoked token (a 401 in the log).
    get().signOut();
    // With an expired access token the server would refuse the call anyway.
    if (accessToken && refreshToken && !sessionExpired) await requestLogout(accessToken, refreshToken);
  },

  markExpired() {
    if (get().accessToken !== null && !get().sessionExpired) set({ sessionExpired: true });
  },

  renew() {
    return renewSession().then((outcome) => outcome === 'renewed');
  },

  userType() {
    return get().loginUserInfo?.user_type ?? null;
  },

  isLoggedIn() {
    return get().accessToken !== null && get().loginUserInfo !== null;
  },

  secondFactorSetup() {
    return get().isLoggedIn() && get().loginUserInfo?.second_factor_setup === true;
  },
}));

/** The same store without React, for code outside components (the API client, guards, sockets). */
export const sessionStore: StoreApi<SessionState> = useSession;

/** Takes what local storage holds now: another tab signed in or out, or renewed the tokens. */
function followStorage(): void {
  const accessToken = readString(ACCESS_TOKEN_KEY);
  const current = useSession.getState();
  useSession.setState({
    accessToken,
    refreshToken: readString(REFRESH_TOKEN_KEY),
    loginUserInfo: readStoredLoginUserInfo(),
    // A token renewed (or a new sign-in) in another tab ends this tab's expired state too.
    sessionExpired: accessToken !== null && accessToken === current.accessToken ? current.sessionExpired : false,
  });
}

// Another tab signing in or out changes local storage; follow it so two tabs never disagree
// about who is logged in.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && ![ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, LOGIN_USER_INFO_KEY].includes(event.key)) return;
    followStorage();
  });
}

/**
 * Renews the tokens: one renewal at a time on the page (concurrent callers share it) and across the
 * browser's tabs (renewal-lock.ts). Under the lock it first reads local storage: when another tab has
 * rotated the refresh token meanwhile, this tab takes the new tokens and sends nothing (sending the
 * used one would end the session). Never marks the session expired; the caller decides.
 */
export function renewSession(): Promise<RenewalOutcome> {
  if (renewing) return renewing;
  const basis = useSession.getState().refreshToken;
  if (!basis) return Promise.resolve('refused');
  const flight = withRenewalLock<RenewalOutcome>(async () => {
    if (storage() && readString(REFRESH_TOKEN_KEY) !== basis) {
      followStorage();
      return { result: useSession.getState().refreshToken ? 'renewed' : 'refused' };
    }
    const refreshed = await requestRefresh(basis, useSession.getState().loginUserInfo);
    if (refreshed.outcome !== 'renewed') return { result: refreshed.outcome };
    // signed out (or in as someone else) while the call was out: that wins
    if (useSession.getState().refreshToken !== basis) return { result: 'refused' };
    const { token, refresh_token, info } = refreshed.answer;
    writeSession(token, refresh_token, info);
    useSession.setState({ accessToken: token, refreshToken: refresh_token, loginUserInfo: info, sessionExpired: false });
    return { result: 'renewed', holdMs: STORAGE_SETTLE_MS };
  }).finally(() => {
    if (renewing === flight) renewing = null;
  });
  renewing = flight;
  return flight;
}

/** The renewal under way on this page, if any: a call about to leave waits for its new token. */
export function pendingRenewal(): Promise<RenewalOutcome> | null {
  return renewing;
}

/**
 * A call (or the socket) was refused with `usedToken`. Answers true when the caller should try again
 * once with the current token: the session had been renewed since the call left (the server refuses
 * a replaced access token at once), or a renewal now succeeds. Otherwise the session is marked
 * expired, which opens the shell's dialog, and answers false.
 */
export async function recoverSession(usedToken: string | null): Promise<boolean> {
  const state = useSession.getState();
  if (!state.accessToken || !state.refreshToken || state.sessionExpired) return false;
  if (state.accessToken !== usedToken) return true;
  const outcome = await renewSession();
  if (outcome === 'renewed' && useSession.getState().accessToken !== usedToken) return true;
  useSession.getState().markExpired();
  return false;
}

const renewedListeners = new Set<() => void>();
const endedListeners = new Set<() => void>();

// The expired state ending with a session still there (Renew, or another tab renewing or signing
// in) is when screens that were refused meanwhile should read again. A session ends when its token
// goes: Logout, the expired dialog's Exit, another tab signing out.
useSession.subscribe((state, previous) => {
  const renewed = previous.sessionExpired && !state.sessionExpired && state.accessToken;
  const ended = previous.accessToken && !state.accessToken;
  for (const listener of renewed ? [...renewedListeners] : ended ? [...endedListeners] : []) listener();
});

const listenerOf =
  (listeners: Set<() => void>) =>
  (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

/** Calls `listener` each time an expired session is renewed; answers the unsubscribe. */
export const onSessionRenewed = listenerOf(renewedListeners);

/**
 * Calls `listener` each time the session ends, before the sign-out call leaves (a query cache cancels
 * its reads and stops refetching); answers the unsubscribe.
 */
export const onSessionEnded = listenerOf(endedListeners);

/** React: run `callback` when an expired session is renewed (a remote root refetches its queries). */
export function useOnSessionRenewed(callback: () => void): void {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => onSessionRenewed(() => latest.current()), []);
}

/** Reads the store again from local storage (tests, and a shell that restores a session). */
export function reloadSessionFromStorage(): void {
  useSession.setState({
    accessToken: readString(ACCESS_TOKEN_KEY),
    refreshToken: readString(REFRESH_TOKEN_KEY),
    loginUserInfo: readStoredLoginUserInfo(),
    sessionExpired: false,
  });
}
