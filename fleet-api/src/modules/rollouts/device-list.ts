/**
 * A page of the rollout device list (GET /api/ota/rollout/devices, issue 22, docs/rollouts.md
 * "Measured"): its rows in the list's order, and its exact total from the per-wave counters when the
 * filter is none, a state (one or several), a wave or both, and from the kept counts per version for a
 * from_version or firmware_version filter (with a wave or not), since counting the rollout's rows joined
 * to its devices was most of a page's time at 1,000,000 devices. Any other filter (a serial search...)
 * counts rows. Each page is an index range (migrations 0034 and 0042):
 * - every sort has an index in the list's order, ties broken by position (the rollout's order): the
 *   rollout's own columns (position, state, wave, failures, dispatched and finished at), and the copies
 *   of its device's serial, MAC and firmware version the row keeps (0047);
 * - several states are one ordered range per state, merged;
 * - in the rollout's order (the default), unfiltered or filtered by a wave, a page is a range of
 *   positions however deep (positionSpan);
 * - any other page past the middle is read from the other end, in the reverse order, when the total is
 *   the rows' count: the last page costs what the first does, the middle is the deepest (offset paging);
 * - filtered by the rollout's own columns only (or not at all), a window's positions are found in
 *   rollout_devices alone, in any sort, and only its rows are joined to their devices (rowsOf): the
 *   offset walks one index, not a join.
 */
import { ROLLOUT_DEVICE_STATES, type RolloutDeviceState } from '@fleet/contract';
import type { Db } from '../../db';
import { filteringItems, listInfo, multiValues, type ListInfo, type ListQuery, type ListSpec } from '../../server/listing';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import type { RolloutRow } from './model';
import { devicesOf, readsRolloutRowsOnly, ROLLOUT_DEVICE_LIST, ROLLOUT_TIE_BREAKER, rolloutDeviceListing } from './export';

/**
 * What the kept counts can answer: the states asked for (all when null) in one wave (every one when
 * null), from the per-wave counters; or the devices that ran one version when frozen (`fromVersion`),
 * in one wave or all, from 0044's counts per version; or the devices that run one version now
 * (`firmwareVersion`), in one wave or all, from 0045's counts.
 */
interface CountedFilter {
  states: RolloutDeviceState[] | null;
  /** 0 is the first wave, as rollout_waves.wave */
  wave: number | null;
  /** as the list's exact rule reads it: the value as text */
  fromVersion: string | null;
  /** the device's version now, read as fromVersion is */
  firmwareVersion: string | null;
}

const isState = (s: string): s is RolloutDeviceState => (ROLLOUT_DEVICE_STATES as readonly string[]).includes(s);


/**
 * The filter as the counters read it, or null when they cannot (another key, a key twice, a wave
 * that is not a whole number): it must read the values exactly as the list's rules do (listing.ts's
 * multi rule for state, export.ts's wave rule), or the total would not be the rows' count.
 */
export function countedFilter(raw: string | undefined): CountedFilter | null {
  const out: CountedFilter = { states: null, wave: null, fromVersion: null, firmwareVersion: null };
  const seen = new Set<string>();
  for (const item of filteringItems(raw, ROLLOUT_DEVICE_LIST)) {
    if (seen.has(item.key)) return null;
    seen.add(item.key);
    if (item.key === 'state') {
      // an unknown state matches no row, and no counter; a state named twice is counted once
      out.states = [...new Set(multiValues(item))].filter(isState);
    } else if (item.key === 'wave') {
      const n = Number(item.value);
      if (!Number.isInteger(n)) return null;
      out.wave = n - 1;
    } else if ((item.key === 'from_version' || item.key === 'firmware_version') && (typeof item.value === 'string' || typeof item.value === 'number')) {
      out[item.key === 'from_version' ? 'fromVersion' : 'firmwareVersion'] = String(item.value);
    } else {
      return null;
    }
  }
  // the versions' counts are not split by state, nor by each other
  const versions = Number(out.fromVersion !== null) + Number(out.firmwareVersion !== null);
  return versions > 1 || (versions === 1 && out.states !== null) ? null : out;
}


/**
 * The rollout's rows whose device runs `version` now, from 0045's counts: written once every row is
 * (creation.ts countRunningVersions), then moved by every device's version change, so they count
 * exactly the rows the list shows. Null while rows are still being written (not counted yet).
 */
