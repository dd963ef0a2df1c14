/**
 * The one list codec every module uses: paging (page, limit, orderBy, sortBy), the console's `filter`
 * query (a JSON array of {key, value, type, end_value}, dates DD-MM-YYYY), whitelisted sort keys and
 * filter keys mapped to SQL, and the `info` of a list answer (data, total, current_page, last_page).
 */
import { IGNORED_FILTER_KEYS } from '@fleet/contract';
import { Type, type TSchema } from '@sinclair/typebox';
import { badRequest } from './errors';
import type { Db } from '../db';
import type { SqlParams } from './sql';
import { say } from './messages';

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 500;

/** Query fields of every list call; spread into a route's own `Strict({...})` querystring. */
export const listQueryProperties = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, errorMessage: say('lists.pageInvalid') })),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, errorMessage: say('lists.limitInvalid', { max: MAX_LIMIT }) }),
  ),
  orderBy: Type.Optional(
    Type.String({ pattern: '^([Aa][Ss][Cc]|[Dd][Ee][Ss][Cc])$', errorMessage: say('lists.orderInvalid') }),
  ),
  sortBy: Type.Optional(Type.String({ maxLength: 64 })),
  filter: Type.Optional(Type.String({ maxLength: 8000, description: 'JSON array of {key, value, type, end_value}' })),
};

export interface ListQuery {
  page?: number;
  limit?: number;
  orderBy?: string;
  sortBy?: string;
  filter?: string;
}

export interface FilterItem {
  key: string;
  value: string | number | boolean | Array<string | number>;
  type: 'single' | 'multi';
  end_value?: string;
}

/** How one filter key reaches SQL. `column` is trusted SQL (a column or expression), never input. */
export type FilterRule =
  | { kind: 'text'; column: string } // case-insensitive "contains"
  | { kind: 'exact'; column: string } // equals, text
  | { kind: 'number'; column: string }
  | { kind: 'multi'; column: string } // value is a list (or one value): IN (...)
  | { kind: 'date'; column: string } // DD-MM-YYYY, with end_value a range, whole days
  | { kind: 'boolean'; column: string }
  | { kind: 'custom'; build: (item: FilterItem, params: SqlParams) => string };

/** The values of a multi filter: a list, or one comma-separated value; blanks left out. */
export function multiValues(item: FilterItem): string[] {
  return (Array.isArray(item.value) ? item.value : String(item.value).split(','))
    .map((x) => String(x).trim())
    .filter((x) => x !== '');
}

/** A filter key's rule by kind: `filters: { email: filterBy.text('a.email'), status: filterBy.multi('a.status') }`. */
export const filterBy = {
  text: (column: string): FilterRule => ({ kind: 'text', column }),
  exact: (column: string): FilterRule => ({ kind: 'exact', column }),
  number: (column: string): FilterRule => ({ kind: 'number', column }),
  multi: (column: string): FilterRule => ({ kind: 'multi', column }),
  date: (column: string): FilterRule => ({ kind: 'date', column }),
  boolean: (column: string): FilterRule => ({ kind: 'boolean', column }),
};

export interface ListSpec {
  /** sortBy key -> trusted SQL expression. */
  sortable: Record<string, string>;
  /** Used when sortBy is absent (`created_at` when not given); must be a key of sortable. */
  defaultSort?: string;
  filters: Record<string, FilterRule>;
  /** Keys the console sends that mean nothing to this list (isOpen is always ignored). */
  ignoredFilters?: string[];
}

export interface Listing {
  page: number;
  limit: number;
  offset: number;
  /** Conditions to AND into the WHERE clause (params already added). */
  conditions: string[];
  /** `ORDER BY ...` with a stable tie-breaker when `tieBreaker` is given. */
  orderBy: string;
}

// the console's list state keys that are never filters (@fleet/contract, as the console's codec drops them)
const ALWAYS_IGNORED = new Set<string>(IGNORED_FILTER_KEYS);

