/**
 * A rollout as its calls answer it (docs/rollouts.md): the TypeBox schemas of its info, waves, halt
 * reason and device rows (so they are in the OpenAPI document and @fleet/contract's answer types),
 * and reading them. Counts come from rollout_waves, kept by migration 0022's triggers, never from a
 * count over rollout_devices.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  ROLLOUT_DEVICE_STATES,
  ROLLOUT_HALT_CONDITIONS,
  ROLLOUT_STATES,
  ROLLOUT_WAVE_STATES,
  type RolloutState,
  type RolloutWaveState,
} from '@fleet/contract';
import type { Db } from '../../db';
import { ISO } from '../../server/sql';
import { Nullable, NullableText } from '../../server/schemas';
import type { LiveEvent, RolloutDeviceCounts, RolloutProgress } from '../live/events';

const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });

export const RolloutStateField = oneOf(ROLLOUT_STATES);
export const RolloutDeviceStateField = oneOf(ROLLOUT_DEVICE_STATES);

const Counts = {
  devices: Type.Integer(),
  queued: Type.Integer(),
  in_flight: Type.Integer(),
  installed: Type.Integer(),
  failed: Type.Integer(),
  timed_out: Type.Integer(),
  cancelled: Type.Integer(),
};
export const RolloutCounts = Type.Object(Counts);

export const RolloutWave = Type.Object({
  wave: Type.Integer({ description: '1 is the first wave' }),
  percent: Nullable(Type.Number()),
  count: Nullable(Type.Integer()),
  approval: Type.Boolean(),
  state: oneOf(ROLLOUT_WAVE_STATES),
  approved_at: NullableText,
  started_at: NullableText,
  ...Counts,
  unwritten: Type.Integer({
    description: 'its devices not in the device list yet: a large rollout writes their rows after the add answers (the wave starts once they are all written)',
  }),
});

export const FaultGuardFigures = Type.Object({
  hours: Type.Number(),
  points: Type.Number(),
  updated: Type.Integer({ description: 'devices installed by the rollout' }),
  updated_with_fault: Type.Integer(),
  updated_percent: Type.Number(),
  others: Type.Integer({ description: "the line's devices not yet updated" }),
  others_with_fault: Type.Integer(),
  others_percent: Type.Number(),
});

export const HaltReason = Type.Object({
  condition: oneOf(ROLLOUT_HALT_CONDITIONS),
  at: Type.String(),
  finished: Type.Integer({ description: 'devices finished since the rollout started or was last resumed' }),
  failed: Type.Integer(),
  timed_out: Type.Integer(),
  failure_percent: Type.Number(),
  threshold_percent: Type.Number(),
  min_finished: Type.Integer(),
  fault_guard: Nullable(FaultGuardFigures),
});
export type HaltReasonT = Static<typeof HaltReason>;

export const FaultGuard = Type.Object({ hours: Type.Number(), points: Type.Number() });
export const MaintenanceWindow = Type.Object({ start: Type.String(), end: Type.String() });

export const RolloutSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  device_type: Type.String(),
  firmware_version: Type.String(),
  state: RolloutStateField,
  halt_reason: Nullable(HaltReason),
  push_id: Type.Integer({ description: 'the push whose jobs the rollout dispatches (OTA history)' }),
  created_at: Type.String(),
  created_by_email: NullableText,
  finished_at: NullableText,
  ...Counts,
});
export type RolloutSummaryT = Static<typeof RolloutSummary>;

export const RolloutInfo = Type.Object({
  ...RolloutSummary.properties,
  selection: Type.Object({
    from_versions: Nullable(Type.Array(Type.String())),
    group_id: Nullable(Type.Integer()),
    filter: NullableText,
    exclude_offline_minutes: Nullable(Type.Integer()),
  }),
  max_in_flight: Type.Integer(),
  max_per_minute: Type.Integer(),
  failure_threshold_percent: Type.Number(),
  min_finished: Type.Integer(),
  timeout_minutes: Type.Integer(),
  max_device_failures: Type.Integer(),
  fault_guard: Nullable(FaultGuard),
  window: Nullable(MaintenanceWindow),
  waves: Type.Array(RolloutWave),
  total: RolloutCounts,
});
export type RolloutInfoT = Static<typeof RolloutInfo>;

export const RolloutDeviceRow = Type.Object({
  device_id: Type.Integer(),
  serial_number: Type.String(),
  mac_address: NullableText,
  wave: Type.Integer({ description: '1 is the first wave' }),
  state: RolloutDeviceStateField,
  failures: Type.Integer(),
  from_version: NullableText,
  firmware_version: NullableText,
  job_id: Nullable(Type.Integer()),
  dispatched_at: NullableText,
  finished_at: NullableText,
});

export type Selection = Static<typeof RolloutInfo>['selection'];

/** A rollouts row with what the orchestrator and the actions read. */
export interface RolloutRow {
  id: number;
  product_line: string;
  name: string;
  firmware_version: string;
  push_id: number;
  state: RolloutState;
  selection: Selection;
  max_in_flight: number;
  max_per_minute: number;
  failure_threshold_percent: number;
  min_finished: number;
  timeout_minutes: number;
  max_device_failures: number;
  fault_guard: Static<typeof FaultGuard> | null;
  maintenance_window: Static<typeof MaintenanceWindow> | null;
  halt_reason: HaltReasonT | null;
  baseline: { finished: number; failed: number; timed_out: number; from: string | null };
  /** the dispatches of the last minute, [epoch ms, devices] (the sliding per-minute cap, migration 0042) */
  recent_dispatches: Array<[number, number]>;
  created_at: string;
  created_by_email: string | null;
  finished_at: string | null;
}

