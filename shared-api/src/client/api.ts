import ky from 'ky';
import type { KyInstance } from 'ky';
import { isApiUnavailable, reportApiUnavailable } from '../notifications/api-outage';
import { noteActivity } from '../session/keep-alive';
import { onSessionEnded, pendingRenewal, recoverSession, sessionStore } from '../session/session-store';
import { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, isNetworkFailure, serverMessage } from './errors';
import type { ServerText } from './server-text';

/**
 * Every answer of fleet-api: `{status, message, info}` (with the message's `code` and `params` when it
 * has them: server-text.ts); sign-in answers add the tokens.
 */
export interface ApiAnswer<T> extends ServerText {
  status: boolean;
  message: string;
  info: T;
  token?: string;
  refresh_token?: string;
}

/** `info` of a paged list. */
export interface ListInfo<T> {
  data: T[];
  total: number;
  current_page?: number;
  last_page?: number;
}

export type SearchParamValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type SearchParams = Record<string, SearchParamValue> | URLSearchParams;

function pageOrigin(): string {
  return typeof window !== 'undefined' && window.location ? window.location.origin : '';
}

/** A same-origin URL for an API path ('api/profile' or '/api/profile'). */
export function apiUrl(path: string): string {
  return `${pageOrigin()}/${path.replace(/^\/+/, '')}`;
}

// Calls whose 401 means "wrong credentials or link", not "your session ended": the login form must
// show the server's message, not the session-expired dialog.
const AUTH_CALL = /\/api\/(authenticate\/|token-refresh|reset-password|electrician\/reset-password|verify-email|send-verification-mail|agency\/sign-up)/;

export function isAuthCall(url: string): boolean {
  return AUTH_CALL.test(url);
}

function isFailureAnswer(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === false;
}

/**
 * The one place that decides whether an answer failed (spec 8): any non-2xx, or `status: false`.
 * A 401 outside the auth calls that reaches here could not be cured by a renewal (the call was already
 * retried, or the renewal was refused): it marks the session expired so the shell shows its dialog.
 */
