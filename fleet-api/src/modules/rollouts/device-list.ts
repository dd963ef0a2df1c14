/**
 * A page of the rollout device list (GET /api/ota/rollout/devices, issue 22, docs/rollouts.md
 * "Measured"): its rows in the list's order, and its exact total from the per-wave counters when the
 * filter is none, a state, a wave or both, since counting the rollout's rows joined to `devices`
 * was most of a page's time at 1,000,000 devices. Any other filter (a serial search...) counts rows.
 */
import { IGNORED_FILTER_KEYS, ROLLOUT_DEVICE_STATES, type RolloutDeviceState } from '@fleet/contract';
import type { Db } from '../../db';
import { buildListing, decodeFilter, listInfo, pagedList, type FilterItem, type ListInfo, type ListQuery } from '../../server/listing';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import type { RolloutRow } from './model';
import { devicesOf, ROLLOUT_DEVICE_LIST, stateValues } from './export';

/** What the per-wave counters can answer: the states asked for (all when null) in one wave (every one when null). */
interface CountedFilter {
  states: RolloutDeviceState[] | null;
  /** 0 is the first wave, as rollout_waves.wave */
  wave: number | null;
}

const isState = (s: string): s is RolloutDeviceState => (ROLLOUT_DEVICE_STATES as readonly string[]).includes(s);

/**
 * The filter as the counters read it, or null when they cannot (another key, a key twice, a wave
 * that is not a whole number): it must read the values exactly as the list's rules do (listing.ts's
 * multi rule for state, export.ts's wave rule), or the total would not be the rows' count.
 */
export function countedFilter(raw: string | undefined): CountedFilter | null {
  const out: CountedFilter = { states: null, wave: null };
  const seen = new Set<string>();
  for (const item of decodeFilter(raw)) {
    if ((IGNORED_FILTER_KEYS as readonly string[]).includes(item.key) || isBlank(item.value)) continue;
    if (seen.has(item.key)) return null;
    seen.add(item.key);
    if (item.key === 'state') {
      // an unknown state matches no row, and no counter; a state named twice is counted once
      out.states = [...new Set(stateValues(item))].filter(isState);
    } else if (item.key === 'wave') {
      const n = Number(item.value);
      if (!Number.isInteger(n)) return null;
      out.wave = n - 1;
    } else {
      return null;
    }
  }
  return out;
}

function isBlank(v: FilterItem['value']): boolean {
  return v === '' || (Array.isArray(v) && v.length === 0);
}

/** The rollout's devices matching `f` by its counters (devices counted at add whose rows are not written yet included). */
async function countedTotal(db: Db, rolloutId: number, f: CountedFilter): Promise<number> {
  const params = new SqlParams();
  const sum = f.states === null ? 'devices' : f.states.length === 0 ? '0' : f.states.join(' + ');
  const conditions = [`rollout_id = ${params.add(rolloutId)}`, ...(f.wave === null ? [] : [`wave = ${params.add(f.wave)}`])];
  const { rows } = await db.query<{ n: number }>(`SELECT coalesce(sum(${sum}), 0)::int AS n FROM rollout_waves ${whereClause(conditions)}`, params.values);
  return rows[0]?.n ?? 0;
}

const COLUMNS = `rd.device_id::int AS device_id, d.serial_number, d.mac_address, rd.wave + 1 AS wave, rd.state, rd.failures, rd.from_version,
  d.firmware_version, rd.job_id::int AS job_id, ${ISO('rd.dispatched_at')} AS dispatched_at, ${ISO('rd.finished_at')} AS finished_at`;

/**
 * One page of a rollout's devices. The total is the counters' when they can answer it: while the rows
 * of a new rollout are still being written it counts devices the list cannot show yet (docs/rollouts.md).
 */
export async function rolloutDevicePage<T>(db: Db, r: Pick<RolloutRow, 'id' | 'product_line'>, query: ListQuery): Promise<ListInfo<T>> {
  const params = new SqlParams();
  const listing = buildListing(query, ROLLOUT_DEVICE_LIST, params, 'rd.device_id');
  const source = `FROM ${devicesOf(r)} ${whereClause(listing.conditions)}`;
  const counted = countedFilter(query.filter);
  if (counted === null) return pagedList<T>(db, listing, params, COLUMNS, source);
  const total = await countedTotal(db, r.id, counted);
  if (listing.offset >= total) return listInfo([], total, listing.page, listing.limit);
  const { rows } = await db.query<T>(
    `SELECT ${COLUMNS} ${source} ${listing.orderBy} LIMIT ${params.add(listing.limit)} OFFSET ${params.add(listing.offset)}`,
    params.values,
  );
  return listInfo(rows, total, listing.page, listing.limit);
}
