// @fleet/shared-ui/testing: what every remote's tests share (docs/new-remote.md): a fake fleet-api
// behind fetch, a fake XMLHttpRequest for multipart uploads, the remote's routes rendered as the shell
// mounts them, a signed-in session, and a clean page between tests. Jest only.
import { apiIsBack, LANGUAGES, MemoryRouter, useLocation, useNotifications, useSelectedProduct, useSession, type Location, type LoginUserInfo, type ProductKey, type RemoteDescription, type UserType } from '@fleet/shared-api';
import { liveUpdates } from '@fleet/shared-api/live';
import { decodeFilter, type EncodedFilterItem } from '@fleet/shared-api/lists';
import { SHARED_SINGLETONS } from '@fleet/federation-config';
// shared-api's own stand-in socket (a test file, not part of its runtime index)
import { FakeWebSocket, FakeWebSocketImpl } from '@fleet/shared-api/src/live-updates/fake-websocket';
import fs from 'node:fs';
import path from 'node:path';
import { I18nextProvider } from './i18n';
import { QueryClient, QueryClientProvider } from '@fleet/shared-api/query';
import { act, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderWithUi } from './test-utils';

export { initTestI18n, installJsdomPolyfills, renderWithUi } from './test-utils';
export { describeRemoteApp, describeTextBundles, itKeepsRemoteContract, type RemoteAppCheck, type SignIn, type SpecText, type TextBundlesCheck } from './remote-checks';
export { highStHome, INSTALLED_BY_ANN } from './test-fixtures';

export interface Reply {
  status?: number;
  body: unknown;
  /** A file answer instead of JSON (a CSV): its text and headers (content-type, content-disposition). */
  file?: { text: string; headers: Record<string, string> };
}

/** A file answer (the flashes CSV): `text` with its type and the name the server gives it. */
export function fileReply(text: string, fileName: string, type = 'text/csv; charset=utf-8'): Reply {
  return { body: null, file: { text, headers: { 'content-type': type, 'content-disposition': `attachment; filename="${fileName}"` } } };
}

export interface SentCall {
  method: string;
  path: string;
  query: URLSearchParams;
  search: string;
  body: unknown;
  authorization: string | null;
}

export type Handler = Reply | ((call: SentCall) => Reply);

/** `info` of a list answer. */
export function listReply<T>(data: T[], total = data.length): Reply {
  return { body: { status: true, message: 'List', info: { data, total, current_page: 1, last_page: 1 } } };
}

export function messageReply(message: string, info: unknown = null): Reply {
  return { body: { status: true, message, info } };
}

/** fleet-api's refusal: the status and its message (404 not found, 409 in use or taken). */
export function refusedReply(status: number, message: string): Reply {
  return { status, body: { status: false, message } };
}

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
      query: url.searchParams,
      search: url.search,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    const handler = Object.hasOwn(routes, `${request.method} ${url.pathname}`) ? routes[`${request.method} ${url.pathname}`] : undefined;
    const reply: Reply = !handler
      ? { status: 404, body: { status: false, message: `no route ${request.method} ${url.pathname}` } }
      : typeof handler === 'function'
        ? handler(call)
        : handler;
    if (reply.file) return new Response(reply.file.text, { status: reply.status ?? 200, headers: reply.file.headers });
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return calls;
}

/** The calls of one method to one path. */
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

export interface RenderRemoteResult extends ReturnType<typeof renderWithUi> {
  /** Where the router is now. */
  location: () => Location;
}

/**
 * Renders a remote's routes at `path` (query string allowed) as the shell mounts them: the page's
 * i18next, a fresh query cache without retries, a memory router. Awaits the first commit, so screens
 * loaded lazily have started.
 */
export async function renderRemote(routes: ReactNode, path: string, options: { state?: unknown } = {}): Promise<RenderRemoteResult> {
  let result: RenderRemoteResult | undefined;
  await act(async () => {
    result = renderRemoteSync(routes, path, options);
  });
  if (!result) throw new Error('the routes did not render');
  return result;
}