async function runningVersionTotal(db: Db, rolloutId: number, wave: number | null, version: string): Promise<{ total: number; rowsCounted: boolean } | null> {
  const params = new SqlParams();
  const rollout = params.add(rolloutId);
  const conditions = [`rollout_id = ${rollout}`, `firmware_version = ${params.add(version)}`, ...(wave === null ? [] : [`wave = ${params.add(wave)}`])];
  const { rows } = await db.query<{ n: number; counted: boolean }>(
    `SELECT coalesce(sum(devices), 0)::int AS n,
            EXISTS (SELECT 1 FROM rollout_versions_counted WHERE rollout_id = ${rollout}) AS counted
       FROM rollout_current_version_counts ${whereClause(conditions)}`,
    params.values,
  );
  return rows[0]?.counted ? { total: rows[0].n, rowsCounted: true } : null;
}

async function versionTotal(db: Db, rolloutId: number, wave: number | null, version: string): Promise<{ total: number; rowsCounted: boolean } | null> {
  const params = new SqlParams();
  const rollout = params.add(rolloutId);
  const conditions = [`rollout_id = ${rollout}`, `from_version = ${params.add(version)}`, ...(wave === null ? [] : [`wave = ${params.add(wave)}`])];
  const { rows } = await db.query<{ n: number; kept: boolean; unwritten: number }>(
    `SELECT coalesce(sum(devices), 0)::int AS n,
            EXISTS (SELECT 1 FROM rollout_version_counts WHERE rollout_id = ${rollout}) AS kept,
            (SELECT coalesce(sum(unwritten), 0)::int FROM rollout_waves WHERE rollout_id = ${rollout}) AS unwritten
       FROM rollout_version_counts ${whereClause(conditions)}`,
    params.values,
  );
  const row = rows[0];
  if (!row?.kept) return null;
  return { total: row.n, rowsCounted: row.unwritten === 0 };
}

/** The known states of the filter's one `state` item when it names two or more (null otherwise). */
function severalStates(raw: string | undefined): RolloutDeviceState[] | null {
  const items = filteringItems(raw, ROLLOUT_DEVICE_LIST).filter((item) => item.key === 'state');
  const [item] = items;
  if (items.length !== 1 || !item) return null;
  const states = [...new Set(multiValues(item))].filter(isState);
  return states.length >= 2 ? states : null;
}

/**
 * The rollout's devices matching `f` by its counters (devices counted at add whose rows are not written
 * yet included), and whether that is also the count of its rows (none left to write). Null for a
 * version when the rollout has no counts per version (placed before 0044, or not placed yet).
 */
async function countedTotal(db: Db, rolloutId: number, f: CountedFilter): Promise<{ total: number; rowsCounted: boolean } | null> {
  if (f.fromVersion !== null) return versionTotal(db, rolloutId, f.wave, f.fromVersion);
  if (f.firmwareVersion !== null) return runningVersionTotal(db, rolloutId, f.wave, f.firmwareVersion);
  const params = new SqlParams();
  const sum = f.states === null ? 'devices' : f.states.length === 0 ? '0' : f.states.join(' + ');
  const conditions = [`rollout_id = ${params.add(rolloutId)}`, ...(f.wave === null ? [] : [`wave = ${params.add(f.wave)}`])];
  const { rows } = await db.query<{ n: number; unwritten: number }>(
    `SELECT coalesce(sum(${sum}), 0)::int AS n,
            (SELECT coalesce(sum(unwritten), 0)::int FROM rollout_waves WHERE rollout_id = ${params.add(rolloutId)}) AS unwritten
       FROM rollout_waves ${whereClause(conditions)}`,
    params.values,
  );
  return { total: rows[0]?.n ?? 0, rowsCounted: (rows[0]?.unwritten ?? 1) === 0 };
}

const COLUMNS = `rd.device_id::int AS device_id, d.serial_number, d.mac_address, rd.wave + 1 AS wave, rd.state, rd.failures, rd.from_version,
  d.firmware_version, rd.job_id::int AS job_id, ${ISO('rd.dispatched_at')} AS dispatched_at, ${ISO('rd.finished_at')} AS finished_at`;

