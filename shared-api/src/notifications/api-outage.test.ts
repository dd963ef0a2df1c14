import { ApiError } from '../client/errors';
import { notify, useNotifications } from './notifications';
import { API_DOWN_MESSAGE, apiIsBack, isApiUnavailable, onApiBack, useApiOutage } from './api-outage';

afterEach(() => {
  apiIsBack();
  useNotifications.getState().clear();
  jest.useRealTimers();
});

describe('API outage', () => {
  it('names the notice text of the issue', () => {
    expect(API_DOWN_MESSAGE).toBe('The server is not answering; retrying');
  });

  it('no answer and the gateway statuses are an outage; a refusal is not', () => {
    expect(isApiUnavailable(new ApiError(0, 'x'))).toBe(true);
    for (const status of [502, 503, 504]) expect(isApiUnavailable(new ApiError(status, 'x'))).toBe(true);
    for (const status of [400, 401, 403, 404, 500]) expect(isApiUnavailable(new ApiError(status, 'x'))).toBe(false);
    expect(isApiUnavailable(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('three failed calls make one outage and no toast; other failures still toast', () => {
    for (let i = 0; i < 3; i += 1) expect(notify.failure(new ApiError(503, 'The server is not reachable'))).toBeNull();
    expect(useApiOutage.getState().down).toBe(true);
    expect(useNotifications.getState().items).toEqual([]);
    notify.failure(new ApiError(400, 'Name is required'));
    expect(useNotifications.getState().items.map((n) => n.message)).toEqual(['Name is required']);
  });

  it('probes /api/health with growing waits until it answers, then tells the listeners once', async () => {
    jest.useFakeTimers();
    let healthy = false;
    const probes: string[] = [];
    global.fetch = jest.fn(async (input: RequestInfo | URL) => {
      probes.push(String(input));
      if (!healthy) throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 200 });
    }) as unknown as typeof fetch;
    const back = jest.fn();
    const stop = onApiBack(back);
    notify.failure(new ApiError(0, 'no answer'));
    await jest.advanceTimersByTimeAsync(1300);
    expect(probes).toHaveLength(1);
    expect(probes[0]).toMatch(/\/api\/health$/);
    await jest.advanceTimersByTimeAsync(2500);
    expect(probes).toHaveLength(2);
    expect(useApiOutage.getState().down).toBe(true);
    healthy = true;
    await jest.advanceTimersByTimeAsync(5000);
    expect(useApiOutage.getState().down).toBe(false);
    expect(back).toHaveBeenCalledTimes(1);
    stop();
  });
});