export function failureFor(httpStatus: number, body: unknown, url: string): ApiError | null {
  const expiredSession = httpStatus === 401 && !isAuthCall(url);
  if (expiredSession) sessionStore.getState().markExpired();
  const failed = httpStatus < 200 || httpStatus >= 300 || isFailureAnswer(body);
  if (!failed) return null;
  const error = new ApiError(httpStatus, serverMessage(body) ?? GENERIC_ERROR_MESSAGE, body, { expiredSession });
  // The API is away (the console answers 502/503/504 while fleet-api restarts): one notice, a probe.
  if (isApiUnavailable(error)) reportApiUnavailable();
  return error;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

function bearerHeader(): string | null {
  const token = sessionStore.getState().accessToken;
  return token ? `Bearer ${token}` : null;
}

/** The access token a request carried (null without one). */
function tokenOf(authorization: string | null): string | null {
  return authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null;
}

/** A 401 that a renewal may cure: any call but the sign-in ones, not already retried once. */
function renewable(status: number, url: string, retried: boolean): boolean {
  return status === 401 && !retried && !isAuthCall(url);
}

/**
 * Every call counts as activity (keep-alive.ts) and waits for a renewal under way, so it leaves with
 * the new token rather than one the server is about to refuse.
 */
async function beforeCall(): Promise<void> {
  noteActivity();
  const renewal = pendingRenewal();
  if (renewal) await renewal;
}

/** ky's context key that marks the one retry after a renewal. */
const RETRIED = 'fleetRetriedAfterRenewal';

/**
 * fetch looked up at call time (tests replace `global.fetch`), with "no answer at all" turned into
 * the catalogue's network error. A caller's own abort stays an abort.
 */
async function fetchOrNetworkError(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await globalThis.fetch(input, init);
  } catch (err) {
    if (err instanceof Error && err.name === 'AbortError') throw err;
    if (!(typeof navigator !== 'undefined' && navigator.onLine === false)) reportApiUnavailable();
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

/**
 * The ky instance: same origin, bearer from the session, no silent retries (a retried POST could
 * act twice; the user retries with the screen's refresh instead), failures thrown as ApiError.
 * Paths have no leading slash: `api.get('api/profile').json()`. Not exported from the package: screens
 * call resource functions built on apiGet/apiPost/... so that every call has the same failure rules.
 */
export const api: KyInstance = ky.create({
  prefixUrl: pageOrigin(),
  timeout: 30_000,
  retry: 0,
  throwHttpErrors: false,
  headers: { Accept: 'application/json' },
  fetch: fetchOrNetworkError,
  hooks: {
    beforeRequest: [
      async (request) => {
        await beforeCall();
        const bearer = bearerHeader();
        if (bearer && !request.headers.has('Authorization')) request.headers.set('Authorization', bearer);
      },
    ],
    afterResponse: [
      async (request, options, response) => {
        // Refused with a token that a renewal replaces (or that has just run out): renew once for the
        // whole page, then send the same request once more with the new token.
        if (renewable(response.status, request.url, options.context[RETRIED] === true) && (await recoverSession(tokenOf(request.headers.get('Authorization'))))) {
          const again = new Request(request);
          again.headers.delete('Authorization');
          return api(again, { context: { [RETRIED]: true } });
        }
        const body = await readJson(response.clone());
        const failure = failureFor(response.status, body, request.url);
        if (failure) throw failure;
        return response;
      },
    ],
  },
});

/**
 * The calls of the signed-in session share one signal. It is aborted when the session ends (signed out
 * here or in another tab, the expired dialog's Exit), before the sign-out call leaves: the server
 * refuses an ended session's token, and that refusal would reach the browser's log as a 401 and a
 * screen as a failure. It stays aborted until the next sign-in, so a screen still on the page meanwhile
 * (a re-read on a live event, a retry) sends nothing. Renewals keep the session, so they keep its calls;
 * the sign-in calls are no session's.
 */
let sessionCalls = new AbortController();
// first of the session's end listeners: the calls are aborted before the caches and the socket stop
onSessionEnded(() => sessionCalls.abort());

/** A call abandoned with its session: told to nobody (notify.failure skips expired-session errors). */
function abandonedWithSession(): ApiError {
  return new ApiError(401, '', undefined, { expiredSession: true });
}

/**
 * The signal a call to `path` goes under: the session's, or none for the sign-in calls. Throws the
 * abandoned call's error, sending nothing, between a sign-out and the next sign-in.
 */
function sessionSignal(path: string): AbortSignal | undefined {
  if (isAuthCall(`/${relative(path)}`)) return undefined;
  // signed in again: the new session's calls get a signal of their own
  if (sessionCalls.signal.aborted && sessionStore.getState().accessToken) sessionCalls = new AbortController();
  if (sessionCalls.signal.aborted) throw abandonedWithSession();
  return sessionCalls.signal;
}

function toSearchParams(params: SearchParams | undefined): URLSearchParams | undefined {
  if (!params) return undefined;
  if (params instanceof URLSearchParams) return params;
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as ReadonlyArray<string | number>) out.append(key, String(item));
    } else {
      out.append(key, String(value));
    }
  }
  return out;
}

function relative(path: string): string {
  return path.replace(/^\/+/, '');
}

/**
 * The early request of the page's first screen (startEarlyRequest): its answer, already parsed (a body
 * is read once), kept for the screen's identical GET, which takes it once within 5 s.
 */
let earlyRequest: { url: string; answer: Promise<ApiAnswer<unknown>>; at: number } | null = null;

/**
 * Sends the GET of `path` ('/api/x?page=1', the query exactly as the screen will send it) now, before
 * the screen's code has run. A GET of anything else goes out as usual, so a wrong path costs one
 * request and never a wrong answer.
 */
