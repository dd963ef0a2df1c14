import { act, renderHook } from '@testing-library/react';
import { adminInfo, agencyInfo, fakeSessionServer } from '../test-support';
import { reloadSessionFromStorage, useSession } from '../session/session-store';
import { FakeWebSocket, FakeWebSocketImpl } from './fake-websocket';
import { liveUpdates, useLiveStatus, useLiveUpdates } from './live-updates';
import type { LiveMessage } from './messages';

beforeEach(() => {
  localStorage.clear();
  reloadSessionFromStorage();
  FakeWebSocket.opened = [];
  jest.useFakeTimers();
});
afterEach(() => {
  liveUpdates.stop();
  jest.useRealTimers();
});

function start() {
  liveUpdates.start({ WebSocketImpl: FakeWebSocketImpl, random: () => 1 });
}

test('follows the session: connects when signed in, closes on sign-out', () => {
  start();
  expect(FakeWebSocket.opened).toHaveLength(0);

  act(() => useSession.getState().signIn({ token: 'a1', refresh_token: 'r1', info: adminInfo }));
  expect(FakeWebSocket.opened).toHaveLength(1);
  FakeWebSocket.latest().serverOpens();
  expect(useLiveStatus.getState().status).toBe('open');

  const socket = FakeWebSocket.latest();
  act(() => useSession.getState().signOut());
  expect(socket.closedWith?.code).toBe(1000);
  expect(useLiveStatus.getState().status).toBe('closed');
});

test('closes while the session is expired and reconnects with the renewed token', () => {
  useSession.getState().signIn({ token: 'a1', refresh_token: 'r1', info: adminInfo });
  start();
  const first = FakeWebSocket.latest();
  act(() => useSession.getState().markExpired());
  expect(first.closedWith).not.toBeNull();

  act(() => useSession.setState({ accessToken: 'a2', sessionExpired: false }));
  expect(FakeWebSocket.opened).toHaveLength(2);
  expect(FakeWebSocket.latest().token).toBe('a2');
});

test('a token refusal whose renewal is refused too (the session ended) marks the session expired', async () => {
  const server = fakeSessionServer();
  useSession.getState().signIn({ token: server.access(), refresh_token: server.refresh(), info: adminInfo });
  start();
  server.revoke();
  act(() => FakeWebSocket.latest().serverCloses(4401));
  await act(() => jest.advanceTimersByTimeAsync(100));
  expect(server.refreshes()).toBe(1);
  expect(useSession.getState().sessionExpired).toBe(true);
});

test('a refused token that a renewal replaces: no dialog, the socket reopens with the new token', async () => {
  const server = fakeSessionServer();
  useSession.getState().signIn({ token: server.access(), refresh_token: server.refresh(), info: adminInfo });
  start();
  act(() => FakeWebSocket.latest().serverCloses(4401));
  await act(() => jest.advanceTimersByTimeAsync(100));
  expect(useSession.getState().sessionExpired).toBe(false);
  expect(FakeWebSocket.latest().token).toBe(server.access());
});

test('a silent renewal: the server closes the old socket (4000), the page reopens with the new token and screens re-read', async () => {
  const server = fakeSessionServer();
  useSession.getState().signIn({ token: server.access(), refresh_token: server.refresh(), info: adminInfo });
  start();
  const old = FakeWebSocket.latest();
  old.serverOpens();
  const onReconnected = jest.fn();
  renderHook(() => useLiveUpdates(jest.fn(), onReconnected));

  const renewal = useSession.getState().renew();
  // fleet-api closes the session's sockets with 4000 before it answers the refresh
  act(() => old.serverCloses(4000));
  await act(() => jest.advanceTimersByTimeAsync(500));
  await renewal;

  const fresh = FakeWebSocket.latest();
  expect(fresh).not.toBe(old);
  expect(fresh.token).toBe(server.access());
  act(() => fresh.serverOpens());
  expect(useLiveStatus.getState().status).toBe('open');
  expect(onReconnected).toHaveBeenCalledTimes(1);
  expect(useSession.getState().sessionExpired).toBe(false);
  // one socket at a time: the old one's reconnect timer was cancelled
  await act(() => jest.advanceTimersByTimeAsync(60_000));
  expect(FakeWebSocket.latest()).toBe(fresh);
});