/** renderRemote without waiting (screens that are not lazily loaded). */
export function renderRemoteSync(routes: ReactNode, path: string, options: { state?: unknown } = {}): RenderRemoteResult {
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
        <MemoryRouter initialEntries={[{ pathname: url.pathname, search: url.search, state: options.state ?? null }]}>
          {routes}
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
export function currentUrl(result: RenderRemoteResult): string {
  const { pathname, search } = result.location();
  return `${pathname}${search}`;
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

/** A session of `userType` (and the product selector on `product`, when given). */
export function signInAs(userType: UserType, options: { product?: ProductKey; info?: LoginUserInfo } = {}): void {
  useSession.getState().signIn({ token: `access-${userType}`, refresh_token: `refresh-${userType}`, info: options.info ?? loginInfo(userType) });
  if (options.product) useSelectedProduct.getState().select(options.product);
}

/** The notify() messages waiting for the shell's toaster. */
export function notifications() {
  return useNotifications.getState().items.map(({ messageType, message, timer }) => ({ messageType, message, timer }));
}

/** A clean page between tests: no session, no pending login, no toasts, no API outage. */
export function resetPage(): void {
  localStorage.clear();
  sessionStorage.clear();
  useSession.getState().signOut();
  useNotifications.getState().clear();
  apiIsBack(); // no API outage (or its probe) carries over from the previous test
  liveUpdates.stop();
}

/**
 * Plays fleet-api's live socket for a screen under test: the page's connection opens (sign in
 * first) and `send` delivers messages as one frame; `reconnect` drops it and opens it again (the
 * screens re-read what they show).
 */
export function fakeLiveSocket() {
  FakeWebSocket.opened = [];
  liveUpdates.start({ WebSocketImpl: FakeWebSocketImpl, random: () => 0 });
  act(() => FakeWebSocket.latest().serverOpens());
  return {
    send(...messages: unknown[]) {
      act(() => FakeWebSocket.latest().serverSends(JSON.stringify({ batch: messages, at: Date.now() })));
    },
    async reconnect() {
      act(() => FakeWebSocket.latest().serverCloses(1006));
      // the backoff's random is 0: the next attempt starts at once
      await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
      act(() => FakeWebSocket.latest().serverOpens());
    },
  };
}

/** The props the shell mounts a remote with (single-spa's, plus any the test adds). */
export function mountPropsFor<Props>(name: string, domElement: HTMLElement, extra: Record<string, unknown> = {}): Props {
  return { name, domElement, singleSpa: {}, mountParcel: jest.fn(), ...extra } as unknown as Props;
}

/**
 * Runs a lifecycle: React renders when the act() scope ends, and single-spa-react resolves mount and
 * unmount only after that render, so the promise is awaited outside the scope.
 */
export async function runLifecycle<Props>(lifecycle: (props: Props) => Promise<unknown>, props: Props): Promise<void> {
  let done: Promise<unknown> = Promise.resolve();
  act(() => {
    done = lifecycle(props);
  });
  await done;
}

/** Every leaf key of a text bundle: "pager.showing". */
export function textKeys(bundle: object, prefix = ''): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? textKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/**
 * A translation has every key of English with the same {{placeholders}} (a key missing in `hi` fails
 * here, naming it).
 */
export function expectSameTexts(english: object, translation: object): void {
  const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
  const at = (bundle: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle) as string;
  expect(textKeys(translation).sort()).toEqual(textKeys(english).sort());
  for (const key of textKeys(english)) expect([key, placeholders(at(translation, key))]).toEqual([key, placeholders(at(english, key))]);
}

export interface RemoteLifecycles<Props> {
  bootstrap: (props: Props) => Promise<unknown>;
  mount: (props: Props) => Promise<unknown>;
  unmount: (props: Props) => Promise<unknown>;
}

export interface MountedRemote {
  /** The element the remote was mounted into (the shell's area). */
  domElement: HTMLElement;
  /** Unmounts through the lifecycle and removes the element; resolves when React is done. */
  unmount: () => Promise<void>;
}

/** Bootstraps and mounts a remote's `./app` at `path`, as the shell does after its route matched. */
export async function mountRemote<Props>(app: RemoteLifecycles<Props>, name: string, path: string, extra: Record<string, unknown> = {}): Promise<MountedRemote> {
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  window.history.pushState({}, '', path);
  const props = mountPropsFor<Props>(name, domElement, extra);
  await runLifecycle(app.bootstrap, props);
  await runLifecycle(app.mount, props);
  return {
    domElement,
    unmount: async () => {
      await runLifecycle(app.unmount, props);
      domElement.remove();
    },
  };
}

/** What a remote's lifecycle check mounts: a screen of the signed-in role and the text bundle it brings. */
export interface LifecycleCheck {
  /** The remote's i18n namespace, taken out first so bootstrap must add it again. */
  namespace: string;
  path: string;
  /** The heading of the screen at `path`. */
  heading: string;
}

/**
 * The lifecycles every remote's `./app` must have (the remote kit): bootstrap adds its text bundle, mount
 * shows the screen of the URL in props.domElement, unmount leaves that element empty.
 */
export async function expectMountsAndUnmounts<Props>(app: RemoteLifecycles<Props>, name: string, { namespace, path, heading }: LifecycleCheck): Promise<void> {
  i18next.removeResourceBundle('en', namespace);
  const remote = await mountRemote(app, name, path);
  expect(i18next.hasResourceBundle('en', namespace)).toBe(true);
  await within(remote.domElement).findByRole('heading', { name: heading });
  const { domElement } = remote;
  await remote.unmount();
  expect(domElement.innerHTML).toBe('');
}

/** A role without access to `path` is sent to /login and the remote shows no screen. */
export async function expectSentToLogin<Props>(app: RemoteLifecycles<Props>, name: string, path: string): Promise<void> {
  const remote = await mountRemote(app, name, path);
  expect(window.location.pathname).toBe('/login');
  expect(within(remote.domElement).queryByRole('heading')).toBeNull();
  await remote.unmount();
}

/** The two range forms package.json uses here: `^x.y.z` and an exact `x.y.z`. */
function satisfies(version: string, range: string): boolean {
  const parse = (v: string) => v.replace(/^[\^~]/, '').split('.').map(Number) as [number, number, number];
  const [major, minor, patch] = parse(version);
  const [wantMajor, wantMinor, wantPatch] = parse(range);
  if (!range.startsWith('^')) return major === wantMajor && minor === wantMinor && patch === wantPatch;
  return major === wantMajor && (minor > wantMinor || (minor === wantMinor && patch >= wantPatch));
}

/**
 * The remote contract of a `description.ts` (docs/architecture.md): its name and the package version;
 * it requires shared singletons only, at the ranges of package.json, which the installed versions
 * satisfy; and it imports types and the contract's route table helpers only, so the build reads it
 * without React or the screens.
 */
export function expectRemoteContract(description: RemoteDescription, packageDir: string): void {
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };
  const pkg = read(path.join(packageDir, 'package.json'));
  expect(`@fleet/${description.name}`).toBe(pkg.name);
  expect(description.version).toBe(pkg.version);
  expect(Object.keys(description.requires)).toEqual(expect.arrayContaining(['react', 'react-dom', 'i18next', '@fleet/shared-ui', '@fleet/shared-api']));
  for (const [name, range] of Object.entries(description.requires)) {
    expect(SHARED_SINGLETONS).toContain(name);
    expect([name, range]).toEqual([name, pkg.dependencies[name]]);
    const installed = read(require.resolve(`${name}/package.json`, { paths: [packageDir] })).version;
    expect([name, installed, satisfies(installed, range)]).toEqual([name, installed, true]);
  }
  const source = fs.readFileSync(path.join(packageDir, 'src', 'description.ts'), 'utf8');
  const imports = source.split('\n').filter((line) => /^import\s/.test(line));
  expect(imports.length).toBeGreaterThan(0);
  for (const line of imports) expect(line).toMatch(/^import type |^import \{[^}]*\} from '@fleet\/shared-api\/remote-contract';$/);
  expectMenuInEveryLanguage(description);
  expectMenuOnOwnRoutes(description);
}