export function startEarlyRequest(path: string): void {
  const url = relative(path);
  earlyRequest = { url, answer: send<unknown>('get', url, undefined, undefined), at: Date.now() };
  // a failure is the taker's to retry (call), not an unhandled rejection
  earlyRequest.answer.catch(() => undefined);
}

function takeEarlyAnswer(url: string): Promise<ApiAnswer<unknown>> | null {
  const early = earlyRequest;
  if (early?.url !== url) return null;
  earlyRequest = null;
  return Date.now() - early.at > 5_000 ? null : early.answer;
}

async function call<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, options: { json?: unknown; searchParams?: SearchParams }): Promise<ApiAnswer<T>> {
  const searchParams = toSearchParams(options.searchParams);
  const query = searchParams?.toString();
  const early = method === 'get' ? takeEarlyAnswer(relative(path) + (query ? `?${query}` : '')) : null;
  // an early request that fails is sent again: the screen sees its own call's answer or failure
  if (early) return (early as Promise<ApiAnswer<T>>).catch(() => send<T>(method, path, options.json, searchParams));
  return send<T>(method, path, options.json, searchParams);
}

async function send<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, json: unknown, searchParams: URLSearchParams | undefined): Promise<ApiAnswer<T>> {
  const signal = sessionSignal(path);
  try {
    const response = await api(relative(path), {
      method,
      signal,
      ...(json !== undefined ? { json } : {}),
      ...(searchParams ? { searchParams } : {}),
    });
    const body = await readJson(response);
    return (body ?? { status: true, message: '', info: undefined }) as ApiAnswer<T>;
  } catch (err) {
    throw failureOfSend(err, signal);
  }
}

/** What a call that threw tells its caller: an abort with its session is an abandoned call. */
function failureOfSend(err: unknown, signal: AbortSignal | undefined): unknown {
  if (err instanceof ApiError) return err;
  if (signal?.aborted && err instanceof Error && err.name === 'AbortError') return abandonedWithSession();
  return isNetworkFailure(err) ? new ApiError(0, NETWORK_ERROR_MESSAGE) : err;
}

export function apiGet<T>(path: string, searchParams?: SearchParams): Promise<ApiAnswer<T>> {
  return call<T>('get', path, { ...(searchParams ? { searchParams } : {}) });
}

export function apiPost<T>(path: string, json?: unknown): Promise<ApiAnswer<T>> {
  return call<T>('post', path, { json });
}

export function apiPut<T>(path: string, json?: unknown): Promise<ApiAnswer<T>> {
  return call<T>('put', path, { json });
}

export function apiDelete<T>(path: string, searchParams?: SearchParams): Promise<ApiAnswer<T>> {
  return call<T>('delete', path, { ...(searchParams ? { searchParams } : {}) });
}

/** DELETE with a JSON body: the OTA deletes take `{ota_id | group_id | id, deviceType}` (docs/ota-calls.md). */
export function apiDeleteJson<T>(path: string, json: unknown): Promise<ApiAnswer<T>> {
  return call<T>('delete', path, { json });
}

/** `info` of a list answer, with `data` and `total` always present. */
export async function apiList<T>(path: string, searchParams?: SearchParams): Promise<ListInfo<T>> {
  const answer = await apiGet<Partial<ListInfo<T>> | null>(path, searchParams);
  const info = answer.info ?? {};
  const data = Array.isArray(info.data) ? info.data : [];
  const list: ListInfo<T> = { data, total: typeof info.total === 'number' ? info.total : data.length };
  if (typeof info.current_page === 'number') list.current_page = info.current_page;
  if (typeof info.last_page === 'number') list.last_page = info.last_page;
  return list;
}

export interface UploadProgress {
  /** 0..1 */
  percent: number;
  transferredBytes: number;
  totalBytes: number;
}

