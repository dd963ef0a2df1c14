// Helpers for this package's tests: answers from a mocked fetch, as fleet-api would send them.
import type { LoginUserInfo } from './session/session-store';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export type FetchMock = jest.Mock<Promise<Response>, [Request, RequestInit?]> & { sent: SentRequest[] };

/** What reached fetch, read at call time (the Request's body cannot be read again later). */
export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** Replaces global.fetch; each call answers with the next reply (the last one repeats). */
export function mockFetch(...replies: Array<Response | Error | (() => Response)>): FetchMock {
  let index = 0;
  const sent: SentRequest[] = [];
  const mock = jest.fn(async (request: Request) => {
    sent.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.clone().text() });
    const reply = replies[Math.min(index, replies.length - 1)];
    index += 1;
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'function') return reply();
    if (!reply) throw new Error('no reply configured');
    return reply.clone();
  }) as unknown as FetchMock;
  mock.sent = sent;
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** The request that reached fetch on call `n`. */
export function requestOf(mock: FetchMock, n = 0): SentRequest {
  const sent = mock.sent[n];
  if (!sent) throw new Error(`fetch was not called ${n + 1} times`);
  return sent;
}

export const adminInfo: LoginUserInfo = {
  user_type: 'Admin',
  userInfo: {
    id: 1,
    email: 'admin@fleet.test',
    first_name: 'Ada',
    last_name: 'Admin',
    agency_id: null,
    agency_name: null,
    electrician_id: null,
    company_id: null,
    company_name: null,
    site_manager_id: null,
    customer_id: null,
  },
};

export const agencyInfo: LoginUserInfo = {
  user_type: 'Agency',
  userInfo: { ...adminInfo.userInfo, id: 7, email: 'agency@fleet.test', agency_id: 3, agency_name: 'Bright Homes' },
};

/** An unsigned JWT with the claims the console reads (`iat`, `exp`, seconds); the console never verifies it. */
export function fakeJwt(claims: { iat: number; exp: number; sub?: string; n?: number }): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ typ: 'access', ...claims })}.signature`;
}

export interface FakeSessionServer {
  /** Every request: path and the bearer it carried (refresh calls: the refresh token sent). */
  sent: Array<{ path: string; bearer: string | null; refreshToken?: string }>;
  /** The calls to /api/token-refresh. */
  refreshes(): number;
  /** The access token the server accepts now. */
  access(): string;
  refresh(): string;
  /** Ends the session on the server (logout elsewhere, account disabled): every token is refused. */
  revoke(): void;
  /** Whether a used refresh token was presented again (the real server then ends the session). */
  reused: boolean;
  /** Makes the next refresh calls fail without an answer (network) until set back. */
  offline: boolean;
  /** Calls (not refreshes) answered 401. */
  refused: number;
}

/**
 * fleet-api's session rules for the client's tests, as fetch: one access and one refresh token valid
 * at a time; a refresh rotates both and the replaced access token is refused at once (401); a used
 * refresh token ends the session. Access tokens are JWTs of `ttlSeconds` issued at the current time.
 * Any other path answers 200 `{status:true, info:{path}}` to the current access token, else 401.
 */
export function fakeSessionServer(options: { ttlSeconds?: number; refreshDelayMs?: number; info?: LoginUserInfo } = {}): FakeSessionServer {
  const ttl = options.ttlSeconds ?? 60;
  let generation = 1;
  const accessOf = (n: number) => {
    const iat = Math.floor(Date.now() / 1000);
    return fakeJwt({ iat, exp: iat + ttl, n });
  };
  let access = accessOf(generation);
  let refresh = `refresh-${generation}`;
  const used = new Set<string>();
  let revoked = false;
  const server: FakeSessionServer = {
    sent: [],
    refreshes: () => server.sent.filter((s) => s.path === '/api/token-refresh').length,
    access: () => access,
    refresh: () => refresh,
    revoke: () => {
      revoked = true;
    },
    reused: false,
    offline: false,
    refused: 0,
  };
  const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    const bearer = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null;
    if (path === '/api/token-refresh') {
      const sentRefresh = (JSON.parse(await request.clone().text()) as { refresh_token: string }).refresh_token;
      server.sent.push({ path, bearer, refreshToken: sentRefresh });
      if (options.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs));
      if (server.offline) throw new TypeError('Failed to fetch');
      if (used.has(sentRefresh)) {
        server.reused = true;
        revoked = true;
      }
      if (revoked || sentRefresh !== refresh) return answer({ status: false, message: 'Invalid refresh token' }, 401);
      used.add(refresh);
      generation += 1;
      access = accessOf(generation);
      refresh = `refresh-${generation}`;
      return answer({ status: true, message: 'Token refreshed', token: access, refresh_token: refresh, info: options.info ?? adminInfo });
    }
    server.sent.push({ path, bearer });
    if (revoked || bearer !== access) {
      server.refused += 1;
      return answer({ status: false, message: 'Your session has expired. Please sign in again.' }, 401);
    }
    return answer({ status: true, message: 'ok', info: { path } });
  }) as unknown as typeof fetch;
  return server;
}
