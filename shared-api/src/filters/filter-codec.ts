// The `filter` query parameter of every list call (spec 7 and the filter rules of spec 5): a JSON
// array of {key, value, type, end_value?}. Single text values are URL-encoded; status-like keys are
// multi; empty values and the drawer's isOpen flag are never sent.

import { IGNORED_FILTER_KEYS as CONTRACT_IGNORED_KEYS } from '@fleet/contract';

export type FilterType = 'single' | 'multi';
export type FilterScalar = string | number;
export type FilterValue = FilterScalar | FilterScalar[] | null | undefined;

export interface FilterItem {
  key: string;
  value: FilterValue;
  /** Inferred when left out: multi for MULTI_FILTER_KEYS and arrays, single otherwise. */
  type?: FilterType;
  /** Second bound of a date range (installation_date), DD-MM-YYYY. */
  end_value?: FilterScalar | null;
}

/** An item as sent: empty values dropped, type always present. */
export interface EncodedFilterItem {
  key: string;
  value: FilterScalar | FilterScalar[];
  type: FilterType;
  end_value?: FilterScalar;
}

export const MULTI_FILTER_KEYS: readonly string[] = ['status', 'device_status', 'connection_type', 'device_operation_status'];

/** Keys never sent as filters: the drawer's open flag (spec 5; fleet-api ignores them too). */
export const IGNORED_FILTER_KEYS: readonly string[] = CONTRACT_IGNORED_KEYS;

function isEmptyScalar(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value === 'string') return value.trim() === '';
  return true;
}

function cleanScalar(value: FilterScalar): FilterScalar {
  return typeof value === 'string' ? value.trim() : value;
}

/** Turns drawer values into filter items; returns undefined when nothing is left to send. */
export function encodeFilter(items: readonly FilterItem[]): string | undefined {
  const out: EncodedFilterItem[] = [];
  for (const item of items) {
    if (IGNORED_FILTER_KEYS.includes(item.key)) continue;
    const type: FilterType = item.type ?? (Array.isArray(item.value) || MULTI_FILTER_KEYS.includes(item.key) ? 'multi' : 'single');
    const raw = item.value;
    let value: FilterScalar | FilterScalar[];
    if (Array.isArray(raw)) {
      const kept = raw.filter((v) => !isEmptyScalar(v)).map(cleanScalar);
      if (kept.length === 0) continue;
      value = type === 'single' ? kept.map((v) => (typeof v === 'string' ? encodeURIComponent(v) : v)) : kept;
    } else {
      if (raw === null || raw === undefined || isEmptyScalar(raw)) continue;
      const clean = cleanScalar(raw);
      value = typeof clean === 'string' && type === 'single' ? encodeURIComponent(clean) : clean;
    }
    const encoded: EncodedFilterItem = { key: item.key, value, type };
    if (item.end_value !== undefined && item.end_value !== null && !isEmptyScalar(item.end_value)) {
      encoded.end_value = cleanScalar(item.end_value);
    }
    out.push(encoded);
  }
  return out.length > 0 ? JSON.stringify(out) : undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function isScalar(value: unknown): value is FilterScalar {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** The inverse of encodeFilter (the server's parser does the same); bad input gives []. */
export function decodeFilter(encoded: string | null | undefined): EncodedFilterItem[] {
  if (!encoded) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(encoded);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const out: EncodedFilterItem[] = [];
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { key, value, type, end_value } = entry as Record<string, unknown>;
    if (typeof key !== 'string') continue;
    const itemType: FilterType = type === 'multi' ? 'multi' : 'single';
    let decoded: FilterScalar | FilterScalar[];
    if (Array.isArray(value)) {
      const scalars = value.filter(isScalar);
      decoded = itemType === 'single' ? scalars.map((v) => (typeof v === 'string' ? safeDecode(v) : v)) : scalars;
    } else if (isScalar(value)) {
      decoded = typeof value === 'string' && itemType === 'single' ? safeDecode(value) : value;
    } else {
      continue;
    }
    const item: EncodedFilterItem = { key, value: decoded, type: itemType };
    if (isScalar(end_value)) item.end_value = end_value;
    out.push(item);
  }
  return out;
}

/** Filter values as a list screen keeps them (see useListState): text or a list of texts. */
export type FilterValues = Record<string, string | string[]>;

/**
 * Keys whose two-item value is a [from, to] date range, sent as value and end_value: every list's
 * `dateRange` drawer field (a device's installation date, a smoke alarm's expiry). A list with its own
 * range keys passes `rangeKeys` (the audit lists).
 */
export const RANGE_FILTER_KEYS: readonly string[] = ['installation_date', 'expires_on'];

/**
 * Builds the items of a list screen's filter values: MULTI_FILTER_KEYS (and `multiKeys`) as multi,
 * range keys as value/end_value, everything else single.
 */
export function filterItemsFrom(
  values: FilterValues,
  options: { multiKeys?: readonly string[]; rangeKeys?: readonly string[] } = {},
): FilterItem[] {
  const multi = new Set([...MULTI_FILTER_KEYS, ...(options.multiKeys ?? [])]);
  const ranges = new Set(options.rangeKeys ?? RANGE_FILTER_KEYS);
  const items: FilterItem[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (ranges.has(key)) {
      const [from, to] = Array.isArray(value) ? value : [value];
      if (from === undefined || from.trim() === '') continue;
      items.push({ key, value: from, type: 'single', ...(to && to.trim() !== '' ? { end_value: to } : {}) });
    } else if (multi.has(key)) {
      items.push({ key, value: Array.isArray(value) ? value : [value], type: 'multi' });
    } else {
      items.push({ key, value: Array.isArray(value) ? value.join(',') : value, type: 'single' });
    }
  }
  return items;
}
