import { adminInfo, agencyInfo, jsonResponse, mockFetch, requestOf } from '../test-support';
import { ACCESS_TOKEN_KEY, LOGIN_USER_INFO_KEY, REFRESH_TOKEN_KEY } from './storage-keys';
import { readStoredLoginUserInfo, reloadSessionFromStorage, sessionStore, useSession } from './session-store';

beforeEach(() => {
  localStorage.clear();
  reloadSessionFromStorage();
});

describe('signing in and out', () => {
  test('signIn writes the three keys as a plain token, a plain refresh token and JSON info', () => {
    useSession.getState().signIn({ token: 'access-1', refresh_token: 'refresh-1', info: adminInfo });

    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('access-1');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem(LOGIN_USER_INFO_KEY) ?? 'null')).toEqual(adminInfo);
    expect(sessionStore.getState()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1', loginUserInfo: adminInfo });
    expect(useSession.getState().userType()).toBe('Admin');
    expect(useSession.getState().isLoggedIn()).toBe(true);
  });

  test('signOut clears the three keys and the state', () => {
    useSession.getState().signIn({ token: 'a', refresh_token: 'r', info: agencyInfo });
    localStorage.setItem('isDarkMode', 'true');
    useSession.getState().markExpired();

    useSession.getState().signOut();

    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LOGIN_USER_INFO_KEY)).toBeNull();
    expect(localStorage.getItem('isDarkMode')).toBe('true');
    expect(useSession.getState()).toMatchObject({ accessToken: null, refreshToken: null, loginUserInfo: null, sessionExpired: false });
    expect(useSession.getState().userType()).toBeNull();
  });

  test('a new sign-in clears an expired flag', () => {
    useSession.getState().signIn({ token: 'a', refresh_token: 'r', info: adminInfo });
    useSession.getState().markExpired();
    useSession.getState().signIn({ token: 'b', refresh_token: 's', info: adminInfo });
    expect(useSession.getState().sessionExpired).toBe(false);
  });

  test('markExpired only applies to a signed-in session', () => {
    useSession.getState().markExpired();
    expect(useSession.getState().sessionExpired).toBe(false);

    useSession.getState().signIn({ token: 'a', refresh_token: 'r', info: adminInfo });
    useSession.getState().markExpired();
    expect(useSession.getState().sessionExpired).toBe(true);
  });
});

describe('a reload keeps the login', () => {
  test('a fresh copy of the module reads the stored session on creation', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-access');
    localStorage.setItem(REFRESH_TOKEN_KEY, 'stored-refresh');
    localStorage.setItem(LOGIN_USER_INFO_KEY, JSON.stringify(agencyInfo));

    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('./session-store') as typeof import('./session-store');
      const state = fresh.useSession.getState();
      expect(state.accessToken).toBe('stored-access');
      expect(state.refreshToken).toBe('stored-refresh');
      expect(state.loginUserInfo).toEqual(agencyInfo);
      expect(state.userType()).toBe('Agency');
      expect(state.sessionExpired).toBe(false);
    });
  });

  test('broken or foreign login info is ignored rather than trusted', () => {
    localStorage.setItem(LOGIN_USER_INFO_KEY, '{not json');
    expect(readStoredLoginUserInfo()).toBeNull();
    localStorage.setItem(LOGIN_USER_INFO_KEY, JSON.stringify({ user_type: 'Root', userInfo: {} }));
    expect(readStoredLoginUserInfo()).toBeNull();
  });

  test('a token renewed in another tab ends the expired state here', () => {
    useSession.getState().signIn({ token: 'a', refresh_token: 'r', info: adminInfo });
    useSession.getState().markExpired();
    window.dispatchEvent(new StorageEvent('storage', { key: LOGIN_USER_INFO_KEY }));
    expect(useSession.getState().sessionExpired).toBe(true);

    localStorage.setItem(ACCESS_TOKEN_KEY, 'renewed-elsewhere');
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r2');
    window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY }));
    expect(useSession.getState()).toMatchObject({ accessToken: 'renewed-elsewhere', refreshToken: 'r2', sessionExpired: false });
  });

  test('another tab signing out is followed', () => {
    useSession.getState().signIn({ token: 'a', refresh_token: 'r', info: adminInfo });
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
    localStorage.removeItem(LOGIN_USER_INFO_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY }));
    expect(useSession.getState().accessToken).toBeNull();
    expect(useSession.getState().loginUserInfo).toBeNull();
  });
});

