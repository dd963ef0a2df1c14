import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError } from '../client/errors';
import { useFleetMutation } from '../client/mutation';
import { useNotifications } from '../notifications/notifications';
import { refusedField, useFieldRefusal } from './field-refusal';

const TAKEN = 'An account with this email already exists';
const taken = () => new ApiError(409, TAKEN, { status: false, message: TAKEN, info: { field: 'email' } });

beforeEach(() => useNotifications.getState().clear());

test('a refusal names its field only when the answer says which', () => {
  expect(refusedField(taken())).toEqual({ field: 'email', message: TAKEN });
  expect(refusedField(new ApiError(409, 'In use', { status: false, message: 'In use' }))).toBeNull();
  expect(refusedField(new ApiError(409, 'In use', { status: false, message: 'In use', info: { field: 7 } }))).toBeNull();
  expect(refusedField(new Error('x'))).toBeNull();
});

test("a refusal about a form's field goes beside that field once, and the dialog says nothing", () => {
  const setError = jest.fn();
  const { result, rerender } = renderHook(({ error }: { error: unknown }) => useFieldRefusal(error, setError, { email: 'companyEmail' }), {
    initialProps: { error: null as unknown },
  });
  expect(result.current).toBeNull();
  expect(setError).not.toHaveBeenCalled();
  const refusal = taken();
  rerender({ error: refusal });
  expect(result.current).toBeNull();
  expect(setError).toHaveBeenCalledTimes(1);
  expect(setError).toHaveBeenCalledWith('companyEmail', { type: 'server', message: TAKEN }, { shouldFocus: true });
  rerender({ error: refusal });
  expect(setError).toHaveBeenCalledTimes(1);
  // the same refusal again (a second Save) is a new error: said again
  rerender({ error: taken() });
  expect(setError).toHaveBeenCalledTimes(2);
});

test('any other refusal, or one about a field the form lacks, is the message the dialog shows', () => {
  const setError = jest.fn();
  const { result, rerender } = renderHook(({ error }: { error: unknown }) => useFieldRefusal(error, setError, { email: 'email' }), {
    initialProps: { error: new ApiError(409, 'This agency has 3 devices') as unknown },
  });
  expect(result.current).toBe('This agency has 3 devices');
  rerender({ error: new ApiError(409, 'Taken', { status: false, message: 'Taken', info: { field: 'name' } }) });
  expect(result.current).toBe('Taken');
  rerender({ error: new ApiError(409, 'Taken', { status: false, message: 'Taken', info: { field: 'constructor' } }) });
  expect(result.current).toBe('Taken');
  expect(setError).not.toHaveBeenCalled();
});

test('a write refused about a field shows no toast (its form says it); other refusals still do', async () => {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  let refusal: ApiError = taken();
  const { result } = renderHook(() => useFleetMutation(() => Promise.reject(refusal), { invalidate: [] }), { wrapper });
  await act(async () => {
    await result.current.mutateAsync(undefined).catch(() => undefined);
  });
  expect(useNotifications.getState().items).toEqual([]);
  refusal = new ApiError(409, 'This agency has 3 devices', { status: false, message: 'This agency has 3 devices' });
  await act(async () => {
    await result.current.mutateAsync(undefined).catch(() => undefined);
  });
  expect(useNotifications.getState().items.map((item) => [item.messageType, item.message])).toEqual([['error', 'This agency has 3 devices']]);
});
