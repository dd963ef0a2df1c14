import { adminInfo, fakeSessionServer, jsonResponse, mockFetch, requestOf } from '../test-support';
import { reloadSessionFromStorage, useSession } from '../session/session-store';
import { api, apiDelete, apiDeleteJson, apiDownload, apiGet, apiList, apiPost, apiPostForm, apiPut, apiUrl, dispositionFileName, startEarlyRequest } from './api';
import type { UploadProgress } from './api';
import { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, errorMessage } from './errors';
import { notify } from '../notifications/notifications';

beforeEach(() => {
  localStorage.clear();
  reloadSessionFromStorage();
  useSession.getState().signIn({ token: 'access-1', refresh_token: 'refresh-1', info: adminInfo });
});

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('the call did not fail');
}

describe('calls', () => {
  test('GET goes to the same origin with the bearer token and search params, and answers the whole body', async () => {
    const fetchMock = mockFetch(jsonResponse({ status: true, message: 'ok', info: { data: [{ id: 1 }], total: 1 } }));

    const answer = await apiGet<{ data: Array<{ id: number }>; total: number }>('/api/agency/devices/all', {
      deviceType: 'livelink',
      page: 2,
      filter: undefined,
      ids: [1, 2],
    });

    const sent = requestOf(fetchMock);
    expect(sent.method).toBe('GET');
    expect(sent.url.origin).toBe(window.location.origin);
    expect(sent.url.pathname).toBe('/api/agency/devices/all');
    expect(sent.url.searchParams.get('deviceType')).toBe('livelink');
    expect(sent.url.searchParams.get('page')).toBe('2');
    expect(sent.url.searchParams.has('filter')).toBe(false);
    expect(sent.url.searchParams.getAll('ids')).toEqual(['1', '2']);
    expect(sent.headers.get('authorization')).toBe('Bearer access-1');
    expect(answer).toEqual({ status: true, message: 'ok', info: { data: [{ id: 1 }], total: 1 } });
  });

  test('POST, PUT and DELETE send JSON bodies and methods', async () => {
    const fetchMock = mockFetch(jsonResponse({ status: true, message: 'Saved', info: null }));

    await apiPost('api/profile/update', { first_name: 'Ada' });
    await apiPut('api/profile/update', { last_name: 'Lovelace' });
    await apiDelete('api/homepage/slider', { id: 4 });
    await apiDeleteJson('/api/ota/delete', { ota_id: 7, deviceType: 'livelink' });

    expect(requestOf(fetchMock, 0)).toMatchObject({ method: 'POST', body: '{"first_name":"Ada"}' });
    expect(requestOf(fetchMock, 0).headers.get('content-type')).toContain('application/json');
    expect(requestOf(fetchMock, 1)).toMatchObject({ method: 'PUT', body: '{"last_name":"Lovelace"}' });
    expect(requestOf(fetchMock, 2).method).toBe('DELETE');
    expect(requestOf(fetchMock, 2).url.search).toBe('?id=4');
    expect(requestOf(fetchMock, 3)).toMatchObject({ method: 'DELETE', body: '{"ota_id":7,"deviceType":"livelink"}' });
    expect(requestOf(fetchMock, 3).url.pathname).toBe('/api/ota/delete');
  });

  test('no bearer header without a session', async () => {
    useSession.getState().signOut();
    const fetchMock = mockFetch(jsonResponse({ status: true, message: 'ok' }));
    await apiPost('api/authenticate/login', { email: 'a@b.co', password: 'x' });
    expect(requestOf(fetchMock).headers.has('authorization')).toBe(false);
  });

  test('the ky instance itself carries the bearer and answers JSON', async () => {
    const fetchMock = mockFetch(jsonResponse({ status: true, message: 'ok', info: { first_name: 'Ada' } }));
    const body = await api.get('api/profile').json<{ info: { first_name: string } }>();
    expect(body.info.first_name).toBe('Ada');
    expect(requestOf(fetchMock).headers.get('authorization')).toBe('Bearer access-1');
  });

  test('apiUrl builds same-origin URLs with or without a leading slash', () => {
    expect(apiUrl('/api/profile')).toBe(`${window.location.origin}/api/profile`);
    expect(apiUrl('api/profile')).toBe(`${window.location.origin}/api/profile`);
  });
});