describe('renew', () => {
  beforeEach(() => {
    useSession.getState().signIn({ token: 'old-access', refresh_token: 'old-refresh', info: adminInfo });
    useSession.getState().markExpired();
  });

  test('posts the refresh token and stores the rotated tokens', async () => {
    const fetchMock = mockFetch(
      jsonResponse({ status: true, message: 'Token refreshed', token: 'new-access', refresh_token: 'new-refresh', info: adminInfo }),
    );

    await expect(useSession.getState().renew()).resolves.toBe(true);

    const request = requestOf(fetchMock);
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/api/token-refresh');
    expect(JSON.parse(request.body)).toEqual({ refresh_token: 'old-refresh' });
    expect(useSession.getState()).toMatchObject({ accessToken: 'new-access', refreshToken: 'new-refresh', sessionExpired: false });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('new-access');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('new-refresh');
  });

  test("keeps the sign-in's second_factor_setup until a renewal answers without it", async () => {
    useSession.getState().signIn({ token: 'a', refresh_token: 'old-refresh', info: { ...adminInfo, second_factor_setup: true } });
    expect(useSession.getState().secondFactorSetup()).toBe(true);
    expect(JSON.parse(localStorage.getItem(LOGIN_USER_INFO_KEY) ?? 'null')).toMatchObject({ second_factor_setup: true });

    mockFetch(jsonResponse({ status: true, message: 'Token refreshed', token: 'b', refresh_token: 'r2', info: adminInfo }));
    await expect(useSession.getState().renew()).resolves.toBe(true);
    expect(useSession.getState().secondFactorSetup()).toBe(false);
  });

  test('a refused refresh resolves false, keeps the state and raises no notification', async () => {
    const { useNotifications } = await import('../notifications/notifications');
    useNotifications.getState().clear();
    mockFetch(jsonResponse({ status: false, message: 'Invalid refresh token' }, 401));

    await expect(useSession.getState().renew()).resolves.toBe(false);

    expect(useSession.getState()).toMatchObject({ accessToken: 'old-access', refreshToken: 'old-refresh', sessionExpired: true });
    expect(useNotifications.getState().items).toEqual([]);
  });

  test('status:false with HTTP 200 and a network failure also resolve false', async () => {
    mockFetch(jsonResponse({ status: false, message: 'no' }));
    await expect(useSession.getState().renew()).resolves.toBe(false);
    mockFetch(new TypeError('Failed to fetch'));
    await expect(useSession.getState().renew()).resolves.toBe(false);
    expect(useSession.getState().sessionExpired).toBe(true);
  });

  test('without a refresh token nothing is sent', async () => {
    useSession.getState().signOut();
    const fetchMock = mockFetch(jsonResponse({ status: true }));
    await expect(useSession.getState().renew()).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('two renewals at once send one refresh (a rotated token must not be reused)', async () => {
    const fetchMock = mockFetch(
      jsonResponse({ status: true, message: 'ok', token: 'n', refresh_token: 'nr', info: adminInfo }),
    );
    const results = await Promise.all([useSession.getState().renew(), useSession.getState().renew()]);
    expect(results).toEqual([true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  test('ends the refresh chain on the server with the bearer, then clears the session', async () => {
    useSession.getState().signIn({ token: 'access-9', refresh_token: 'refresh-9', info: adminInfo });
    const fetchMock = mockFetch(jsonResponse({ status: true, message: 'Logged out' }));

    await useSession.getState().logout();

    const sent = requestOf(fetchMock);
    expect(sent.method).toBe('POST');
    expect(sent.url.pathname).toBe('/api/authenticate/logout');
    expect(sent.headers.get('authorization')).toBe('Bearer access-9');
    expect(JSON.parse(sent.body)).toEqual({ refresh_token: 'refresh-9' });
    expect(useSession.getState().accessToken).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  test('signs out even when the call fails, without marking the session expired', async () => {
    useSession.getState().signIn({ token: 'a', refresh_token: 'r', info: adminInfo });
    mockFetch(new TypeError('Failed to fetch'));
    await useSession.getState().logout();
    expect(useSession.getState()).toMatchObject({ accessToken: null, sessionExpired: false });

    useSession.getState().signIn({ token: 'a', refresh_token: 'r', info: adminInfo });
    mockFetch(jsonResponse({ status: false, message: 'Unauthorized' }, 401));
    await useSession.getState().logout();
    expect(useSession.getState()).toMatchObject({ accessToken: null, sessionExpired: false });
  });

  test('forgets the session before the server answers, so a call refused meanwhile does not renew it', async () => {
    useSession.getState().signIn({ token: 'a', refresh_token: 'r', info: adminInfo });
    let answerLogout: (response: Response) => void = () => undefined;
    const paths: string[] = [];
    global.fetch = jest.fn((request: Request) => {
      paths.push(new URL(request.url).pathname);
      return new Promise<Response>((resolve) => (answerLogout = resolve));
    }) as unknown as typeof fetch;
    const out = useSession.getState().logout();
    expect(useSession.getState().accessToken).toBeNull();
    // a screen's call that the server refused as the logout arrived: nothing to renew, no refresh sent
    await expect(useSession.getState().renew()).resolves.toBe(false);
    answerLogout(jsonResponse({ status: true, message: 'Logged out' }));
    await out;
    expect(paths).toEqual(['/api/authenticate/logout']);
  });

  test('an expired session is only forgotten locally', async () => {
    useSession.getState().signIn({ token: 'a', refresh_token: 'r', info: adminInfo });
    useSession.getState().markExpired();
    const fetchMock = mockFetch(jsonResponse({ status: true }));
    await useSession.getState().logout();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSession.getState().accessToken).toBeNull();
  });
});
