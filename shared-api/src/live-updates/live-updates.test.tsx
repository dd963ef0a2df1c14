import { act, renderHook } from '@testing-library/react';
import { adminInfo } from '../test-support';
import { reloadSessionFromStorage, useSession } from '../session/session-store';
import { FakeWebSocket, FakeWebSocketImpl } from './fake-websocket';
import { liveUpdates, useLiveStatus, useLiveUpdates } from './live-updates';

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
  expect(new URL(FakeWebSocket.latest().url).searchParams.get('token')).toBe('a2');
});

test('a token refusal from the server marks the session expired', () => {
  useSession.getState().signIn({ token: 'a1', refresh_token: 'r1', info: adminInfo });
  start();
  act(() => FakeWebSocket.latest().serverCloses(4401));
  expect(useSession.getState().sessionExpired).toBe(true);
});

test('screens receive messages while mounted and a re-read call after a reconnect', () => {
  useSession.getState().signIn({ token: 'a1', refresh_token: 'r1', info: adminInfo });
  start();
  FakeWebSocket.latest().serverOpens();
  const onMessage = jest.fn();
  const onReconnected = jest.fn();
  const { unmount } = renderHook(() => useLiveUpdates(onMessage, onReconnected));

  FakeWebSocket.latest().serverSends('{"dashboard":{"faulty_count":3}}');
  expect(onMessage).toHaveBeenCalledWith({ dashboard: { faulty_count: 3 } });

  FakeWebSocket.latest().serverCloses(1006);
  jest.advanceTimersByTime(1000);
  FakeWebSocket.latest().serverOpens();
  expect(onReconnected).toHaveBeenCalledTimes(1);

  unmount();
  FakeWebSocket.latest().serverSends('{"late":true}');
  expect(onMessage).toHaveBeenCalledTimes(1);
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
  expect(good).toHaveBeenCalledWith([5, 1]);
  expect(spy).toHaveBeenCalled();
  offBad();
  offGood();
  spy.mockRestore();
});
