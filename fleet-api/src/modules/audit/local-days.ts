/**
 * A list's date range in the caller's local days (issue 23: "date range in the site's local time"). The
 * console shows every date in the browser's time zone (formatDateTime), so it sends that zone's IANA name
 * beside the range (TIME_ZONE_FILTER_KEY of @fleet/contract); DD-MM-YYYY then means that zone's whole
 * days, and the list is filtered by the exact instants they start and end at, daylight saving included
 * (a Sydney day in October can be 23 hours long). The instants are computed here with the zone data Node
 * carries (the browser's kind), so the database needs none. Without a zone, the days are UTC's.
 */
import { TIME_ZONE_FILTER_KEY } from '@fleet/contract';
import { badRequest } from '../../server/errors';
import { decodeFilter, filterBy, parseFilterDate, type FilterRule, type ListQuery, type ListSpec } from '../../server/listing';
import { say } from '../../server/messages';

const DAY_MS = 24 * 3600 * 1000;

/** The zone's clock reader (Intl refuses a name it does not know: RangeError). */
function clockOf(zone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** Whether `zone` is a time zone Node knows (an IANA name such as Australia/Sydney, or UTC). */
export function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  try {
    clockOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** What the zone's wall clock reads at `ms`, written as if it were UTC (ms since the epoch). */
function wallClock(clock: Intl.DateTimeFormat, ms: number): number {
  const part: Record<string, number> = {};
  for (const p of clock.formatToParts(new Date(ms))) if (p.type !== 'literal') part[p.type] = Number(p.value);
  return Date.UTC(part.year ?? 0, (part.month ?? 1) - 1, part.day ?? 1, part.hour ?? 0, part.minute ?? 0, part.second ?? 0);
}

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The first instant of the local day `day` (YYYY-MM-DD) in `zone`. Midnight read with the offset before
 * and after a change: the earlier of the two that the zone's clock shows on that day (where a change
 * skips midnight itself, the day starts when the clock jumps).
 */
export function startOfLocalDay(day: string, zone: string): Date {
  const clock = clockOf(zone);
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const offset = (ms: number) => wallClock(clock, ms) - Math.floor(ms / 1000) * 1000;
  const first = midnight - offset(midnight);
  const second = midnight - offset(first);
  const onTheDay = [first, second].sort((a, b) => a - b).find((ms) => dayOf(wallClock(clock, ms)) >= day);
  return new Date(onTheDay ?? second);
}

/** DD-MM-YYYY days as local days of `zone`: from the start of the first to the start of the day after the last. */
function localDays(column: string, zone: string): FilterRule {
  return {
    kind: 'custom',
    build: (item, params) => {
      const key = item.key;
      if (Array.isArray(item.value)) throw badRequest(say('lists.filterOneValue', { key }));
      const from = parseFilterDate(String(item.value), `filter ${key}`);
      const to = item.end_value ? parseFilterDate(item.end_value, `filter ${key} end_value`) : from;
      if (to < from) throw badRequest(say('lists.filterEndBeforeStart', { key }));
      const start = startOfLocalDay(from, zone);
      const end = startOfLocalDay(dayOf(Date.parse(`${to}T00:00:00Z`) + DAY_MS), zone);
      return `${column} >= ${params.add(start.toISOString())}::timestamptz AND ${column} < ${params.add(end.toISOString())}::timestamptz`;
    },
  };
}

/** The zone a list's filter names (TIME_ZONE_FILTER_KEY), or null (UTC days); an unknown one is a 400. */
export function timeZoneOf(query: Pick<ListQuery, 'filter'>): string | null {
  const items = decodeFilter(query.filter);
  const index = items.findIndex((item) => item.key === TIME_ZONE_FILTER_KEY);
  const item = items[index];
  if (!item) return null;
  let zone = typeof item.value === 'string' ? item.value : '';
  try {
    // the console URL-encodes a single text value (Australia%2FSydney)
    zone = decodeURIComponent(zone);
  } catch {
    zone = '';
  }
  if (!isTimeZone(zone)) throw badRequest(say('lists.filterValueInvalid', { index }));
  return zone;
}

/**
 * `spec` with its date filters (`dates`: filter key -> timestamptz column) read as whole days of the
 * query's zone, and the zone's own key taken as said (not a filter of rows).
 */
export function inLocalDays(spec: ListSpec, dates: Record<string, string>, query: Pick<ListQuery, 'filter'>): ListSpec {
  const zone = timeZoneOf(query);
  const filters = { ...spec.filters };
  for (const [key, column] of Object.entries(dates)) filters[key] = zone === null ? filterBy.date(column) : localDays(column, zone);
  return { ...spec, filters, ignoredFilters: [...(spec.ignoredFilters ?? []), TIME_ZONE_FILTER_KEY] };
}