/** Parses the `filter` query; a bad one is a 400, never a 500. */
export function decodeFilter(raw: string | undefined): FilterItem[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(say('lists.filterNotArray'));
  }
  if (!Array.isArray(parsed)) throw badRequest(say('lists.filterNotArray'));
  if (parsed.length > 50) throw badRequest(say('lists.filterTooLong'));
  return parsed.map((item: unknown, i: number): FilterItem => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw badRequest(say('lists.filterItemNotObject', { index: i }));
    const o = item as Record<string, unknown>;
    if (typeof o.key !== 'string' || o.key === '') throw badRequest(say('lists.filterKeyRequired', { index: i }));
    const type = o.type === undefined ? 'single' : o.type;
    if (type !== 'single' && type !== 'multi') throw badRequest(say('lists.filterTypeInvalid', { index: i }));
    const v = o.value;
    const okScalar = (x: unknown) => typeof x === 'string' || typeof x === 'number';
    if (!(okScalar(v) || typeof v === 'boolean' || (Array.isArray(v) && v.every(okScalar)))) {
      throw badRequest(say('lists.filterValueInvalid', { index: i }));
    }
    if (o.end_value !== undefined && o.end_value !== null && typeof o.end_value !== 'string') {
      throw badRequest(say('lists.filterEndNotDate', { index: i }));
    }
    return {
      key: o.key,
      value: v as FilterItem['value'],
      type,
      ...(typeof o.end_value === 'string' && o.end_value !== '' ? { end_value: o.end_value } : {}),
    };
  });
}

/** DD-MM-YYYY (the console's filter format; DD/MM/YYYY accepted too) -> YYYY-MM-DD. */
export function parseFilterDate(text: string, field: string): string {
  const m = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text.trim());
  if (!m) throw badRequest(say('fields.dateDmy', { field }));
  const [, d, mo, y] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) {
    throw badRequest(say('fields.dateDmy', { field }));
  }
  return `${y}-${mo}-${d}`;
}

function textValue(v: FilterItem['value'], key: string): string {
  if (Array.isArray(v)) throw badRequest(say('lists.filterOneValue', { key }));
  const s = String(v);
  // The console URL-encodes text values.
  let text = s;
  try {
    text = decodeURIComponent(s);
  } catch {
    text = s;
  }
  // PostgreSQL refuses NUL in text: a clear 400 rather than a 500.
  if (text.includes('\u0000')) throw badRequest(say('lists.filterBadCharacter', { key }));
  return text;
}

function isEmpty(v: FilterItem['value']): boolean {
  return v === '' || (Array.isArray(v) && v.length === 0);
}

/**
 * The `filter` query's items that filter, as buildListing reads them: the keys the console always
 * sends (IGNORED_FILTER_KEYS) and the list's own ignored keys left out, and blank values.
 */
export function filteringItems(raw: string | undefined, spec?: Pick<ListSpec, 'ignoredFilters'>): FilterItem[] {
  const ignored = new Set([...ALWAYS_IGNORED, ...(spec?.ignoredFilters ?? [])]);
  return decodeFilter(raw).filter((item) => !ignored.has(item.key) && !isEmpty(item.value));
}

/** `s` taken literally inside a LIKE pattern (its %, _ and backslash escaped). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function condition(rule: FilterRule, item: FilterItem, params: SqlParams): string {
  const key = item.key;
  switch (rule.kind) {
    case 'custom':
      return rule.build(item, params);
    case 'text':
      return `${rule.column}::text ILIKE ${params.add(`%${escapeLike(textValue(item.value, key))}%`)}`;
    case 'exact':
      return `${rule.column}::text = ${params.add(textValue(item.value, key))}`;
    case 'number': {
      const n = Number(textValue(item.value, key));
      if (!Number.isFinite(n)) throw badRequest(say('lists.filterNotNumber', { key }));
      return `${rule.column} = ${params.add(n)}`;
    }
    case 'boolean': {
      const s = textValue(item.value, key).toLowerCase();
      const b = s === 'true' || s === '1' ? true : s === 'false' || s === '0' ? false : null;
      if (b === null) throw badRequest(say('lists.filterNotBoolean', { key }));
      return `${rule.column} = ${params.add(b)}`;
    }
    case 'multi': {
      const values = multiValues(item);
      // Only blanks (" , "): matches nothing, never everything.
      if (values.length === 0) return 'false';
      return `${rule.column}::text = ANY(${params.add(values)}::text[])`;
    }
    case 'date': {
      const from = parseFilterDate(textValue(item.value, key), `filter ${key}`);
      const to = item.end_value ? parseFilterDate(item.end_value, `filter ${key} end_value`) : from;
      if (to < from) throw badRequest(say('lists.filterEndBeforeStart', { key }));
      // Whole days: from the start of `from` to the end of `to`.
      return `${rule.column} >= ${params.add(from)}::date AND ${rule.column} < (${params.add(to)}::date + 1)`;
    }
  }
}

/** The rule of a filter key (own properties only: `constructor` is not a filter); unknown keys are a 400. */
function filterRule(spec: Pick<ListSpec, 'filters'>, key: string): FilterRule {
  const rule = Object.hasOwn(spec.filters, key) ? spec.filters[key] : undefined;
  if (!rule || typeof rule !== 'object') throw badRequest(say('lists.filterUnknown', { key }));
  return rule;
}

