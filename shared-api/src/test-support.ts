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