describe('failures (spec 8)', () => {
  test('status:false on HTTP 200 is a failure carrying the server message', async () => {
    mockFetch(jsonResponse({ status: false, message: 'Email already exists' }));
    const err = await failureOf(apiPost('api/agency/add', {}));
    expect(err.message).toBe('Email already exists');
    expect(err.status).toBe(200);
    expect(err.body).toEqual({ status: false, message: 'Email already exists' });
    expect(errorMessage(err)).toBe('Email already exists');
  });

  test('an HTTP error with a message uses it; without one, Something went wrong', async () => {
    mockFetch(jsonResponse({ status: false, message: 'first_name is required' }, 400));
    const withMessage = await failureOf(apiPut('api/profile/update', {}));
    expect(withMessage).toMatchObject({ status: 400, message: 'first_name is required' });

    mockFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const without = await failureOf(apiGet('api/profile'));
    expect(without).toMatchObject({ status: 502, message: GENERIC_ERROR_MESSAGE });
  });

  test('the ky instance throws the same ApiError for status:false', async () => {
    mockFetch(jsonResponse({ status: false, message: 'Not allowed' }, 403));
    await expect(api.get('api/ota/get').json()).rejects.toMatchObject({ name: 'ApiError', status: 403, message: 'Not allowed' });
  });

  test('a network failure becomes the connection message with status 0', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const err = await failureOf(apiGet('api/profile'));
    expect(err.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(err.status).toBe(0);
    expect(err.isNetworkError).toBe(true);
  });

  test('a 401 that a renewal cannot cure marks the session expired', async () => {
    // every call is refused, the token refresh too
    mockFetch(jsonResponse({ status: false, message: 'Unauthorized' }, 401));
    const err = await failureOf(apiGet('api/profile'));
    expect(err.status).toBe(401);
    expect(useSession.getState().sessionExpired).toBe(true);
  });

  test('a 401 from a sign-in call is a wrong password, not an expired session', async () => {
    mockFetch(jsonResponse({ status: false, message: 'Invalid email or password' }, 401));
    const err = await failureOf(apiPost('api/authenticate/login', { email: 'a@b.co', password: 'bad' }));
    expect(err.message).toBe('Invalid email or password');
    mockFetch(jsonResponse({ status: false, message: 'Invalid or expired OTP' }, 401));
    await failureOf(apiPost('api/authenticate/login-otp', { email: 'a@b.co', otp: '123456' }));
    expect(useSession.getState().sessionExpired).toBe(false);
  });
});

describe('signing out', () => {
  test('abandons the calls still in flight: no refusal of the ended session reaches the browser or a toast', async () => {
    const seen: AbortSignal[] = [];
    global.fetch = ((request: Request) => {
      seen.push(request.signal);
      // an answer that arrives only after the sign-out: the server refuses the ended session's token
      return new Promise<Response>((resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        setTimeout(() => resolve(new Response(JSON.stringify({ status: false, message: 'Unauthorized' }), { status: 401 })), 200);
      });
    }) as typeof fetch;
    const inFlight = failureOf(apiGet('api/mscc/nms/dashboard/month-faulty-device'));
    await new Promise((r) => setTimeout(r, 10));
    useSession.getState().signOut();

    const failure = await inFlight;
    expect(seen[0]?.aborted).toBe(true);
    // said to nobody: no toast (notify.failure skips it), no session-expired dialog
    expect(failure.expiredSession).toBe(true);
    expect(useSession.getState().sessionExpired).toBe(false);
  });

  test('a screen that reads again after the sign-out (a live event, a retry) sends nothing until the next sign-in', async () => {
    useSession.getState().signOut();
    const fetchMock = mockFetch(jsonResponse({ status: false, message: 'Unauthorized' }, 401));

    const reread = await failureOf(apiGet('api/dashboard/getdeviceoverview', { deviceType: 'all' }));
    const download = await failureOf(apiDownload('api/devices/flashes.csv', undefined, 'flashes.csv'));

    expect(fetchMock).not.toHaveBeenCalled();
    expect([reread.expiredSession, download.expiredSession]).toEqual([true, true]);
    expect(notify.failure(reread)).toBeNull();
    // the sign-in calls are no session's: the next sign-in goes out
    mockFetch(jsonResponse({ status: true, message: 'OTP sent', info: { otp_required: true } }));
    await expect(apiPost('/api/authenticate/login', { email: 'a@b.co', password: 'x' })).resolves.toMatchObject({ message: 'OTP sent' });
  });

  test('calls of the next session are not abandoned', async () => {
    useSession.getState().signOut();
    useSession.getState().signIn({ token: 'access-2', refresh_token: 'refresh-2', info: adminInfo });
    mockFetch(jsonResponse({ status: true, message: 'ok', info: 1 }));
    await expect(apiGet('api/profile')).resolves.toMatchObject({ info: 1 });
  });
});

