import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { LIVE_REREAD_MAX_MS, LIVE_REREAD_MS, useLiveCache } from './live-cache';

interface Page {
  data: Array<{ id: number; state: string }>;
  total: number;
}

let reads = 0;
let answer: () => Promise<Page>;

beforeEach(() => {
  jest.useFakeTimers();
  reads = 0;
  answer = async () => ({ data: [{ id: 1, state: 'queued' }, { id: 2, state: 'queued' }], total: 2 });
});
afterEach(() => jest.useRealTimers());

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(
    () => {
      const list = useQuery({
        queryKey: ['jobs', 'list', { page: 1 }],
        queryFn: () => {
          reads += 1;
          return answer();
        },
      });
      // read during render, so the result follows it (react-query re-renders for the fields read)
      return { data: list.data, refetch: list.refetch, cache: useLiveCache() };
    },
    { wrapper },
  );
  return { ...view, client };
}

async function settle(ms = 0) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
}

test('a hundred messages asking to re-read are one request, once they stop coming', async () => {
  const { result } = renderScreen();
  await settle();
  expect(reads).toBe(1);
  act(() => {
    for (let i = 0; i < 100; i += 1) result.current.cache.reread(['jobs']);
  });
  await settle(LIVE_REREAD_MS - 1);
  expect(reads).toBe(1);
  await settle(1);
  expect(reads).toBe(2);
  await settle(5000);
  expect(reads).toBe(2);
});

test('messages that keep coming still re-read every LIVE_REREAD_MAX_MS', async () => {
  const { result } = renderScreen();
  await settle();
  for (let t = 0; t < LIVE_REREAD_MAX_MS * 2; t += 100) {
    act(() => result.current.cache.reread(['jobs', 'list']));
    await settle(100);
  }
  expect(reads).toBe(3);
});

test('a patch changes the cached answer in place; undefined leaves it as it was', async () => {
  const { result } = renderScreen();
  await settle();
  const before = result.current.data;
  act(() => result.current.cache.patch<Page>(['jobs'], () => undefined));
  await settle();
  expect(result.current.data).toBe(before);
  act(() =>
    result.current.cache.patch<Page>(['jobs'], (page) =>
      page.data.some((row) => row.id === 2) ? { ...page, data: page.data.map((row) => (row.id === 2 ? { ...row, state: 'installed' } : row)) } : undefined,
    ),
  );
  await settle();
  expect(result.current.data?.data.map((row) => row.state)).toEqual(['queued', 'installed']);
  await settle(5000);
  expect(reads).toBe(1);
});

test('a message that arrives while the list is being read: the answer may predate it, so the list is read again', async () => {
  const { result, client } = renderScreen();
  await settle();
  let release: (page: Page) => void = () => undefined;
  answer = () => new Promise<Page>((resolve) => (release = resolve));
  act(() => void result.current.refetch());
  await settle();
  expect([reads, client.isFetching()]).toEqual([2, 1]);
  act(() => result.current.cache.patch<Page>(['jobs'], (page) => ({ ...page, data: page.data.map((row) => ({ ...row, state: 'installed' })) })));
  // the answer read before the message: still queued
  await act(async () => release({ data: [{ id: 1, state: 'queued' }, { id: 2, state: 'queued' }], total: 2 }));
  answer = async () => ({ data: [{ id: 1, state: 'installed' }, { id: 2, state: 'installed' }], total: 2 });
  await settle(LIVE_REREAD_MS);
  expect(reads).toBe(3);
  await settle(10);
  expect(result.current.data?.data.map((row) => row.state)).toEqual(['installed', 'installed']);
});

test('a screen that goes away drops the re-reads it asked for', async () => {
  const { result, unmount, client } = renderScreen();
  await settle();
  act(() => result.current.cache.reread(['jobs']));
  unmount();
  const invalidate = jest.spyOn(client, 'invalidateQueries');
  await settle(LIVE_REREAD_MAX_MS);
  expect(invalidate).not.toHaveBeenCalled();
});
