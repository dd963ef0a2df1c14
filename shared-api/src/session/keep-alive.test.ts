// The renewal plan (issue 20): renew silently before the access token runs out while the user is
// active; an idle page lets it run out; the dialog only when a renewal is refused.
import { apiGet } from '../client/api';
import { adminInfo, fakeJwt, fakeSessionServer, type FakeSessionServer } from '../test-support';
import { liveTokenRefused, RETRY_FAILED_RENEWAL_MS, sessionKeepAlive } from './keep-alive';
import { reloadSessionFromStorage, useSession } from './session-store';

const TTL = 60;

let server: FakeSessionServer;

beforeEach(() => {
  // on a whole second, like the tokens' iat: each test's plan is the same every run
  jest.useFakeTimers({ now: new Date('2026-11-26T09:00:00.000Z') });
  localStorage.clear();
  reloadSessionFromStorage();
  server = fakeSessionServer({ ttlSeconds: TTL });
});
afterEach(async () => {
  sessionKeepAlive.stop();
  // a renewal still under way (its lock held a moment after) ends before the next test
  await jest.advanceTimersByTimeAsync(1000);
  jest.useRealTimers();
});

function signIn(): void {
  useSession.getState().signIn({ token: server.access(), refresh_token: server.refresh(), info: adminInfo });
}

const userActs = () => window.dispatchEvent(new Event('pointerdown'));
const pass = (seconds: number) => jest.advanceTimersByTimeAsync(seconds * 1000);

describe('while the user is active', () => {
  test('the token is renewed when a third of its lifetime is left, and the next one too', async () => {
    signIn();
    sessionKeepAlive.start();
    await pass(5);
    userActs();
    await pass(33);
    expect(server.refreshes()).toBe(0);
    await pass(3);
    expect(server.refreshes()).toBe(1);
    expect(useSession.getState()).toMatchObject({ accessToken: server.access(), sessionExpired: false });

    // the new token is planned from when it arrived (about 40 s ago)
    userActs();
    await pass(36);
    expect(server.refreshes()).toBe(1);
    await pass(4);
    expect(server.refreshes()).toBe(2);
  });

  test('an API call counts as activity', async () => {
    signIn();
    sessionKeepAlive.start();
    await pass(10);
    const call = apiGet('api/profile');
    await pass(31);
    await call;
    expect(server.refreshes()).toBe(1);
  });

  test('three minutes of 1-minute tokens with activity: no refused call, no dialog', async () => {
    signIn();
    sessionKeepAlive.start();
    for (let second = 0; second < 180; second += 5) {
      userActs();
      // a call may wait for a renewal under way (and its lock): time passes while it does
      const call = apiGet('api/devices');
      await pass(5);
      await call;
    }
    expect(server.refreshes()).toBeGreaterThanOrEqual(4);
    expect(server.sent.filter((s) => s.path === '/api/devices')).toHaveLength(36);
    // every call carried the token the server took at that moment: no 401 at all
    expect(server.refused).toBe(0);
    expect(useSession.getState().sessionExpired).toBe(false);
    expect(server.reused).toBe(false);
  });

  test('a token met at start (a reload) is as old as its iat says', async () => {
    const iat = Math.floor(Date.now() / 1000) - 50;
    useSession.getState().signIn({ token: fakeJwt({ iat, exp: iat + TTL }), refresh_token: server.refresh(), info: adminInfo });
    sessionKeepAlive.start();
    userActs();
    await pass(0.1);
    expect(server.refreshes()).toBe(1);
  });
});

describe('an idle page', () => {
  test('lets the token run out; the first activity renews before the calls it starts leave', async () => {
    signIn();
    sessionKeepAlive.start();
    await pass(120);
    expect(server.refreshes()).toBe(0);
    expect(useSession.getState().sessionExpired).toBe(false);

    userActs();
    const call = apiGet<{ path: string }>('api/profile');
    await pass(1);
    expect((await call).info.path).toBe('/api/profile');
    expect(server.refreshes()).toBe(1);
    // the call waited for the renewal: it never met a 401
    expect(server.refused).toBe(0);
    expect(server.sent.filter((s) => s.path === '/api/profile').map((s) => s.bearer)).toEqual([server.access()]);
  });

  test('a socket closed at the token\'s end waits for the user instead of renewing or opening the dialog', async () => {
    signIn();
    sessionKeepAlive.start();
    const token = server.access();
    await pass(TTL);
    liveTokenRefused(token);
    await pass(1);
    expect(server.refreshes()).toBe(0);
    expect(useSession.getState().sessionExpired).toBe(false);

    userActs();
    await pass(0.1);
    expect(server.refreshes()).toBe(1);
    expect(useSession.getState().accessToken).toBe(server.access());
  });
});

describe('the dialog shows only when renewal is refused', () => {
  test('a planned renewal that is refused (session revoked, account disabled) opens it', async () => {
    signIn();
    sessionKeepAlive.start();
    userActs();
    server.revoke();
    await pass(41);
    expect(server.refreshes()).toBe(1);
    expect(useSession.getState().sessionExpired).toBe(true);
  });

  test('a planned renewal without an answer keeps the session and is tried again', async () => {
    signIn();
    sessionKeepAlive.start();
    userActs();
    server.offline = true;
    await pass(41);
    expect(server.refreshes()).toBe(1);
    expect(useSession.getState().sessionExpired).toBe(false);
    server.offline = false;
    await pass(RETRY_FAILED_RENEWAL_MS / 1000 + 1);
    expect(server.refreshes()).toBe(2);
    expect(useSession.getState()).toMatchObject({ accessToken: server.access(), sessionExpired: false });
  });

  test('a socket refused before the token\'s end (session ended elsewhere) tries a renewal, and opens the dialog when it is refused', async () => {
    signIn();
    sessionKeepAlive.start();
    await pass(10);
    server.revoke();
    liveTokenRefused(server.access());
    await pass(0.1);
    expect(server.refreshes()).toBe(1);
    expect(useSession.getState().sessionExpired).toBe(true);
  });
});