export const ROLLOUT_COLUMNS = `r.id::int AS id, r.product_line, r.name, r.firmware_version, r.push_id::int AS push_id, r.state,
  r.selection, r.max_in_flight, r.max_per_minute, r.failure_threshold_percent::float8 AS failure_threshold_percent,
  r.min_finished, r.timeout_minutes, r.max_device_failures, r.fault_guard, r.maintenance_window, r.halt_reason,
  r.baseline, r.recent_dispatches, ${ISO('r.created_at')} AS created_at,
  (SELECT u.email FROM users u WHERE u.id = r.created_by) AS created_by_email, ${ISO('r.finished_at')} AS finished_at`;

interface WaveRow extends RolloutDeviceCounts {
  rollout_id: number;
  wave: number;
  percent: number | null;
  count: number | null;
  approval: boolean;
  approved_at: string | null;
  started_at: string | null;
  /** its devices whose rows are not written yet (creation.ts): it may not start before 0 */
  unwritten: number;
}

const COUNT_KEYS = ['devices', 'queued', 'in_flight', 'installed', 'failed', 'timed_out', 'cancelled'] as const;

export function zeroCounts(): RolloutDeviceCounts {
  return { devices: 0, queued: 0, in_flight: 0, installed: 0, failed: 0, timed_out: 0, cancelled: 0 };
}

export function sumCounts(rows: RolloutDeviceCounts[]): RolloutDeviceCounts {
  const total = zeroCounts();
  for (const row of rows) for (const key of COUNT_KEYS) total[key] += row[key];
  return total;
}

/** A wave is done when none of its devices waits or is in flight. */
export const waveDone = (w: RolloutDeviceCounts): boolean => w.queued === 0 && w.in_flight === 0;

/** Each wave's state: done, the first not done one running (or awaiting its approval), the rest pending. */
export function waveStates(waves: Array<RolloutDeviceCounts & { approval: boolean; approved_at: string | null }>): RolloutWaveState[] {
  let current = false;
  return waves.map((w) => {
    if (waveDone(w)) return 'done';
    if (current) return 'pending';
    current = true;
    return w.approval && w.approved_at === null ? 'awaiting_approval' : 'running';
  });
}

