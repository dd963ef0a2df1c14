import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '@fleet/shared-api';
import type { FilterValues } from '../filters/filter-codec';
import { DEFAULT_LIST_STATE, cleanFilters, listQuery, mergeListState, parseListState, resolveDefaults } from './list-state';
import type { ListQuery, ListState, ListStateOptions } from './list-state';

export interface ListStateControls {
  state: ListState;
  /** Kept in the component, not the URL: a list inside a page or a dialog (options.inPage). */
  inPage: boolean;
  setPage(page: number): void;
  /**
   * A new page size goes back to page 1 sorted by created_at descending (spec); a list inside a page
   * keeps its sort (its default need not be created_at: a push's devices are by id).
   */
  setLimit(limit: number): void;
  /** Each header click flips asc/desc and sorts by that column, from page 1. */
  toggleSort(key: string): void;
  /** Applies the drawer's values on page 1. */
  applyFilters(values: FilterValues): void;
  clearFilters(): void;
  /** One filter off (a filter chip), on page 1, as one navigation; the other filters stay. */
  clearFilter(key: string): void;
  setOpen(open: boolean): void;
  /** The drawer's Apply: filters on page 1 and the drawer closed, as ONE navigation. */
  applyAndClose(values: FilterValues): void;
  /** Page 1 sorted by created_at descending, filters kept (after a delete). */
  resetToFirstPage(): void;
  /** A query parameter beside the list state (deviceType, ota_type) that starts the list again on page 1. */
  setParam(key: string, value: string | null): void;
  /** Filters replaced, page 1, the default size and sort, as one navigation (Attention's tab change). */
  startOver(filters: FilterValues): void;
  /** A flag of the screen beside the list (the open rows of an accordion, `openAcc`): page and filters kept. */
  setFlag(key: string, value: string | null): void;
  toQuery(): ListQuery;
}

type SetParams = (change: (current: URLSearchParams) => URLSearchParams, navigation?: { replace?: boolean }) => void;

/**
 * Where a list keeps its query string: the page's URL, or for a list inside a page its own copy, so
 * both kinds share every rule below. Both hooks are always called (rules of hooks); `inPage` does
 * not change while the list is mounted.
 */
function useParamsStore(inPage: boolean): [URLSearchParams, SetParams] {
  const [urlParams, setUrlParams] = useSearchParams();
  const [ownParams, setOwnParams] = useState(() => new URLSearchParams());
  const setOwnParamsFrom = useCallback<SetParams>((change) => setOwnParams((current) => change(current)), []);
  return inPage ? [ownParams, setOwnParamsFrom] : [urlParams, setUrlParams];
}

/**
 * Page, size, sort, filters and the drawer flag of a list screen, kept in the URL (or, `inPage`, in the
 * component). Every change is one navigation that reads the params at that moment: react-router's
 * setSearchParams sees the params of the last render, so two calls in one event would keep only the
 * second (hence applyAndClose, not two calls).
 */
export function useListState(options: ListStateOptions = {}): ListStateControls {
  const { defaults, filterKeys, inPage = false } = options;
  const [searchParams, setSearchParams] = useParamsStore(inPage);
  // Callers usually pass literals; compare by content so the state stays stable between renders.
  const defaultsKey = JSON.stringify(defaults ?? {});
  const filterKeysKey = JSON.stringify(filterKeys ?? null);
  const base = useMemo(() => resolveDefaults(JSON.parse(defaultsKey) as Partial<ListState>), [defaultsKey]);
  const keys = useMemo(() => JSON.parse(filterKeysKey) as string[] | null ?? undefined, [filterKeysKey]);

  const paramsKey = searchParams.toString();
  const state = useMemo(
    () => parseListState(new URLSearchParams(paramsKey), base, keys),
    [paramsKey, base, keys],
  );

  const update = useCallback(
    (change: (current: ListState) => ListState, navigation: { replace?: boolean } = {}, extra?: (params: URLSearchParams) => void) => {
      setSearchParams((current) => {
        const next = mergeListState(current, change(parseListState(current, base, keys)), keys);
        extra?.(next);
        return next;
      }, navigation);
    },
    [setSearchParams, base, keys],
  );

  return useMemo<ListStateControls>(
    () => ({
      state,
      inPage,
      setPage: (page) => update((s) => ({ ...s, page: Number.isSafeInteger(page) && page >= 1 ? page : 1 })),
      setLimit: (limit) =>
        update((s) => ({ ...s, limit, page: 1, ...(inPage ? {} : { sortBy: DEFAULT_LIST_STATE.sortBy, orderBy: DEFAULT_LIST_STATE.orderBy }) })),
      toggleSort: (key) => update((s) => ({ ...s, sortBy: key, orderBy: s.orderBy === 'asc' ? 'desc' : 'asc', page: 1 })),
      applyFilters: (values) => update((s) => ({ ...s, filters: cleanFilters(values), page: 1 })),
      clearFilters: () => update((s) => ({ ...s, filters: {}, page: 1 })),
      clearFilter: (key) =>
        update((s) => ({ ...s, filters: Object.fromEntries(Object.entries(s.filters).filter(([name]) => name !== key)), page: 1 })),
      // Opening the drawer is not a place to go back to.
      setOpen: (open) => update((s) => ({ ...s, isOpen: open }), { replace: true }),
      applyAndClose: (values) => update((s) => ({ ...s, filters: cleanFilters(values), page: 1, isOpen: false })),
      resetToFirstPage: () =>
        update((s) => ({ ...s, page: 1, sortBy: DEFAULT_LIST_STATE.sortBy, orderBy: DEFAULT_LIST_STATE.orderBy })),
      setParam: (key, value) =>
        update(
          (s) => ({ ...s, page: 1 }),
          {},
          (params) => {
            if (value === null) params.delete(key);
            else params.set(key, value);
          },
        ),
      startOver: (filters) => update(() => ({ ...base, filters: cleanFilters(filters), page: 1, isOpen: false })),
      setFlag: (key, value) =>
        update(
          (s) => s,
          { replace: true },
          (params) => {
            if (value === null) params.delete(key);
            else params.set(key, value);
          },
        ),
      toQuery: () => listQuery(state),
    }),
    [state, inPage, update, base],
  );
}
