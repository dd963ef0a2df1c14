// This remote's tests: the kit's test support (@fleet/shared-ui/testing) with its routes and an Admin.
import type { ProductKey } from '@fleet/shared-api';
import { callsTo, filterOf, lastCall, loginInfo, renderRemoteSync, signInAs, type Handler, type RenderRemoteResult, type Reply, type SentCall } from '@fleet/shared-ui/testing';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FirmwareRoutes } from './FirmwareRoutes';

export * from '@fleet/shared-ui/testing';

/** Renders this remote's routes at `path` (query string allowed), as the shell would mount it. */
export function renderFirmware(path: string, options: { fallback?: ReactNode } = {}): RenderRemoteResult {
  return renderRemoteSync(<FirmwareRoutes fallback={options.fallback ?? <p>Screen of another remote</p>} />, path);
}

/** Ada Admin, with the product selector on `product`. */
export function signInAsAdmin(product: ProductKey = 'livelink'): void {
  const info = loginInfo('Admin', 'admin@fleet.test');
  signInAs('Admin', { product, info: { ...info, userInfo: { ...info.userInfo, first_name: 'Ada', last_name: 'Admin' } } });
}

/** A route that answers `first` to its first call and `then` to every later one (a list that changes while it is polled). */
export function firstThen(first: Reply, then: Reply): Handler {
  let answered = 0;
  return () => (++answered === 1 ? first : then);
}

/**
 * Says Yes in a confirmation dialog and waits until `method path` has been sent `times` times in all:
 * the body of the last one.
 */
export async function confirmSends(dialog: HTMLElement, calls: SentCall[], method: string, path: string, times = 1): Promise<unknown> {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(callsTo(calls, method, path)).toHaveLength(times));
  return lastCall(calls, method, path).body;
}

/** Waits until the last `GET path` filters by exactly `filters` (each a single value: key and value). */
export async function expectFilteredBy(calls: SentCall[], path: string, filters: Array<[key: string, value: string]>): Promise<void> {
  await waitFor(() => expect(filterOf(lastCall(calls, 'GET', path))).toEqual(filters.map(([key, value]) => ({ key, value, type: 'single' }))));
}

/** The column headers of a table, as shown. */
export const headersOf = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((th) => th.textContent);

/**
 * Holds every call to `path` (after fakeApi, whose answers it then gives) until `release()`: what a
 * screen shows while it waits, driven by the test rather than by a timer.
 */
export function holdCalls(path: string): { release: () => void } {
  const answer = global.fetch;
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === path) await held;
    return answer(input, init);
  });
  return { release };
}