export interface PostFormOptions {
  onUploadProgress?: (progress: UploadProgress) => void;
  method?: 'POST' | 'PUT';
  signal?: AbortSignal;
}

/**
 * Multipart upload (agency profile, firmware files, sliders). XMLHttpRequest rather than ky:
 * fetch reports upload progress only with streamed request bodies, which browsers refuse over
 * HTTP/1.1, and the console is served over HTTP/1.1. Same rules as every other call.
 */
export function apiPostForm<T>(path: string, form: FormData, options: PostFormOptions = {}): Promise<ApiAnswer<T>> {
  noteActivity();
  const renewal = pendingRenewal();
  const first = renewal ? renewal.then(() => sendForm<T>(path, form, options, false)) : sendForm<T>(path, form, options, false);
  // refused, then renewed: the upload is sent once more with the new token (FormData can be)
  return first.then((answer) => (answer === SEND_AGAIN ? (sendForm<T>(path, form, options, true) as Promise<ApiAnswer<T>>) : answer));
}

const SEND_AGAIN = Symbol('send again after the renewal');

function sendForm<T>(path: string, form: FormData, options: PostFormOptions, retried: boolean): Promise<ApiAnswer<T> | typeof SEND_AGAIN> {
  const url = apiUrl(path);
  return new Promise<ApiAnswer<T> | typeof SEND_AGAIN>((resolve, reject) => {
    // thrown here, the promise rejects: nothing is sent after the session ended
    const session = sessionSignal(path);
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const bearer = bearerHeader();
    if (bearer) xhr.setRequestHeader('Authorization', bearer);

    if (options.onUploadProgress) {
      const report = options.onUploadProgress;
      xhr.upload.onprogress = (event) => {
        const totalBytes = event.lengthComputable ? event.total : 0;
        report({ transferredBytes: event.loaded, totalBytes, percent: totalBytes > 0 ? event.loaded / totalBytes : 0 });
      };
    }

    xhr.onload = async () => {
      if (renewable(xhr.status, url, retried) && (await recoverSession(tokenOf(bearer)))) {
        resolve(SEND_AGAIN);
        return;
      }
      let body: unknown;
      try {
        body = xhr.responseText === '' ? undefined : (JSON.parse(xhr.responseText) as unknown);
      } catch {
        body = undefined;
      }
      const failure = failureFor(xhr.status, body, url);
      if (failure) reject(failure);
      else resolve((body ?? { status: true, message: '', info: undefined }) as ApiAnswer<T>);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    xhr.ontimeout = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(session?.aborted ? abandonedWithSession() : new DOMException('The upload was cancelled', 'AbortError'));
    session?.addEventListener('abort', () => xhr.abort(), { once: true });

    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** A file a GET answers (a CSV), with the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header (`attachment; filename="x.csv"`), else `fallback`. */
export function dispositionFileName(header: string | null, fallback: string): string {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  // only a plain name: never a path
  const name = match?.[1]?.trim().replace(/^.*[\\/]/, '');
  return name ? name : fallback;
}

/**
 * Fetches a file the API answers directly (the flashes CSV). A refusal is JSON like every other
 * answer and throws its ApiError with the server's message (spec 8: "Flashes CSV failure shows the
 * server's message"); the session and outage handling are the API client's.
 */
export async function apiDownload(path: string, searchParams: SearchParams | undefined, fallbackName: string): Promise<DownloadedFile> {
  const signal = sessionSignal(path);
  try {
    const params = toSearchParams(searchParams);
    const response = await api(relative(path), { method: 'get', signal, headers: { Accept: 'text/csv, application/json' }, ...(params ? { searchParams: params } : {}) });
    return { blob: await response.blob(), fileName: dispositionFileName(response.headers.get('content-disposition'), fallbackName) };
  } catch (err) {
    throw failureOfSend(err, signal);
  }
}

/** Hands a downloaded file to the browser's save (an object URL on a temporary link). */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the click has started the save; the URL is released after it
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