test('a new sign-in as someone else is a fresh connection, not a resumed one', () => {
  useSession.getState().signIn({ token: 'a1', refresh_token: 'r1', info: adminInfo });
  start();
  FakeWebSocket.latest().serverOpens();
  const onReconnected = jest.fn();
  renderHook(() => useLiveUpdates(jest.fn(), onReconnected));
  act(() => useSession.getState().signIn({ token: 'b1', refresh_token: 'r2', info: agencyInfo }));
  act(() => FakeWebSocket.latest().serverOpens());
  expect(onReconnected).not.toHaveBeenCalled();
});

test('screens receive messages while mounted and a re-read call after a reconnect', () => {
  useSession.getState().signIn({ token: 'a1', refresh_token: 'r1', info: adminInfo });
  start();
  FakeWebSocket.latest().serverOpens();
  const onMessage = jest.fn();
  const onReconnected = jest.fn();
  const { unmount } = renderHook(() => useLiveUpdates(onMessage, onReconnected));

  FakeWebSocket.latest().serverSends('{"dashboard":{"faulty_count":3}}');
  expect(onMessage).toHaveBeenCalledWith({ kind: 'dashboard', faultyCount: 3 });

  FakeWebSocket.latest().serverCloses(1006);
  jest.advanceTimersByTime(1000);
  FakeWebSocket.latest().serverOpens();
  expect(onReconnected).toHaveBeenCalledTimes(1);

  unmount();
  FakeWebSocket.latest().serverSends('{"late":true}');
  expect(onMessage).toHaveBeenCalledTimes(1);
});

test("screens hear the console's write messages read and typed, each of a frame on its own, and nothing they cannot read", () => {
  useSession.getState().signIn({ token: 'a1', refresh_token: 'r1', info: adminInfo });
  start();
  FakeWebSocket.latest().serverOpens();
  const heard: LiveMessage[] = [];
  renderHook(() => useLiveUpdates((message) => heard.push(message)));
  FakeWebSocket.latest().serverSends(
    JSON.stringify({
      batch: [
        { resolved: { device_id: 12, fault_ids: [301, 297], fault_code: null, resolution_id: 41 } },
        { newer_kind: { id: 1 } },
        { moved: { device_id: 12, slice: 'left' } },
        { dashboard: { faulty_count: 4 } },
        { ota: { device_id: 12, push_id: 7, job_id: 90, state: 'downloading', firmware_version: '7.0.0' } },
        { rollout: { push_id: 7, product_line: 'airlink', queued: 0, downloading: 3, installed: 1, failed: 0 } },
      ],
      at: 1,
    }),
  );
  expect(heard.map((m) => m.kind)).toEqual(['resolved', 'moved', 'dashboard', 'ota', 'rollout']);
  expect(heard[0]).toEqual({ kind: 'resolved', deviceId: 12, faultIds: [301, 297], faultCode: null, resolutionId: 41 });
});

test('a throwing listener does not stop the others', () => {
  useSession.getState().signIn({ token: 'a1', refresh_token: 'r1', info: adminInfo });
  start();
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const good = jest.fn();
  const offBad = liveUpdates.subscribe(() => {
    throw new Error('bug');
  });
  const offGood = liveUpdates.subscribe(good);
  FakeWebSocket.latest().serverSends('[5,1]');
  expect(good).toHaveBeenCalledWith({ kind: 'work_state', deviceId: 5, workState: 1 });
  expect(spy).toHaveBeenCalled();
  offBad();
  offGood();
  spy.mockRestore();
});
