/**
 * Which devices a rollout reaches and in which wave (docs/rollouts.md, Choice and waves). The choice
 * is one of from_versions, group_id or an OTA device-list filter (modules/ota/availability.ts's
 * filter keys and selection, so it means what the OTA device list means), always within the device
 * type's OTA line. Excluded: devices already on the target, offline longer than the given minutes,
 * or in another rollout that is not over.
 */
import { wavesProblem, type RolloutWaveInput } from '@fleet/contract';
import type { Db } from '../../db';
import { badRequest } from '../../server/errors';
import { say } from '../../server/messages';
import { SqlParams, whereClause } from '../../server/sql';
import { otaJoins, selectionConditions } from '../ota/availability';
import type { DeviceType } from '../ota/device-types';
import type { Selection } from './model';

export interface ChoiceInput {
  deviceType: DeviceType;
  firmware_version: string;
  from_versions?: string[] | undefined;
  group_id?: number | undefined;
  filter?: string | undefined;
  exclude_offline_minutes?: number | undefined;
}

/** The choice as stored and answered: exactly one of its three ways, the others null. */
export function selectionOf(input: ChoiceInput): Selection {
  return {
    from_versions: input.from_versions ?? null,
    group_id: input.group_id ?? null,
    filter: input.filter ?? null,
    exclude_offline_minutes: input.exclude_offline_minutes ?? null,
  };
}

/** 400 unless the body chooses devices exactly one way, and that way names something. */
export async function checkChoice(db: Db, input: ChoiceInput): Promise<void> {
  const ways = [input.from_versions, input.group_id, input.filter].filter((w) => w !== undefined).length;
  if (ways === 0) throw badRequest(say('rollouts.choiceRequired'));
  if (ways > 1) throw badRequest(say('rollouts.choiceOnlyOne'));
  if (input.from_versions !== undefined && input.from_versions.length === 0) throw badRequest(say('rollouts.fromVersionsEmpty'));
  if (input.group_id !== undefined) {
    const { rows } = await db.query('SELECT 1 FROM ota_groups WHERE id = $1 AND product_line = $2', [input.group_id, input.deviceType]);
    if (rows.length === 0) throw badRequest(say('rollouts.groupUnknown', { id: input.group_id, deviceType: input.deviceType }));
  }
}

/** 400 unless the target is an uploaded firmware of the device type; answers its id. */
export async function targetFirmware(db: Db, deviceType: DeviceType, version: string): Promise<number> {
  const { rows } = await db.query<{ id: number; product_line: string }>(
    'SELECT id::int AS id, product_line FROM firmwares WHERE version = $1 ORDER BY (product_line = $2) DESC, id LIMIT 1',
    [version, deviceType],
  );
  const found = rows[0];
  if (!found) throw badRequest(say('rollouts.firmwareUnknown', { version, deviceType }));
  if (found.product_line !== deviceType) throw badRequest(say('rollouts.firmwareOtherLine', { version, line: found.product_line, deviceType }));
  return found.id;
}

/** 400 naming the wave when the waves do not increase, pass 100 % or mix percents and counts. */
export function checkWaves(waves: RolloutWaveInput[]): void {
  const problem = wavesProblem(waves);
  if (!problem) return;
  if (problem.index === undefined) throw badRequest(say(problem.key));
  throw badRequest(say(problem.key, { index: problem.index }));
}

/** Another rollout that is not over (a device is in one such rollout at a time). */
const ROLLOUT_NOT_OVER = "ro.state IN ('running', 'paused', 'halted')";

/** Devices of another rollout that is not over, by their rows (queued or in flight). */
const IN_OTHER_ROLLOUT = `EXISTS (SELECT 1 FROM rollout_devices o JOIN rollouts ro ON ro.id = o.rollout_id
  WHERE o.device_id = d.id AND o.state IN ('queued', 'in_flight') AND ${ROLLOUT_NOT_OVER})`;

