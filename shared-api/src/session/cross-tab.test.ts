// Two tabs of one browser: two copies of the session module over one local storage. The server
// rotates the refresh token on each renewal and ends the session when a used one comes back, so the
// tabs must renew one at a time and the second must take the first one's tokens (issue 20).
import { adminInfo, fakeSessionServer } from '../test-support';
import { ACCESS_TOKEN_KEY, LOGIN_USER_INFO_KEY, REFRESH_TOKEN_KEY } from './storage-keys';
import { RENEWAL_LOCK_NAME } from './renewal-lock';

type SessionModule = typeof import('./session-store');

function openTab(): SessionModule {
  let tab: SessionModule | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    tab = require('./session-store') as SessionModule;
  });
  return tab!;
}

/** navigator.locks as browsers give it: one holder per name, the others queued in order. */
function installWebLocks(): { requests: string[] } {
  const queues = new Map<string, Promise<unknown>>();
  const requests: string[] = [];
  const locks = {
    request(name: string, _options: unknown, callback: () => Promise<unknown>) {
      requests.push(name);
      const run = (queues.get(name) ?? Promise.resolve()).then(() => callback());
      queues.set(name, run.catch(() => undefined));
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return { requests };
}

function removeWebLocks(): void {
  Reflect.deleteProperty(navigator, 'locks');
}

function signedInStorage(server: ReturnType<typeof fakeSessionServer>): void {
  localStorage.clear();
  localStorage.setItem(ACCESS_TOKEN_KEY, server.access());
  localStorage.setItem(REFRESH_TOKEN_KEY, server.refresh());
  localStorage.setItem(LOGIN_USER_INFO_KEY, JSON.stringify(adminInfo));
}

afterEach(removeWebLocks);

describe.each([
  ['navigator.locks', installWebLocks],
  ['the local-storage lease (no navigator.locks: plain http)', () => ({ requests: [] as string[] })],
])('two tabs renewing at once, coordinated by %s', (how, install) => {
  test('send one refresh; the other tab takes the rotated tokens and the session lives on', async () => {
    const locks = install();
    const server = fakeSessionServer({ refreshDelayMs: 30 });
    signedInStorage(server);
    const first = openTab();
    const second = openTab();

    const outcomes = await Promise.all([first.useSession.getState().renew(), second.useSession.getState().renew()]);

    expect(outcomes).toEqual([true, true]);
    expect(server.refreshes()).toBe(1);
    expect(server.reused).toBe(false);
    for (const tab of [first, second]) {
      expect(tab.useSession.getState()).toMatchObject({ accessToken: server.access(), refreshToken: server.refresh(), sessionExpired: false });
    }
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe(server.refresh());
    if (how === 'navigator.locks') expect(locks.requests).toEqual([RENEWAL_LOCK_NAME, RENEWAL_LOCK_NAME]);
    else expect(localStorage.getItem(RENEWAL_LOCK_NAME)).toBeNull();
  });

  test('a 401 in the other tab uses the tokens the first tab renewed, without a second refresh', async () => {
    install();
    const server = fakeSessionServer({ refreshDelayMs: 30 });
    signedInStorage(server);
    const first = openTab();
    const second = openTab();
    const before = second.useSession.getState().accessToken;

    await first.renewSession();
    // the storage event has not reached the second tab yet: its call is refused with the old token
    await expect(second.recoverSession(before)).resolves.toBe(true);

    expect(server.refreshes()).toBe(1);
    expect(second.useSession.getState().accessToken).toBe(server.access());
    expect(server.reused).toBe(false);
  });
});

test('a tab whose renewal is refused marks nothing by itself; recoverSession opens the dialog', async () => {
  const server = fakeSessionServer();
  signedInStorage(server);
  const tab = openTab();
  server.revoke();
  await expect(tab.renewSession()).resolves.toBe('refused');
  expect(tab.useSession.getState().sessionExpired).toBe(false);
  await expect(tab.recoverSession(tab.useSession.getState().accessToken)).resolves.toBe(false);
  expect(tab.useSession.getState().sessionExpired).toBe(true);
});

test('a tab signed out while its renewal was under way stays signed out', async () => {
  const server = fakeSessionServer({ refreshDelayMs: 30 });
  signedInStorage(server);
  const tab = openTab();
  const renewal = tab.renewSession();
  tab.useSession.getState().signOut();
  await expect(renewal).resolves.toBe('refused');
  expect(tab.useSession.getState().accessToken).toBeNull();
  expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
});