/** The list's spec with the state filter left to the per-state branches (severalStates). */
const STATE_BRANCHED: ListSpec = { ...ROLLOUT_DEVICE_LIST, filters: { ...ROLLOUT_DEVICE_LIST.filters, state: { kind: 'custom', build: () => 'true' } } };

interface Window {
  limit: number;
  offset: number;
  /** Positions the page lies in (positionSpan), as a condition beside the filter's; its offset is then 0. */
  positions?: { from: number; to: number };
}

/**
 * The rows of one window of the list in `query`'s order. Several states: one ordered, limited range
 * per state (its index in the order asked), merged by the same order on their output.
 *
 * Filtered by the rollout's own columns only (readsRolloutRowsOnly; every sort reads the row, 0047), the
 * window's positions are found first from rollout_devices alone, then only those rows are joined to
 * their devices: offset paging still walks every row before the window, but in one index of (rollout,
 * key, position), where it joined each of them to its device (the middle page of every sort at
 * 1,000,000: 117-144 / 81-98 ms p95 on PGlite / PostgreSQL, by state 6.6 / 2.5 s read as before;
 * docs/rollouts.md "Measured"). As with positionSpan's ranges, a row whose device has left the
 * rollout's line keeps its place in the window and is left out of the page.
 */
async function rowsOf<T>(db: Db, r: Pick<RolloutRow, 'id' | 'product_line'>, query: ListQuery, w: Window): Promise<T[]> {
  const params = new SqlParams();
  const states = severalStates(query.filter);
  const byPositions = readsRolloutRowsOnly(query);
  // the rows' FROM and their own conditions: alone when the window's positions are found first
  const source = byPositions ? 'rollout_devices rd' : devicesOf(r);
  const own = byPositions ? [`rd.rollout_id = ${params.add(r.id)}`] : [];
  /** The window's rows: the rows at the positions `positionsSql` finds, joined to their devices, in the list's order. */
  const rowsAt = async (positionsSql: string, orderBy: string): Promise<T[]> =>
    (
      await db.query<T>(
        `SELECT ${COLUMNS} FROM (${positionsSql}) window_positions JOIN ${devicesOf(r)} ON rd.position = window_positions.position ${orderBy}`,
        params.values,
      )
    ).rows;
  if (states === null) {
    const listing = rolloutDeviceListing(query, params);
    const within = w.positions ? [`rd.position BETWEEN ${params.add(w.positions.from)} AND ${params.add(w.positions.to)}`] : [];
    const window = `${whereClause([...own, ...listing.conditions, ...within])} ${listing.orderBy} LIMIT ${params.add(w.limit)} OFFSET ${params.add(w.offset)}`;
    if (byPositions) return rowsAt(`SELECT rd.position FROM ${source} ${window}`, listing.orderBy);
    return (await db.query<T>(`SELECT ${COLUMNS} FROM ${source} ${window}`, params.values)).rows;
  }
  const listing = rolloutDeviceListing(query, params, STATE_BRANCHED);
  const sortSql = ROLLOUT_DEVICE_LIST.sortable[query.sortBy || (ROLLOUT_DEVICE_LIST.defaultSort ?? 'position')] ?? 'rd.position';
  // the direction as buildListing reads it; the merge orders the branches' output the same way
  const direction = (query.orderBy ?? 'desc').toLowerCase() === 'asc' ? 'ASC' : 'DESC';
  const nulls = direction === 'DESC' ? 'NULLS LAST' : 'NULLS FIRST';
  const reach = params.add(w.offset + w.limit);
  const selected = byPositions ? 'rd.position' : COLUMNS;
  const branches = states.map(
    (s) => `(SELECT ${selected}, ${sortSql} AS list_key, ${ROLLOUT_TIE_BREAKER} AS list_tie FROM ${source}
              ${whereClause([...own, ...listing.conditions, `rd.state = ${params.add(s)}`])} ${listing.orderBy} LIMIT ${reach})`,
  );
  const merged = `SELECT * FROM (${branches.join(' UNION ALL ')}) x ORDER BY x.list_key ${direction} ${nulls}, x.list_tie ${direction}
      LIMIT ${params.add(w.limit)} OFFSET ${params.add(w.offset)}`;
  if (byPositions) return rowsAt(`SELECT x.position FROM (${merged}) x`, listing.orderBy);
  const { rows } = await db.query<T & { list_key?: unknown; list_tie?: unknown }>(merged, params.values);
  return rows.map(({ list_key: _key, list_tie: _tie, ...row }) => row as T);
}