/**
 * Every menu entry leads to one of the remote's own routes, for roles the route admits: the menu is
 * written beside the route table, and a link to nowhere (or one the guard sends away) fails here.
 */
export function expectMenuOnOwnRoutes(description: RemoteDescription): void {
  for (const entry of description.menu) {
    const route = description.routes.find((candidate) => candidate.path === entry.path);
    expect([entry.id, entry.path, route ? 'a route' : 'no route']).toEqual([entry.id, entry.path, 'a route']);
    const roles = route && Array.isArray(route.access) ? route.access : null;
    expect([entry.id, entry.roles]).toEqual([entry.id, roles ? entry.roles.filter((role) => roles.includes(role)) : entry.roles]);
  }
}

const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * The shell draws the menus from descriptions before any remote's texts load: each entry and group
 * names itself in every language of the console, the Hindi in Devanagari (an English word left in
 * the Hindi slot fails here).
 */
export function expectMenuInEveryLanguage(description: RemoteDescription): void {
  for (const entry of description.menu) {
    const named: Array<[string, Record<string, string>]> = [[entry.id, entry.labels]];
    if (entry.group) named.push([`${entry.id} (group ${entry.group.name})`, entry.group.labels]);
    for (const [what, labels] of named) {
      for (const language of LANGUAGES) expect([what, language, typeof labels[language] === 'string' && labels[language] !== '']).toEqual([what, language, true]);
      expect([what, labels.hi, DEVANAGARI.test(labels.hi ?? '')]).toEqual([what, labels.hi, true]);
    }
  }
}