/**
 * The devices frozen in rollouts not over whose rows are not written yet (migration 0029), one word of
 * 64 ids each, joined as `busy`: one hash join, not a lookup per device.
 */
const UNWRITTEN_JOIN = `LEFT JOIN (SELECT m.word, bit_or(m.bits) AS bits FROM rollout_members m JOIN rollouts ro ON ro.id = m.rollout_id
  WHERE ${ROLLOUT_NOT_OVER} GROUP BY m.word) busy ON busy.word = d.id >> 6`;
const IN_OTHER_UNWRITTEN = 'coalesce((busy.bits >> (d.id & 63)::int) & 1 = 1, false)';

/** What other rollouts not over hold: devices by their rows, devices still without rows. */
export interface OtherRollouts {
  rows: boolean;
  unwritten: boolean;
}

/**
 * Whether rollouts not over hold any device, by rows and without rows yet: a choice leaves out the
 * checks that cannot match (at 1,000,000 devices each is a join over all of them).
 */
export async function otherRollouts(db: Db): Promise<OtherRollouts> {
  const { rows } = await db.query<OtherRollouts>(
    `SELECT EXISTS (SELECT 1 FROM rollout_devices o JOIN rollouts ro ON ro.id = o.rollout_id
                     WHERE o.state IN ('queued', 'in_flight') AND ${ROLLOUT_NOT_OVER}) AS rows,
            EXISTS (SELECT 1 FROM rollout_members m JOIN rollouts ro ON ro.id = m.rollout_id WHERE ${ROLLOUT_NOT_OVER}) AS unwritten`,
  );
  return rows[0] ?? { rows: true, unwritten: true };
}

export interface ChosenDevices {
  /** `FROM devices d ... WHERE ...`: every device the choice names (before exclusions). */
  from: string;
  params: SqlParams;
  /** SQL of each exclusion, in the order a device is counted under (on the target first). */
  onTarget: string;
  inOtherRollout: string;
  /** inOtherRollout's two parts: by rows, and for devices of rollouts whose rows are not written yet */
  inOtherRows: string;
  inOtherUnwritten: string;
  offline: string;
}

/** The chosen devices `d`, with `joins` (trusted SQL) beside the OTA line's; `others` from otherRollouts. */
export function chosenDevices(input: ChoiceInput, now: Date, others: OtherRollouts, joins = ''): ChosenDevices {
  const params = new SqlParams();
  // the kept OTA rows only for a list filter (their keys are on them): a version or a group is on `d`
  const ota = input.filter === undefined ? '' : otaJoins(params.add(input.deviceType));
  const conditions = selectionConditions(input.deviceType, params, { all: true, ids: [], filter: input.filter });
  if (input.from_versions !== undefined) conditions.push(`d.firmware_version = ANY(${params.add(input.from_versions)}::text[])`);
  if (input.group_id !== undefined) {
    conditions.push(`d.id IN (SELECT m.device_id FROM ota_group_devices m WHERE m.group_id = ${params.add(input.group_id)})`);
  }
  const target = params.add(input.firmware_version);
  const offline =
    input.exclude_offline_minutes === undefined
      ? 'false'
      : // when it went offline (migration 0042); one offline since before that column: its row's last change
        `(d.is_online = 0 AND coalesce(d.offline_since, d.updated_at) < ${params.add(new Date(now.getTime() - input.exclude_offline_minutes * 60_000).toISOString())}::timestamptz)`;
  const inOtherRows = others.rows ? IN_OTHER_ROLLOUT : 'false';
  const inOtherUnwritten = others.unwritten ? IN_OTHER_UNWRITTEN : 'false';
  return {
    from: `FROM devices d ${joins} ${ota} ${others.unwritten ? UNWRITTEN_JOIN : ''} ${whereClause(conditions)}`,
    params,
    onTarget: `d.firmware_version IS NOT DISTINCT FROM ${target}`,
    inOtherRollout: `(${inOtherRows} OR ${inOtherUnwritten})`,
    inOtherRows,
    inOtherUnwritten,
    offline,
  };
}

