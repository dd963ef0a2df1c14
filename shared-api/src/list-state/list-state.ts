import { LARGE_PAGE_SIZE, PAGE_SIZES } from '@fleet/shared-api';
import { encodeFilter, filterItemsFrom } from '../filters/filter-codec';
import type { FilterValues } from '../filters/filter-codec';

// A list screen's page, size, sort, filters and drawer flag live in the query string so a reload,
// a shared link or "back" from a detail page restores the list (spec: lists keep them in the URL).

export type SortOrder = 'asc' | 'desc';

export interface ListState {
  page: number;
  limit: number;
  orderBy: SortOrder;
  sortBy: string;
  filters: FilterValues;
  /** The filter drawer is open. */
  isOpen: boolean;
}

/**
 * What list calls take as search params (`filter` only when something is set). A type alias, not an
 * interface, so it passes straight into apiGet/apiList's `Record<string, ...>` search params.
 */
export type ListQuery = {
  page: number;
  limit: number;
  orderBy: SortOrder;
  sortBy: string;
  filter?: string;
};

export const DEFAULT_LIST_STATE: ListState = {
  page: 1,
  limit: 25,
  orderBy: 'desc',
  sortBy: 'created_at',
  filters: {},
  isOpen: false,
};

/** Query keys that are list state, never filters. */
export const LIST_STATE_KEYS: readonly string[] = ['page', 'limit', 'orderBy', 'sortBy', 'isOpen'];

/**
 * Query keys the spec's list URLs carry beside the filters (product, OTA type, tab, history type,
 * a download link). Without `filterKeys` they, and the drawer's accordion flags (`emailAcc`,
 * `versionAcc`), are not filters: fleet-api answers 400 to a filter key a list does not know.
 */
export const NON_FILTER_QUERY_KEYS: readonly string[] = ['deviceType', 'ota_type', 'download_link', 'synctype', 'tab'];
const ACCORDION_FLAG = /Acc$/;

export interface ListStateOptions {
  defaults?: Partial<ListState>;
  /**
   * Keys that are filters. Without it every other key is one except NON_FILTER_QUERY_KEYS and the
   * accordion flags (`...Acc`). Keys that are not filters are kept in the URL untouched.
   */
  filterKeys?: readonly string[];
  /**
   * A list inside a page or a dialog (a record's section, a push's devices): the same state and
   * controls, kept in the component instead of the URL, so it never fights the page's own list state
   * and its paging is not a history entry. It starts from `defaults` each time it mounts.
   */
  inPage?: boolean;
}

export function resolveDefaults(defaults: Partial<ListState> = {}): ListState {
  return { ...DEFAULT_LIST_STATE, ...defaults, filters: { ...(defaults.filters ?? {}) } };
}

const SORT_KEY = /^[A-Za-z0-9_.]*$/;

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && Number.isSafeInteger(value) ? value : null;
}

/** `status[]` and `status` both name the filter `status`. */
function baseKey(key: string): string {
  return key.endsWith('[]') ? key.slice(0, -2) : key;
}

export function isFilterKey(key: string, filterKeys?: readonly string[]): boolean {
  if (LIST_STATE_KEYS.includes(key)) return false;
  if (filterKeys) return filterKeys.includes(key);
  return !NON_FILTER_QUERY_KEYS.includes(key) && !ACCORDION_FLAG.test(key);
}

/** Reads list state from a query string; anything invalid falls back to the defaults. */
export function parseListState(
  params: URLSearchParams,
  defaults: Partial<ListState> = {},
  filterKeys?: readonly string[],
): ListState {
  const base = resolveDefaults(defaults);
  const allowedLimits = new Set([...PAGE_SIZES, LARGE_PAGE_SIZE, base.limit]);

  const limit = positiveInt(params.get('limit'));
  const orderBy = params.get('orderBy');
  const sortBy = params.get('sortBy');
  const isOpen = params.get('isOpen');

  const filters: FilterValues = {};
  const seen = new Set<string>();
  for (const rawKey of params.keys()) {
    if (seen.has(rawKey)) continue;
    seen.add(rawKey);
    const key = baseKey(rawKey);
    if (!isFilterKey(key, filterKeys)) continue;
    const values = params.getAll(rawKey).filter((v) => v.trim() !== '');
    if (values.length === 0) continue;
    if (rawKey.endsWith('[]')) {
      const previous = filters[key];
      filters[key] = [...(Array.isArray(previous) ? previous : previous ? [previous] : []), ...values];
    } else if (values.length === 1 && filters[key] === undefined) {
      filters[key] = values[0] as string;
    } else {
      const previous = filters[key];
      filters[key] = [...(Array.isArray(previous) ? previous : previous ? [previous] : []), ...values];
    }
  }

  const touched = [...params.keys()].some((key) => LIST_STATE_KEYS.includes(baseKey(key)) || isFilterKey(baseKey(key), filterKeys));

  return {
    page: positiveInt(params.get('page')) ?? base.page,
    limit: limit !== null && allowedLimits.has(limit) ? limit : base.limit,
    orderBy: orderBy === 'asc' || orderBy === 'desc' ? orderBy : base.orderBy,
    sortBy: sortBy !== null && SORT_KEY.test(sortBy) ? sortBy : base.sortBy,
    // Default filters (a tab's fault_status) apply until the list state is first written to the URL.
    filters: touched ? filters : base.filters,
    isOpen: isOpen === null ? base.isOpen : isOpen === 'true' || isOpen === '1',
  };
}

function cleanFilters(filters: FilterValues): FilterValues {
  const out: FilterValues = {};
  for (const [key, value] of Object.entries(filters)) {
    if (LIST_STATE_KEYS.includes(key)) continue;
    if (Array.isArray(value)) {
      const kept = value.map((v) => v.trim()).filter((v) => v !== '');
      if (kept.length > 0) out[key] = kept;
    } else if (typeof value === 'string' && value.trim() !== '') {
      out[key] = value.trim();
    }
  }
  return out;
}

/** Writes list state as a query string: arrays as `status[]=a&status[]=b`, empty filters left out. */
export function serializeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(cleanFilters(state.filters))) {
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, item);
    else params.set(key, value);
  }
  params.set('page', String(state.page));
  params.set('limit', String(state.limit));
  params.set('sortBy', state.sortBy);
  params.set('orderBy', state.orderBy);
  if (state.isOpen) params.set('isOpen', 'true');
  return params;
}

/** Keeps the params that are not list state (tabs, accordion flags, deviceType) when the state changes. */
export function mergeListState(current: URLSearchParams, state: ListState, filterKeys?: readonly string[]): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of current.entries()) {
    const base = baseKey(key);
    if (LIST_STATE_KEYS.includes(base) || isFilterKey(base, filterKeys)) continue;
    next.append(key, value);
  }
  for (const [key, value] of serializeListState(state).entries()) next.append(key, value);
  return next;
}

/** The search params of a list call for this state. */
export function listQuery(state: ListState, options: { multiKeys?: readonly string[]; rangeKeys?: readonly string[] } = {}): ListQuery {
  const query: ListQuery = { page: state.page, limit: state.limit, orderBy: state.orderBy, sortBy: state.sortBy };
  const filter = encodeFilter(filterItemsFrom(cleanFilters(state.filters), options));
  if (filter !== undefined) query.filter = filter;
  return query;
}

export { cleanFilters };
