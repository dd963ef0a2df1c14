import { FakeWebSocket, FakeWebSocketImpl } from './fake-websocket';
import { DEFAULT_BACKOFF, openLiveConnection, reconnectDelay } from './live-connection';
import type { LiveStatus } from './live-connection';

beforeEach(() => {
  FakeWebSocket.opened = [];
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

function open(overrides: Partial<Parameters<typeof openLiveConnection>[0]> = {}) {
  const messages: unknown[] = [];
  const statuses: LiveStatus[] = [];
  const reconnected = jest.fn();
  const refused = jest.fn();
  let token: string | null = 'token-1';
  const connection = openLiveConnection({
    token: () => token,
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    onReconnected: reconnected,
    onTokenRefused: refused,
    WebSocketImpl: FakeWebSocketImpl,
    random: () => 1,
    ...overrides,
  });
  return { connection, messages, statuses, reconnected, refused, setToken: (t: string | null) => (token = t) };
}

test('backoff is jittered below a doubling ceiling that is capped', () => {
  expect(reconnectDelay(0, DEFAULT_BACKOFF, () => 1)).toBe(1000);
  expect(reconnectDelay(3, DEFAULT_BACKOFF, () => 1)).toBe(8000);
  expect(reconnectDelay(20, DEFAULT_BACKOFF, () => 1)).toBe(30_000);
  expect(reconnectDelay(3, DEFAULT_BACKOFF, () => 0.25)).toBe(2000);
  expect(reconnectDelay(3, DEFAULT_BACKOFF, () => 0)).toBe(0);
});

test('connects to /ws on the page origin, the token offered as a subprotocol and not in the URL, and passes JSON messages on', () => {
  const { connection, messages, statuses } = open();
  const socket = FakeWebSocket.latest();
  const url = new URL(socket.url);
  expect(url.protocol).toBe('ws:');
  expect(url.host).toBe(window.location.host);
  expect(url.pathname).toBe('/ws');
  expect(url.search).toBe('');
  expect(socket.protocols).toEqual(['fleet-live', 'bearer.token-1']);
  expect(socket.token).toBe('token-1');

  socket.serverOpens();
  socket.serverSends('{"device_id":5,"work_state":2}');
  socket.serverSends('not json');
  expect(messages).toEqual([{ device_id: 5, work_state: 2 }]);
  expect(statuses).toEqual(['connecting', 'open']);
  expect(connection.status()).toBe('open');
});

test("delivers each message of a fleet-api frame ({batch, at}) in order", () => {
  const { messages } = open();
  const socket = FakeWebSocket.latest();
  socket.serverOpens();
  socket.serverSends(JSON.stringify({ batch: [[5, 2], { dashboard: { faulty_count: 3 } }], at: 1 }));
  expect(messages).toEqual([[5, 2], { dashboard: { faulty_count: 3 } }]);
});

test('a dropped connection reconnects with the current token and signals a re-read', () => {
  const { reconnected, setToken, statuses } = open();
  FakeWebSocket.latest().serverOpens();
  setToken('token-2');
  FakeWebSocket.latest().serverCloses(1006);
  expect(statuses[statuses.length - 1]).toBe('reconnecting');
  expect(FakeWebSocket.opened).toHaveLength(1);

  jest.advanceTimersByTime(1000);
  expect(FakeWebSocket.opened).toHaveLength(2);
  expect(FakeWebSocket.latest().token).toBe('token-2');
  expect(reconnected).not.toHaveBeenCalled();
  FakeWebSocket.latest().serverOpens();
  expect(reconnected).toHaveBeenCalledTimes(1);
});

test('failed attempts back off further each time until one opens', () => {
  open();
  FakeWebSocket.latest().serverCloses(1006); // attempt 0 -> 1000 ms
  jest.advanceTimersByTime(1000);
  FakeWebSocket.latest().serverCloses(1006); // attempt 1 -> 2000 ms
  jest.advanceTimersByTime(1999);
  expect(FakeWebSocket.opened).toHaveLength(2);
  jest.advanceTimersByTime(1);
  expect(FakeWebSocket.opened).toHaveLength(3);
});

test('an auth refusal is not retried; a refused token is reported', () => {
  const { refused, connection } = open();
  FakeWebSocket.latest().serverCloses(4401);
  jest.advanceTimersByTime(120_000);
  expect(FakeWebSocket.opened).toHaveLength(1);
  expect(connection.status()).toBe('refused');
  expect(refused).toHaveBeenCalledTimes(1);

  const second = open();
  FakeWebSocket.latest().serverCloses(4403);
  jest.advanceTimersByTime(120_000);
  expect(FakeWebSocket.opened).toHaveLength(2);
  expect(second.refused).not.toHaveBeenCalled();
});

test('close stops for good', () => {
  const { connection } = open();
  const socket = FakeWebSocket.latest();
  connection.close();
  expect(socket.closedWith).toEqual({ code: 1000, reason: 'closed by the console' });
  socket.serverCloses(1006);
  jest.advanceTimersByTime(120_000);
  expect(FakeWebSocket.opened).toHaveLength(1);
  expect(connection.status()).toBe('closed');
});

test('no token, no socket', () => {
  const { connection } = open({ token: () => null });
  expect(FakeWebSocket.opened).toHaveLength(0);
  expect(connection.status()).toBe('closed');
});
