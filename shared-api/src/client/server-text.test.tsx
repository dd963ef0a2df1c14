// fleet-api's sentences in the page's language (issue 20, item 11): the answer's code through the
// translator the shell registers; the English message when there is no code or no translation.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useFieldRefusal } from '../forms/field-refusal';
import { notify, useNotifications } from '../notifications/notifications';
import { failureFor } from './api';
import { ApiError, errorMessage } from './errors';
import { useFleetMutation } from './mutation';
import { serverText, setServerTextTranslator } from './server-text';

const HINDI: Record<string, string> = {
  'agencies.notFound': 'एजेंसी नहीं मिली',
  'devices.updated': 'डिवाइस सफलतापूर्वक अपडेट किया गया',
  'nms.assigned': '{{count}} हीट पंप असाइन किए गए',
  'agencies.emailTaken': 'इस ईमेल वाली एजेंसी पहले से मौजूद है',
};
const hindi = (code: string, params: Record<string, string | number>) =>
  HINDI[code]?.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) ?? null;

beforeEach(() => {
  useNotifications.getState().clear();
  setServerTextTranslator(hindi);
});
afterAll(() => setServerTextTranslator(null));

test("a failure keeps the answer's code and params", () => {
  const refusal = failureFor(404, { status: false, message: 'Agency not found', code: 'agencies.notFound' }, 'http://x/api/agency/9');
  expect(refusal).toMatchObject({ message: 'Agency not found', code: 'agencies.notFound' });
  const templated = new ApiError(400, 'filter[2].key is required', { status: false, message: 'filter[2].key is required', code: 'lists.filterKeyRequired', params: { index: 2 } });
  expect(templated.params).toEqual({ index: 2 });
  expect(new ApiError(400, 'x', { code: 7, params: 'no' })).toMatchObject({ code: undefined, params: undefined });
});

test('a coded sentence reads in the translation, with its params; an uncoded or untranslated one in English', () => {
  expect(serverText({ message: '3 heat pumps assigned', code: 'nms.assigned', params: { count: 3 } })).toBe('3 हीट पंप असाइन किए गए');
  expect(serverText({ message: 'name must be string' })).toBe('name must be string');
  expect(serverText({ message: 'Tomorrow’s sentence', code: 'future.sentence' })).toBe('Tomorrow’s sentence');
  setServerTextTranslator(null);
  expect(serverText({ message: 'Agency not found', code: 'agencies.notFound' })).toBe('Agency not found');
});

test("a refusal's toast and page message are translated by code", () => {
  const refusal = new ApiError(404, 'Agency not found', { status: false, message: 'Agency not found', code: 'agencies.notFound' });
  expect(errorMessage(refusal)).toBe('एजेंसी नहीं मिली');
  notify.failure(refusal);
  notify.failure(new ApiError(400, 'name must be string', { status: false, message: 'name must be string' }));
  expect(useNotifications.getState().items.map((i) => i.message)).toEqual(['एजेंसी नहीं मिली', 'name must be string']);
});

test("a write's success toast is the answer's sentence by code", async () => {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useFleetMutation(async () => ({ status: true, message: 'Device updated successfully', code: 'devices.updated', info: null }), { invalidate: [] }), { wrapper });
  await act(async () => {
    await result.current.mutateAsync(undefined);
  });
  expect(useNotifications.getState().items.map((i) => i.message)).toEqual(['डिवाइस सफलतापूर्वक अपडेट किया गया']);
  act(() => {
    notify.success({ message: 'Readings synced' });
  });
  expect(useNotifications.getState().items.map((i) => i.message)).toEqual(['डिवाइस सफलतापूर्वक अपडेट किया गया', 'Readings synced']);
});

test('a refusal beside its field is translated too', () => {
  const setError = jest.fn();
  const taken = new ApiError(409, 'An agency with this email already exists', {
    status: false,
    message: 'An agency with this email already exists',
    code: 'agencies.emailTaken',
    info: { field: 'email' },
  });
  renderHook(() => useFieldRefusal(taken, setError, { email: 'email' }));
  expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'इस ईमेल वाली एजेंसी पहले से मौजूद है' }, { shouldFocus: true });
});