describe('a refused access token (issue 20: renew silently, retry once)', () => {
  function signInTo(server: ReturnType<typeof fakeSessionServer>) {
    useSession.getState().signIn({ token: server.access(), refresh_token: server.refresh(), info: adminInfo });
  }

  test('concurrent 401s wait for one renewal and are each sent once more with the new token', async () => {
    const server = fakeSessionServer({ refreshDelayMs: 20 });
    // the page still holds an access token the server no longer takes (replaced, or just run out)
    useSession.getState().signIn({ token: 'replaced-token', refresh_token: server.refresh(), info: adminInfo });

    const answers = await Promise.all([apiGet('api/one'), apiPost('api/two', { a: 1 }), apiPut('api/three', { b: 2 }), apiDelete('api/four')]);

    expect(answers.map((a) => (a.info as { path: string }).path)).toEqual(['/api/one', '/api/two', '/api/three', '/api/four']);
    expect(server.refreshes()).toBe(1);
    const calls = server.sent.filter((s) => s.path !== '/api/token-refresh');
    // each call twice: refused with the old token, then answered with the new one
    expect(calls).toHaveLength(8);
    expect(calls.filter((c) => c.bearer === 'replaced-token')).toHaveLength(4);
    expect(calls.filter((c) => c.bearer === server.access())).toHaveLength(4);
    expect(useSession.getState()).toMatchObject({ accessToken: server.access(), refreshToken: server.refresh(), sessionExpired: false });
  });

  test('a POST body is sent again unchanged on the retry', async () => {
    const server = fakeSessionServer();
    useSession.getState().signIn({ token: 'old-token', refresh_token: server.refresh(), info: adminInfo });
    const seen: string[] = [];
    const serverFetch = global.fetch;
    global.fetch = (async (request: Request) => {
      seen.push(await request.clone().text());
      return serverFetch(request);
    }) as typeof fetch;
    await apiPost('api/firmware/rule', { from_version: '1.0.0', to_version: '1.1.0' });
    expect(seen.filter((body) => body.includes('from_version'))).toEqual([
      '{"from_version":"1.0.0","to_version":"1.1.0"}',
      '{"from_version":"1.0.0","to_version":"1.1.0"}',
    ]);
  });

  test('a call refused with a token that was renewed meanwhile is retried without another renewal', async () => {
    const server = fakeSessionServer();
    signInTo(server);
    const before = server.access();
    await expect(useSession.getState().renew()).resolves.toBe(true);
    expect(server.refreshes()).toBe(1);
    // a call that left with the replaced token: the server refuses it at once
    const answer = await api('api/late', { headers: { Authorization: `Bearer ${before}` } }).json<{ info: { path: string } }>();
    expect(answer.info.path).toBe('/api/late');
    expect(server.refreshes()).toBe(1);
    expect(server.sent.slice(-2).map((s) => s.bearer)).toEqual([before, server.access()]);
  });

  test('a call that leaves while a renewal is under way waits for it and carries the new token', async () => {
    const server = fakeSessionServer({ refreshDelayMs: 30 });
    signInTo(server);
    const renewal = useSession.getState().renew();
    await apiGet('api/profile');
    await renewal;
    expect(server.sent.filter((s) => s.path === '/api/profile').map((s) => s.bearer)).toEqual([server.access()]);
  });

  test('retry once: a call refused again after the renewal marks the session expired', async () => {
    const server = fakeSessionServer();
    signInTo(server);
    const realFetch = global.fetch;
    // this one path refuses every token
    global.fetch = (async (request: Request) =>
      new URL(request.url).pathname === '/api/forbidden-forever' ? jsonResponse({ status: false, message: 'Unauthorized' }, 401) : realFetch(request)) as typeof fetch;
    const err = await failureOf(apiGet('api/forbidden-forever'));
    expect(err).toMatchObject({ status: 401, expiredSession: true });
    expect(server.refreshes()).toBe(1);
    expect(useSession.getState().sessionExpired).toBe(true);
  });

  test('the refused-renewal path: a 401 whose renewal is refused marks the session expired, without a toast', async () => {
    const server = fakeSessionServer();
    signInTo(server);
    server.revoke();
    const err = await failureOf(apiGet('api/profile'));
    expect(err).toMatchObject({ status: 401, expiredSession: true });
    expect(server.refreshes()).toBe(1);
    expect(useSession.getState().sessionExpired).toBe(true);
    // while expired, further 401s do not renew again: the dialog is the way on
    await failureOf(apiGet('api/other'));
    expect(server.refreshes()).toBe(1);
  });

  test('a renewal that gets no answer also ends in the dialog', async () => {
    const server = fakeSessionServer();
    useSession.getState().signIn({ token: 'old-token', refresh_token: server.refresh(), info: adminInfo });
    server.offline = true;
    await failureOf(apiGet('api/profile'));
    expect(useSession.getState().sessionExpired).toBe(true);
  });

  test('a refused upload is renewed and sent once more with the new token', async () => {
    const realXhr = window.XMLHttpRequest;
    const opened: FakeXhr[] = [];
    class RecordingXhr extends FakeXhr {
      constructor() {
        super();
        opened.push(this);
      }
    }
    window.XMLHttpRequest = RecordingXhr as unknown as typeof XMLHttpRequest;
    try {
      const server = fakeSessionServer();
      useSession.getState().signIn({ token: 'old-token', refresh_token: server.refresh(), info: adminInfo });
      const form = new FormData();
      const pending = apiPostForm('api/firmware/add', form);
      opened[0]!.answer(401, { status: false, message: 'Unauthorized' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(opened).toHaveLength(2);
      expect(opened[1]!.headers.authorization).toBe(`Bearer ${server.access()}`);
      expect(opened[1]!.body).toBe(form);
      opened[1]!.answer(200, { status: true, message: 'Uploaded', info: null });
      await expect(pending).resolves.toMatchObject({ message: 'Uploaded' });
      expect(useSession.getState().sessionExpired).toBe(false);
    } finally {
      window.XMLHttpRequest = realXhr;
    }
  });
});

// A stand-in for the browser's XMLHttpRequest that records what apiPostForm does with it.
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

describe('apiPostForm', () => {
  const realXhr = window.XMLHttpRequest;
  beforeEach(() => {
    FakeXhr.last = null;
    window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    window.XMLHttpRequest = realXhr;
  });

  function currentXhr(): FakeXhr {
    if (!FakeXhr.last) throw new Error('no request was opened');
    return FakeXhr.last;
  }

  test('posts the form with the bearer, reports upload progress and answers the whole body', async () => {
    const form = new FormData();
    form.append('agency_name', 'Bright Homes');
    const progress: UploadProgress[] = [];

    const pending = apiPostForm<null>('/api/agency/editprofile', form, { onUploadProgress: (p) => progress.push(p) });
    const xhr = currentXhr();
    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.answer(200, { status: true, message: 'Profile updated', info: null });

    await expect(pending).resolves.toEqual({ status: true, message: 'Profile updated', info: null });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${window.location.origin}/api/agency/editprofile`);
    expect(xhr.headers.authorization).toBe('Bearer access-1');
    expect(xhr.body).toBe(form);
    expect(progress).toEqual([
      { transferredBytes: 50, totalBytes: 200, percent: 0.25 },
      { transferredBytes: 200, totalBytes: 200, percent: 1 },
    ]);
  });

  test('follows the same failure rules: status:false, 401 and network errors', async () => {
    const refused = apiPostForm('api/firmware/add', new FormData());
    currentXhr().answer(200, { status: false, message: 'Invalid md5' });
    await expect(refused).rejects.toMatchObject({ name: 'ApiError', message: 'Invalid md5' });

    const tooLarge = apiPostForm('api/firmware/add', new FormData());
    currentXhr().answer(413, '');
    await expect(tooLarge).rejects.toMatchObject({ status: 413, message: GENERIC_ERROR_MESSAGE });

    // the renewal is refused too
    mockFetch(jsonResponse({ status: false, message: 'Invalid refresh token' }, 401));
    const expired = apiPostForm('api/agency/editprofile', new FormData());
    currentXhr().answer(401, { status: false, message: 'Unauthorized' });
    await expect(expired).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().sessionExpired).toBe(true);

    const offline = apiPostForm('api/agency/editprofile', new FormData());
    currentXhr().onerror?.();
    await expect(offline).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  test('an upload in flight at sign-out is abandoned with its session, reported to nobody', async () => {
    const pending = failureOf(apiPostForm('api/firmware/add', new FormData()));
    useSession.getState().signOut();
    const failure = await pending;
    expect(failure.expiredSession).toBe(true);
    expect(notify.failure(failure)).toBeNull();

    // and none is sent before the next sign-in
    FakeXhr.last = null;
    await expect(apiPostForm('api/firmware/add', new FormData())).rejects.toMatchObject({ expiredSession: true });
    expect(FakeXhr.last).toBeNull();
  });

  test('an abort signal cancels the upload', async () => {
    const controller = new AbortController();
    const pending = apiPostForm('api/firmware/add', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('apiList', () => {
  test('answers info with data and total, keeping the page fields', async () => {
    const fetchMock = mockFetch(
      jsonResponse({ status: true, message: '', info: { data: [{ id: 1 }, { id: 2 }], total: 27, current_page: 2, last_page: 2 } }),
    );
    await expect(apiList<{ id: number }>('api/ota/rule/list', { page: 2, limit: 25 })).resolves.toEqual({
      data: [{ id: 1 }, { id: 2 }],
      total: 27,
      current_page: 2,
      last_page: 2,
    });
    expect(requestOf(fetchMock).url.search).toBe('?page=2&limit=25');
  });

  test('an answer without a list is an empty page, not a crash', async () => {
    mockFetch(jsonResponse({ status: true, message: '', info: null }));
    await expect(apiList('api/ota/rule/list')).resolves.toEqual({ data: [], total: 0 });
  });
});

test('the 401 error is flagged so no toast repeats the session dialog', async () => {
  mockFetch(jsonResponse({ status: false, message: 'Unauthorized' }, 401));
  const expired = await failureOf(apiGet('api/profile'));
  expect(expired.expiredSession).toBe(true);
  mockFetch(jsonResponse({ status: false, message: 'Invalid email or password' }, 401));
  const wrongPassword = await failureOf(apiPost('api/authenticate/login', {}));
  expect(wrongPassword.expiredSession).toBe(false);
});

describe('apiDownload', () => {
  test("answers the file and the server's name for it, with the bearer", async () => {
    const fetchMock = mockFetch(
      new Response('Date Time,Flashes\r\n2026-11-20 17:00,512\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="Flashes-1000000001-2026-11-20-2026-11-21.csv"' },
      }),
    );
    const file = await apiDownload('/api/device/flashes-csv', { device_id: 4, start_date: '2026-11-20', end_date: '2026-11-21' }, 'Flashes.csv');
    expect(file.fileName).toBe('Flashes-1000000001-2026-11-20-2026-11-21.csv');
    expect(await file.blob.text()).toContain('2026-11-20 17:00,512');
    const sent = requestOf(fetchMock);
    expect(sent.url.pathname).toBe('/api/device/flashes-csv');
    expect(sent.url.search).toBe('?device_id=4&start_date=2026-11-20&end_date=2026-11-21');
    expect(sent.headers.get('Authorization')).toBe('Bearer access-1');
  });

  test("a refusal throws the server's message (spec 8: flashes CSV failure)", async () => {
    mockFetch(jsonResponse({ status: false, message: 'No flashes were recorded between 01-01-2001 and 02-01-2001' }, 404));
    const failure = await failureOf(apiDownload('/api/device/flashes-csv', {}, 'Flashes.csv'));
    expect([failure.status, failure.message]).toEqual([404, 'No flashes were recorded between 01-01-2001 and 02-01-2001']);
    mockFetch(new TypeError('Failed to fetch'));
    expect((await failureOf(apiDownload('/api/device/flashes-csv', {}, 'Flashes.csv'))).message).toBe(NETWORK_ERROR_MESSAGE);
  });

  test('the file name is a plain name: a path or a missing header gives the fallback or the last part', () => {
    expect(dispositionFileName('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('passwd');
    expect(dispositionFileName('attachment; filename=a.csv', 'x.csv')).toBe('a.csv');
    expect(dispositionFileName(null, 'x.csv')).toBe('x.csv');
    expect(dispositionFileName('attachment', 'x.csv')).toBe('x.csv');
  });
});

describe('the early request of the first screen', () => {
  const FIRST_PAGE = '/api/agency/devices/all?page=1&limit=25&deviceType=all';
  const firstPage = { page: 1, limit: 25, deviceType: 'all' };
  const rows = { status: true, message: 'List', info: { data: [{ id: 1 }], total: 1 } };

  test('is sent with the session, and the identical GET takes its answer, whole, without sending', async () => {
    const fetchMock = mockFetch(jsonResponse(rows));
    startEarlyRequest(FIRST_PAGE);
    const list = await apiList<{ id: number }>('api/agency/devices/all', firstPage);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const sent = requestOf(fetchMock);
    expect(`${sent.url.pathname}${sent.url.search}`).toBe(FIRST_PAGE);
    expect(sent.headers.get('authorization')).toBe('Bearer access-1');
    expect(list).toEqual({ data: [{ id: 1 }], total: 1 });
  });

  test('is taken once: a second identical GET is sent', async () => {
    const fetchMock = mockFetch(jsonResponse(rows));
    startEarlyRequest(FIRST_PAGE);
    await apiGet('/api/agency/devices/all', firstPage);
    const again = await apiGet('/api/agency/devices/all', firstPage);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(again).toEqual(rows);
  });

  test('is not the answer of another URL, nor of the same path with another query', async () => {
    const fetchMock = mockFetch(jsonResponse(rows));
    startEarlyRequest(FIRST_PAGE);
    await apiGet('/api/agency/devices/all', { ...firstPage, page: 2 });
    await apiGet('/api/agency/customers', firstPage);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(requestOf(fetchMock, 1).url.searchParams.get('page')).toBe('2');
    expect(requestOf(fetchMock, 2).url.pathname).toBe('/api/agency/customers');
    // still there for its own GET
    await apiGet('/api/agency/devices/all', firstPage);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  test('older than 5 s, it is forgotten and the GET is sent', async () => {
    const fetchMock = mockFetch(jsonResponse(rows));
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    try {
      startEarlyRequest(FIRST_PAGE);
      clock.mockReturnValue(now + 5_001);
      await apiGet('/api/agency/devices/all', firstPage);
    } finally {
      clock.mockRestore();
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test('a failed one is sent again by the screen, which gets its own answer', async () => {
    const fetchMock = mockFetch(jsonResponse({ status: false, message: 'Busy' }, 503), jsonResponse(rows));
    startEarlyRequest(FIRST_PAGE);
    const answer = await apiGet('/api/agency/devices/all', firstPage);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(answer).toEqual(rows);
  });

  test('a POST to the same URL is sent', async () => {
    const fetchMock = mockFetch(jsonResponse(rows));
    startEarlyRequest('/api/agency/devices/all');
    await apiPost('/api/agency/devices/all');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(requestOf(fetchMock, 1).method).toBe('POST');
    await apiGet('/api/agency/devices/all');
  });
});