/** The waves of these rollouts with their counts, in wave order. */
export async function wavesOf(db: Db, rolloutIds: number[]): Promise<Map<number, WaveRow[]>> {
  const { rows } = await db.query<WaveRow>(
    `SELECT rollout_id::int AS rollout_id, wave, percent::float8 AS percent, count, approval,
            ${ISO('approved_at')} AS approved_at, ${ISO('started_at')} AS started_at,
            devices, queued, in_flight, installed, failed, timed_out, cancelled, unwritten
       FROM rollout_waves WHERE rollout_id = ANY($1::bigint[]) ORDER BY rollout_id, wave`,
    [rolloutIds],
  );
  const out = new Map<number, WaveRow[]>();
  for (const row of rows) out.set(row.rollout_id, [...(out.get(row.rollout_id) ?? []), row]);
  return out;
}

function countsOf(w: RolloutDeviceCounts): RolloutDeviceCounts {
  const out = zeroCounts();
  for (const key of COUNT_KEYS) out[key] = w[key];
  return out;
}

export function summaryOf(r: RolloutRow, waves: WaveRow[]): RolloutSummaryT {
  return {
    id: r.id,
    name: r.name,
    device_type: r.product_line,
    firmware_version: r.firmware_version,
    state: r.state,
    halt_reason: r.halt_reason,
    push_id: r.push_id,
    created_at: r.created_at,
    created_by_email: r.created_by_email,
    finished_at: r.finished_at,
    ...sumCounts(waves),
  };
}

export function infoOf(r: RolloutRow, waves: WaveRow[]): RolloutInfoT {
  const states = waveStates(waves);
  return {
    ...summaryOf(r, waves),
    selection: r.selection,
    max_in_flight: r.max_in_flight,
    max_per_minute: r.max_per_minute,
    failure_threshold_percent: r.failure_threshold_percent,
    min_finished: r.min_finished,
    timeout_minutes: r.timeout_minutes,
    max_device_failures: r.max_device_failures,
    fault_guard: r.fault_guard,
    window: r.maintenance_window,
    waves: waves.map((w, i) => ({
      wave: w.wave + 1,
      percent: w.percent,
      count: w.count,
      approval: w.approval,
      state: states[i] ?? 'pending',
      approved_at: w.approved_at,
      started_at: w.started_at,
      ...countsOf(w),
      unwritten: w.unwritten,
    })),
    total: sumCounts(waves),
  };
}

/** One rollout of a device type (null: none), its row locked when `lock`. */
export async function rolloutRow(db: Db, id: number, deviceType: string | null, lock = false): Promise<RolloutRow | null> {
  const { rows } = await db.query<RolloutRow>(
    `SELECT ${ROLLOUT_COLUMNS} FROM rollouts r WHERE r.id = $1 AND ($2::text IS NULL OR r.product_line = $2) ${lock ? 'FOR UPDATE OF r' : ''}`,
    [id, deviceType],
  );
  return rows[0] ?? null;
}

/** The `rollout_progress` events of these rollouts as they are now (read inside the writer's transaction). */
export async function progressEvents(db: Db, rolloutIds: number[]): Promise<LiveEvent[]> {
  if (rolloutIds.length === 0) return [];
  const ids = [...new Set(rolloutIds)];
  const { rows } = await db.query<{ id: number; product_line: string; state: RolloutState }>(
    'SELECT id::int AS id, product_line, state FROM rollouts WHERE id = ANY($1::bigint[]) ORDER BY id',
    [ids],
  );
  const waves = await wavesOf(db, ids);
  const at = Date.now();
  return rows.map((r): LiveEvent => {
    const own = waves.get(r.id) ?? [];
    const progress: RolloutProgress = {
      rollout_id: r.id,
      product_line: r.product_line,
      state: r.state,
      waves: own.map((w) => ({ wave: w.wave + 1, ...countsOf(w) })),
      total: sumCounts(own),
    };
    return { kind: 'rollout_progress', at, ...progress };
  });
}