/** The condition of the devices a rollout takes: chosen and not excluded (NOT EXISTS on its own: an anti-join). */
export const takenCondition = (c: ChosenDevices): string =>
  `NOT (${c.onTarget}) AND NOT ${c.inOtherRows} AND NOT ${c.inOtherUnwritten} AND NOT ${c.offline}`;

export interface Preview {
  devices: number;
  excluded: { on_target: number; in_other_rollout: number; offline: number };
  by_version: Array<{ version: string | null; devices: number }>;
  by_company: Array<{ company_id: number; company_name: string; devices: number }>;
  by_site: Array<{ site_id: number; site_name: string; company_id: number; devices: number }>;
  waves: Array<{ wave: number; devices: number }>;
}

/** The cumulative end of each wave over `total` devices (a percent rounds up, a count stops at the total). */
export function waveEnds(waves: RolloutWaveInput[], total: number): number[] {
  return waves.map((w) => Math.min(total, w.percent !== undefined ? Math.ceil((total * w.percent) / 100) : (w.count ?? 0)));
}

export async function preview(db: Db, input: ChoiceInput, waves: RolloutWaveInput[], now: Date): Promise<Preview> {
  const others = await otherRollouts(db);
  const c = chosenDevices(input, now, others);
  const { rows: counts } = await db.query<{ on_target: number; in_other_rollout: number; offline: number; taken: number }>(
    `SELECT count(*) FILTER (WHERE ${c.onTarget})::int AS on_target,
            count(*) FILTER (WHERE NOT (${c.onTarget}) AND ${c.inOtherRollout})::int AS in_other_rollout,
            count(*) FILTER (WHERE NOT (${c.onTarget}) AND NOT ${c.inOtherRollout} AND ${c.offline})::int AS offline,
            count(*) FILTER (WHERE ${takenCondition(c)})::int AS taken
       ${c.from}`,
    c.params.values,
  );
  const row = counts[0] ?? { on_target: 0, in_other_rollout: 0, offline: 0, taken: 0 };
  const taken = `${c.from} AND ${takenCondition(c)}`;
  // the same devices beside a join (its params are the same, added in the same order)
  const takenWith = (joins: string) => {
    const j = chosenDevices(input, now, others, joins);
    return `${j.from} AND ${takenCondition(j)}`;
  };
  const byVersion = await db.query<{ version: string | null; devices: number }>(
    `SELECT d.firmware_version AS version, count(*)::int AS devices ${taken}
      GROUP BY d.firmware_version ORDER BY count(*) DESC, fleet_version_key(d.firmware_version) DESC`,
    c.params.values,
  );
  // companies and sites: the lines that have them (heat pumps of multi-site companies)
  const byCompany = await db.query<{ company_id: number; company_name: string; devices: number }>(
    `SELECT mc.id::int AS company_id, mc.company_name, count(*)::int AS devices
       ${takenWith('JOIN multi_site_companies mc ON mc.id = d.company_id')}
      GROUP BY mc.id, mc.company_name ORDER BY count(*) DESC, mc.id`,
    c.params.values,
  );
  const bySite = await db.query<{ site_id: number; site_name: string; company_id: number; devices: number }>(
    `SELECT s.id::int AS site_id, s.site_name, s.company_id::int AS company_id, count(*)::int AS devices
       ${takenWith('JOIN sites s ON s.id = d.site_id')}
      GROUP BY s.id, s.site_name, s.company_id ORDER BY count(*) DESC, s.id`,
    c.params.values,
  );
  const ends = waveEnds(waves, row.taken);
  return {
    devices: ends.at(-1) ?? 0,
    excluded: { on_target: row.on_target, in_other_rollout: row.in_other_rollout, offline: row.offline },
    by_version: byVersion.rows,
    by_company: byCompany.rows,
    by_site: bySite.rows,
    waves: ends.map((end, i) => ({ wave: i + 1, devices: end - (i === 0 ? 0 : (ends[i - 1] ?? 0)) })),
  };
}
