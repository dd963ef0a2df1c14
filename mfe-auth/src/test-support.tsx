// Helpers for this remote's tests: its routes in a memory router, and a fake fleet-api behind fetch.
import { apiIsBack, useNotifications, useSession, type LoginUserInfo, type UserType, MemoryRouter, useLocation, type Location } from '@fleet/shared-api';
import { renderWithUi } from '@fleet/shared-ui/src/test-utils';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { I18nextProvider } from '@fleet/shared-ui';
import { AuthRoutes } from './AuthRoutes';

export interface Reply {
  status?: number;
  body: unknown;
}

export interface SentCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
  authorization: string | null;
}

type Handler = Reply | ((call: SentCall) => Reply);

/** Replaces global.fetch with a fleet-api answering `'METHOD /path'` routes; returns what was sent. */
export function fakeApi(routes: Record<string, Handler>): SentCall[] {
  const calls: SentCall[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.clone().text();
    const call: SentCall = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    const handler = routes[`${request.method} ${url.pathname}`];
    const reply: Reply = !handler
      ? { status: 404, body: { status: false, message: `no route ${request.method} ${url.pathname}` } }
      : typeof handler === 'function'
        ? handler(call)
        : handler;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  return calls;
}

/** The calls to one path. */
export function callsTo(calls: SentCall[], path: string): SentCall[] {
  return calls.filter((call) => call.path === path);
}

export interface RenderAuthResult extends ReturnType<typeof renderWithUi> {
  location: () => Location;
}

/**
 * Renders this remote's routes at `path` (query string allowed), as the shell would mount it, and
 * waits for the screen's lazily loaded module (AuthRoutes fetches every screen but login on demand).
 */
export async function renderAuth(path: string, options: { state?: unknown } = {}): Promise<RenderAuthResult> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const current: { location: Location | null } = { location: null };
  function LocationProbe(): ReactNode {
    current.location = useLocation();
    return null;
  }
  const url = new URL(path, 'http://localhost');
  let utils: ReturnType<typeof renderWithUi> | undefined;
  await act(async () => {
    utils = renderWithUi(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[{ pathname: url.pathname, search: url.search, state: options.state ?? null }]}>
          <AuthRoutes fallback={<p>Screen of another remote</p>} />
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
    );
  });
  if (!utils) throw new Error('the routes did not render');
  return {
    ...utils,
    location: () => {
      if (!current.location) throw new Error('router not rendered');
      return current.location;
    },
  };
}

export function loginInfo(userType: UserType, email = `${userType.toLowerCase()}@fleet.test`): LoginUserInfo {
  return {
    user_type: userType,
    userInfo: {
      id: 1,
      email,
      first_name: 'Test',
      last_name: userType,
      agency_id: null,
      agency_name: null,
      electrician_id: null,
      company_id: null,
      company_name: null,
      site_manager_id: null,
      customer_id: null,
    },
  };
}

export function signInAs(userType: UserType): void {
  useSession.getState().signIn({ token: `access-${userType}`, refresh_token: `refresh-${userType}`, info: loginInfo(userType) });
}

export function notifications() {
  return useNotifications.getState().items.map(({ messageType, message, timer }) => ({ messageType, message, timer }));
}

/** A clean page between tests: no session, no pending login, no toasts. */
export function resetPage(): void {
  localStorage.clear();
  sessionStorage.clear();
  useSession.getState().signOut();
  useNotifications.getState().clear();
  apiIsBack(); // no API outage (or its probe) carries over from the previous test
}
