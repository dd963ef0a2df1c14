import ky from 'ky';
import { create } from 'zustand';
import type { StoreApi } from 'zustand';
import { isUserType } from '../remote-contract';
import type { UserType } from '../remote-contract';
import { ACCESS_TOKEN_KEY, LOGIN_USER_INFO_KEY, REFRESH_TOKEN_KEY } from './storage-keys';

/** `userInfo` of a login answer (docs/auth-calls.md); ids are null where the role has none. */
export interface LoginUserDetails {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  agency_id: number | null;
  agency_name: string | null;
  electrician_id: number | null;
  company_id: number | null;
  company_name: string | null;
  site_manager_id: number | null;
  customer_id: number | null;
}

/** What login-otp answers as `info`, stored as `login-user-info`. */
export interface LoginUserInfo {
  user_type: UserType;
  userInfo: LoginUserDetails;
}

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
  /** Set by a 401; the shell shows the session-expired dialog (Exit or Renew) while it is true. */
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
  /** Token refresh; resolves false on any failure and never notifies (spec 4 and 8). */
  renew(): Promise<boolean>;
  userType(): UserType | null;
  isLoggedIn(): boolean;
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

async function requestRefresh(refreshToken: string): Promise<RefreshAnswer | null> {
  try {
    // A bare ky call, not the shared client: its 401 handling would mark the session expired again
    // and its failures would surface as errors; a failed renewal must stay silent.
    const response = await ky.post(`${pageOrigin()}/${TOKEN_REFRESH_PATH}`, {
      json: { refresh_token: refreshToken },
      throwHttpErrors: false,
      retry: 0,
    });
    if (!response.ok) return null;
    return (await response.json()) as RefreshAnswer;
  } catch {
    return null;
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

// One renewal at a time: the dialog's button and a second tab's 401 must not rotate the refresh
// token twice (the server ends a chain whose old refresh token is reused).
let renewing: Promise<boolean> | null = null;

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
    // With an expired access token the server would refuse the call anyway.
    if (accessToken && refreshToken && !sessionExpired) await requestLogout(accessToken, refreshToken);
    get().signOut();
  },

  markExpired() {
    if (get().accessToken !== null && !get().sessionExpired) set({ sessionExpired: true });
  },

  renew() {
    if (renewing) return renewing;
    const refreshToken = get().refreshToken;
    if (!refreshToken) return Promise.resolve(false);
    renewing = requestRefresh(refreshToken)
      .then((answer) => {
        if (!answer || answer.status !== true || typeof answer.token !== 'string' || typeof answer.refresh_token !== 'string') {
          return false;
        }
        const info = isLoginUserInfo(answer.info) ? answer.info : get().loginUserInfo;
        writeSession(answer.token, answer.refresh_token, info);
        set({ accessToken: answer.token, refreshToken: answer.refresh_token, loginUserInfo: info, sessionExpired: false });
        return true;
      })
      .finally(() => {
        renewing = null;
      });
    return renewing;
  },

  userType() {
    return get().loginUserInfo?.user_type ?? null;
  },

  isLoggedIn() {
    return get().accessToken !== null && get().loginUserInfo !== null;
  },
}));

/** The same store without React, for code outside components (the API client, guards, sockets). */
export const sessionStore: StoreApi<SessionState> = useSession;

// Another tab signing in or out changes local storage; follow it so two tabs never disagree
// about who is logged in.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && ![ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, LOGIN_USER_INFO_KEY].includes(event.key)) return;
    const accessToken = readString(ACCESS_TOKEN_KEY);
    const current = useSession.getState();
    useSession.setState({
      accessToken,
      refreshToken: readString(REFRESH_TOKEN_KEY),
      loginUserInfo: readStoredLoginUserInfo(),
      // A token renewed (or a new sign-in) in another tab ends this tab's expired state too.
      sessionExpired: accessToken !== null && accessToken === current.accessToken ? current.sessionExpired : false,
    });
  });
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
