// Helpers for this remote's tests: its routes in a memory router as the shell mounts them, a fake
// fleet-api behind fetch, and a fake XMLHttpRequest for the multipart uploads.
import { apiIsBack, decodeFilter, useNotifications, useSelectedProduct, useSession, type EncodedFilterItem, type ProductKey, MemoryRouter, useLocation, type Location } from '@fleet/shared-api';
import { renderWithUi } from '@fleet/shared-ui/src/test-utils';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from '@fleet/shared-ui';
import { FirmwareRoutes } from './FirmwareRoutes';

export interface Reply {
  status?: number;
  body: unknown;
}

export interface SentCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = Reply | ((call: SentCall) => Reply);

/** `info` of a list answer. */
export function listReply<T>(data: T[], total = data.length): Reply {
  return { body: { status: true, message: 'List', info: { data, total, current_page: 1, last_page: 1 } } };
}

export function messageReply(message: string, info: unknown = null): Reply {
  return { body: { status: true, message, info } };
}

/** Replaces global.fetch with a fleet-api answering `'METHOD /path'` routes; returns what was sent. */
export function fakeApi(routes: Record<string, Handler>): SentCall[] {
  const calls: SentCall[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.clone().text();
    const call: SentCall = { method: request.method, path: url.pathname, query: url.searchParams, body: text ? (JSON.parse(text) as unknown) : undefined };
    calls.push(call);
    const handler = routes[`${request.method} ${url.pathname}`];
    const reply: Reply = !handler
      ? { status: 404, body: { status: false, message: `no route ${request.method} ${url.pathname}` } }
      : typeof handler === 'function'
        ? handler(call)
        : handler;
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return calls;
}

export function callsTo(calls: SentCall[], method: string, path: string): SentCall[] {
  return calls.filter((call) => call.method === method && call.path === path);
}

export function lastCall(calls: SentCall[], method: string, path: string): SentCall {
  const found = callsTo(calls, method, path);
  const last = found[found.length - 1];
  if (!last) throw new Error(`no ${method} ${path} was sent`);
  return last;
}

/** The decoded `filter` of a list call. */
export function filterOf(call: SentCall): EncodedFilterItem[] {
  return decodeFilter(call.query.get('filter'));
}

export interface SentUpload {
  method: string;
  url: string;
  form: FormData;
  /** With `manual`: sends the answer (progress was reported when the upload was sent). */
  respond: () => void;
}

/**
 * XMLHttpRequest as apiPostForm uses it: records the FormData, reports upload progress, then answers
 * `reply` (status + JSON body). Installed per test; returns the uploads sent.
 */
export function fakeUploads(reply: (upload: Omit<SentUpload, 'respond'>) => Reply, options: { manual?: boolean } = {}): SentUpload[] {
  const uploads: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      const sent = { method: this.method, url: this.url, form };
      const answer = reply(sent);
      const respond = () => {
        this.status = answer.status ?? 200;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      };
      uploads.push({ ...sent, respond });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        if (!options.manual) setTimeout(respond, 0);
      }, 0);
    }
  }
  (globalThis as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  return uploads;
}

export interface RenderResult extends ReturnType<typeof renderWithUi> {
  location: () => Location;
}

/** Renders this remote's routes at `path` (query string allowed), as the shell would mount it. */
export function renderFirmware(path: string, options: { fallback?: ReactNode } = {}): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const current: { location: Location | null } = { location: null };
  function LocationProbe(): ReactNode {
    current.location = useLocation();
    return null;
  }
  const url = new URL(path, 'http://localhost');
  const utils = renderWithUi(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[{ pathname: url.pathname, search: url.search }]}>
          <FirmwareRoutes fallback={options.fallback ?? <p>Screen of another remote</p>} />
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return {
    ...utils,
    location: () => {
      if (!current.location) throw new Error('router not rendered');
      return current.location;
    },
  };
}

/** The path and query string the router shows now (what a reload would open). */
export function currentUrl(result: RenderResult): string {
  const { pathname, search } = result.location();
  return `${pathname}${search}`;
}

export function signInAsAdmin(product: ProductKey = 'livelink'): void {
  useSession.getState().signIn({
    token: 'access-admin',
    refresh_token: 'refresh-admin',
    info: {
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
    },
  });
  useSelectedProduct.getState().select(product);
}

export function notifications() {
  return useNotifications.getState().items.map(({ messageType, message }) => ({ messageType, message }));
}

/** A clean page between tests: no session, no toasts. */
export function resetPage(): void {
  localStorage.clear();
  sessionStorage.clear();
  useSession.getState().signOut();
  useNotifications.getState().clear();
  apiIsBack(); // no API outage (or its probe) carries over from the previous test
}
