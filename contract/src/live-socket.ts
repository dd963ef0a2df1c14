// The live socket (`/ws`), as the console opens it and fleet-api answers it.
//
// The access token rides in the handshake's `Sec-WebSocket-Protocol` header, as a second offered
// subprotocol `bearer.<token>` beside `fleet-live` (the way Kubernetes' API server takes a bearer
// token on a WebSocket): a browser cannot set any other header on a WebSocket, and a token in the
// URL's query ends up in every proxy's error log (nginx writes the request line there, whatever its
// access-log format). fleet-api answers with `fleet-live` alone, so the token is never sent back.
// An access token is a JWT: base64url and dots, every character allowed in a subprotocol name.

/** The socket's path, on the console's origin and on fleet-api. */
export const LIVE_PATH = '/ws';

/** The subprotocol fleet-api selects; a handshake that does not offer it gets none. */
export const LIVE_PROTOCOL = 'fleet-live';

const BEARER_PREFIX = 'bearer.';

/** What the console offers in `new WebSocket(url, protocols)`. */
export function liveProtocols(token: string): string[] {
  return [LIVE_PROTOCOL, `${BEARER_PREFIX}${token}`];
}

/** The token of a `Sec-WebSocket-Protocol` header ("fleet-live, bearer.<token>"), or null. */
export function tokenFromProtocols(header: string | undefined): string | null {
  for (const offered of (header ?? '').split(',')) {
    const name = offered.trim();
    if (name.startsWith(BEARER_PREFIX) && name.length > BEARER_PREFIX.length) return name.slice(BEARER_PREFIX.length);
  }
  return null;
}

/**
 * Close codes fleet-api ends a socket with. The console stops retrying on `tokenRefused` and
 * `notAllowed` (a renewal would not change the answer) and reconnects after every other.
 */
export const LIVE_CLOSE = {
  /** The token signs nobody in, expired, or its session ended (logout, disabled user). */
  tokenRefused: 4401,
  /** Signed in, but not allowed a live view (second factor still to set up). */
  notAllowed: 4403,
  /** The session renewed its tokens: reconnect with the new one. */
  renewed: 4000,
  /** The console did not read its frames fast enough. */
  slowConsumer: 4008,
  /** The instance lost events (its LISTEN connection dropped): reconnect and read again. */
  liveGap: 4010,
  /** The instance is stopping. */
  shutdown: 1001,
} as const;
