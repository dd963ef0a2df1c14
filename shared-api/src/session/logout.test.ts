// Logout's order (issue: a sign-out left the screen's calls to come back 401): the session's calls in
// flight are aborted and reported to nobody, query caches stop, the live socket is closed, and only then
// does the call that revokes the token leave.
import { apiGet } from '../client/api';
import { ApiError } from '../client/errors';
import { FakeWebSocket, FakeWebSocketImpl } from '../live-updates/fake-websocket';
import { liveUpdates } from '../live-updates/live-updates';
import { notify, useNotifications } from '../notifications/notifications';
import { adminInfo, jsonResponse } from '../test-support';
import { onSessionEnded, reloadSessionFromStorage, useSession } from './session-store';

/** Lets the client's async hooks run until the request reaches fetch. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  reloadSessionFromStorage();
  useNotifications.getState().clear();
  FakeWebSocket.opened = [];
  useSession.getState().signIn({ token: 'access-1', refresh_token: 'refresh-1', info: adminInfo });
  liveUpdates.start({ WebSocketImpl: FakeWebSocketImpl });
  FakeWebSocket.latest().serverOpens();
});
afterEach(() => liveUpdates.stop());

test('a call in flight is aborted and told to nobody, the socket closed, before the sign-out call is sent', async () => {
  const socket = FakeWebSocket.latest();
  const screenCall: { signal?: AbortSignal } = {};
  const atLogout: { screenCallAborted?: boolean; socketClosed?: boolean; queriesStopped?: boolean } = {};
  let queriesStopped = false;
  const off = onSessionEnded(() => (queriesStopped = true));
  global.fetch = jest.fn((request: Request) => {
    if (new URL(request.url).pathname === '/api/authenticate/logout') {
      Object.assign(atLogout, { screenCallAborted: screenCall.signal?.aborted, socketClosed: socket.closedWith !== null, queriesStopped });
      return Promise.resolve(jsonResponse({ status: true, message: 'Logged out' }));
    }
    // the dashboard's figure: the server would answer only after the logout, with a 401
    screenCall.signal = request.signal;
    return new Promise<Response>((_resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    });
  }) as unknown as typeof fetch;

  const figure = apiGet('api/dashboard/getdeviceoverview', { deviceType: 'all' }).catch((err: unknown) => err);
  await turn();
  expect(screenCall.signal?.aborted).toBe(false);
  await useSession.getState().logout();
  off();

  expect(atLogout).toEqual({ screenCallAborted: true, socketClosed: true, queriesStopped: true });
  expect(socket.closedWith?.code).toBe(1000);
  const failure = await figure;
  expect(failure).toBeInstanceOf(ApiError);
  // no toast, no session-expired dialog: the user asked to leave
  expect(notify.failure(failure)).toBeNull();
  expect(useNotifications.getState().items).toEqual([]);
  expect(useSession.getState().sessionExpired).toBe(false);
});
