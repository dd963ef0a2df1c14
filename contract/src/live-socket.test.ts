import { LIVE_PROTOCOL, liveProtocols, tokenFromProtocols } from './live-socket';

test('the token offered as `bearer.<token>` is read back from the handshake header, whatever the spacing', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0In0.c2lnbmF0dXJl-_';
  expect(liveProtocols(jwt)).toEqual([LIVE_PROTOCOL, `bearer.${jwt}`]);
  expect(tokenFromProtocols(liveProtocols(jwt).join(', '))).toBe(jwt);
  expect(tokenFromProtocols(liveProtocols(jwt).join(','))).toBe(jwt);
});

test('no token without a non-empty `bearer.` protocol', () => {
  expect(tokenFromProtocols(undefined)).toBeNull();
  expect(tokenFromProtocols('')).toBeNull();
  expect(tokenFromProtocols(LIVE_PROTOCOL)).toBeNull();
  expect(tokenFromProtocols(`${LIVE_PROTOCOL}, bearer.`)).toBeNull();
  expect(tokenFromProtocols('xbearer.abc')).toBeNull();
});