/**
 * A page past the middle of `total` rows, read from the other end: the same rows in the reverse
 * order (the order is total: position breaks ties), turned round. Null when the page is in the
 * first half.
 */
function fromTheEnd(query: ListQuery, offset: number, limit: number, total: number): { query: ListQuery; window: Window } | null {
  if (offset * 2 <= total) return null;
  const end = Math.min(total, offset + limit);
  const reversed: ListQuery = { ...query, orderBy: (query.orderBy ?? 'desc').toLowerCase() === 'asc' ? 'desc' : 'asc' };
  return { query: reversed, window: { offset: total - end, limit: end - offset } };
}

/**
 * The positions of the page at `offset` in the rollout's order, when they are a known range. creation.ts
 * numbers a rollout's placed devices 0, 1, 2... (each once: rollout_places' key) and a wave's are one
 * run of them (its width_bucket of the positions), so when the lowest and highest position of the
 * rollout (or of the wave) are exactly `total` apart, every position between is there, and the page at
 * offset o is a range of positions read from the (rollout, position) or (rollout, wave, position) index:
 * the middle page of a million costs what the first does, where offset paging walked half of them. Null
 * for any other filter or order, or when the span is not the total (rows not all written).
 */
async function positionSpan(db: Db, rolloutId: number, query: ListQuery, f: CountedFilter | null, w: Window, total: number): Promise<Window | null> {
  if (f === null || f.states !== null || f.fromVersion !== null || f.firmwareVersion !== null || (query.sortBy || ROLLOUT_DEVICE_LIST.defaultSort) !== 'position') return null;
  const params = new SqlParams();
  const conditions = [`rollout_id = ${params.add(rolloutId)}`, ...(f.wave === null ? [] : [`wave = ${params.add(f.wave)}`])];
  const { rows } = await db.query<{ lowest: number | null; highest: number | null }>(
    `SELECT min(position) AS lowest, max(position) AS highest FROM rollout_devices ${whereClause(conditions)}`,
    params.values,
  );
  const { lowest, highest } = rows[0] ?? { lowest: null, highest: null };
  if (lowest === null || highest === null || highest - lowest + 1 !== total) return null;
  const ascending = (query.orderBy ?? 'desc').toLowerCase() === 'asc';
  const last = Math.min(total, w.offset + w.limit) - 1;
  const positions = ascending ? { from: lowest + w.offset, to: lowest + last } : { from: highest - last, to: highest - w.offset };
  return { offset: 0, limit: w.limit, positions };
}

/**
 * One page of a rollout's devices. The total is the counters' when they can answer it: while the rows
 * of a new rollout are still being written it counts devices the list cannot show yet (docs/rollouts.md).
 */
export async function rolloutDevicePage<T>(db: Db, r: Pick<RolloutRow, 'id' | 'product_line'>, query: ListQuery): Promise<ListInfo<T>> {
  // the filters and sort checked (a 400 names the key) before anything is read
  const params = new SqlParams();
  const listing = rolloutDeviceListing(query, params);
  const counted = countedFilter(query.filter);
  const { total, rowsCounted } = (counted === null ? null : await countedTotal(db, r.id, counted)) ?? {
    total: (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${devicesOf(r)} ${whereClause(listing.conditions)}`, params.values)).rows[0]?.n ?? 0,
    rowsCounted: true,
  };
  if (listing.offset >= total) return listInfo([], total, listing.page, listing.limit);
  const asked: Window = { offset: listing.offset, limit: listing.limit };
  const span = rowsCounted ? await positionSpan(db, r.id, query, counted, asked, total) : null;
  if (span) return listInfo(await rowsOf<T>(db, r, query, span), total, listing.page, listing.limit);
  const reverse = rowsCounted ? fromTheEnd(query, listing.offset, listing.limit, total) : null;
  const rows = reverse ? (await rowsOf<T>(db, r, reverse.query, reverse.window)).reverse() : await rowsOf<T>(db, r, query, asked);
  return listInfo(rows, total, listing.page, listing.limit);
}