/** Reads paging, sort and filters against a list's whitelist; unknown keys are a 400. */
export function buildListing(query: ListQuery, spec: ListSpec, params: SqlParams, tieBreaker?: string): Listing {
  const direction = (query.orderBy ?? 'desc').toLowerCase() === 'asc' ? 'ASC' : 'DESC';
  const sortKey = query.sortBy && query.sortBy !== '' ? query.sortBy : (spec.defaultSort ?? 'created_at');
  // Own properties only: `constructor`, `toString` or `__proto__` are not columns.
  const sortSql = Object.hasOwn(spec.sortable, sortKey) ? spec.sortable[sortKey] : undefined;
  if (typeof sortSql !== 'string') throw badRequest(say('lists.sortUnknown', { key: sortKey }));
  const conditions: string[] = [];
  for (const item of filteringItems(query.filter, spec)) {
    const rule = filterRule(spec, item.key);
    const c = condition(rule, item, params);
    if (c) conditions.push(c);
  }
  const nulls = direction === 'DESC' ? 'NULLS LAST' : 'NULLS FIRST';
  const orderBy = `ORDER BY ${sortSql} ${direction} ${nulls}${tieBreaker ? `, ${tieBreaker} ${direction}` : ''}`;
  return { ...pagingOnly(query, orderBy), conditions };
}

/**
 * The listing of a list that pages in one fixed order and takes no sort or filter (a dashboard's
 * sites, an agency picker): `page` and `limit` read as every list reads them, `orderBy` trusted SQL.
 */
export function pagingOnly(query: Pick<ListQuery, 'page' | 'limit'>, orderBy: string): Listing {
  const page = query.page ?? 1;
  const limit = Math.min(query.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  return { page, limit, offset: (page - 1) * limit, conditions: [], orderBy };
}

export interface ListInfo<T> {
  data: T[];
  total: number;
  current_page: number;
  last_page: number;
}

export function listInfo<T>(data: T[], total: number, page: number, limit: number): ListInfo<T> {
  return { data, total, current_page: page, last_page: Math.max(1, Math.ceil(total / limit)) };
}

/** The `info` schema of a list answer. */
export function ListInfoSchema<T extends TSchema>(item: T) {
  return Type.Object({
    data: Type.Array(item),
    total: Type.Integer(),
    current_page: Type.Integer(),
    last_page: Type.Integer(),
  });
}

/**
 * A page of a list and its total, the way every list answers: counts `source` (its `FROM ... WHERE
 * ...`, with the conditions' params already in `params`), then reads `columns` from it in the
 * listing's order, limit and offset (a page past the last row answers without reading any). `columns` must add no params: the count is bound to every param
 * added so far, and PostgreSQL refuses one it does not use (field-workers' columns do: hand-written).
 * A list whose total is kept elsewhere (counters) passes it as `knownTotal` and `source` is not counted.
 */
export async function pagedList<T>(db: Db, listing: Listing, params: SqlParams, columns: string, source: string, knownTotal?: number): Promise<ListInfo<T>> {
  const total = knownTotal ?? (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${source}`, params.values.slice())).rows[0]?.n ?? 0;
  if (listing.offset >= total) return listInfo([], total, listing.page, listing.limit);
  const { rows } = await db.query<T>(
    `SELECT ${columns} ${source} ${listing.orderBy} LIMIT ${params.add(listing.limit)} OFFSET ${params.add(listing.offset)}`,
    params.values,
  );
  return listInfo(rows, total, listing.page, listing.limit);
}
