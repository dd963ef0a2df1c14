// Safe firmware rollouts (issue 22, docs/rollouts.md): the states, halt reasons, limits and sentences
// that fleet-api's rollout calls and the console's rollout screens must agree on, written once.

/** A rollout's state: running dispatches; paused and halted wait for resume; aborted and finished are read only. */
export const ROLLOUT_STATES = ['running', 'paused', 'halted', 'aborted', 'finished'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
/** States no action changes any more. */
export const FINISHED_ROLLOUT_STATES: readonly RolloutState[] = ['aborted', 'finished'];

/** A device's state in a rollout; `in_flight` from dispatch until the device reports its version again. */
export const ROLLOUT_DEVICE_STATES = ['queued', 'in_flight', 'installed', 'failed', 'timed_out', 'cancelled'] as const;
export type RolloutDeviceState = (typeof ROLLOUT_DEVICE_STATES)[number];

/** A rollout's devices in all and per state: each wave's, the total, and the live `rollout_progress`'s. */
export type RolloutDeviceCounts = Record<'devices' | RolloutDeviceState, number>;

/** The live socket's `rollout_progress` message (Admin's sockets only): a rollout's state and counts after a change. */
export interface RolloutProgress {
  rollout_id: number;
  product_line: string;
  state: RolloutState;
  /** `wave` 1 is the first. */
  waves: Array<RolloutDeviceCounts & { wave: number }>;
  total: RolloutDeviceCounts;
}

/** A wave's state: waiting for the waves before it, for an Admin's approval, dispatching, or done. */
export const ROLLOUT_WAVE_STATES = ['pending', 'awaiting_approval', 'running', 'done'] as const;
export type RolloutWaveState = (typeof ROLLOUT_WAVE_STATES)[number];

/**
 * Which automatic halt tripped: the failure share of finished devices (`failure_rate`), the same once
 * the timed-out devices are counted as failures (`timeouts`), or the heat-pump fault guard.
 */
export const ROLLOUT_HALT_CONDITIONS = ['failure_rate', 'timeouts', 'fault_guard'] as const;
export type RolloutHaltCondition = (typeof ROLLOUT_HALT_CONDITIONS)[number];

/** The Australian states' time zones, daylight saving included: a window is in its property's local time. */
export const STATE_TIME_ZONES = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  TAS: 'Australia/Hobart',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  NT: 'Australia/Darwin',
  WA: 'Australia/Perth',
} as const;
/** The zone of a device whose property has no state. */
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

export const ROLLOUT_LIMITS = {
  nameMax: 60,
  wavesMax: 10,
  maxInFlight: 100_000,
  maxPerMinute: 100_000,
  minFinishedMax: 1_000_000,
  timeoutMinutesMax: 10_080,
  maxDeviceFailuresMax: 10,
  faultGuardHoursMax: 168,
  offlineMinutesMax: 525_600,
  fromVersionsMax: 50,
} as const;

/** A window's times: 24-hour "HH:MM". */
export const WINDOW_TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';

export const ROLLOUT_SENTENCES = {
  'rollouts.added': 'Rollout started',
  'rollouts.paused': 'Rollout paused',
  'rollouts.resumed': 'Rollout resumed',
  'rollouts.approved': 'Wave {{wave}} approved',
  'rollouts.aborted': 'Rollout aborted',
  'rollouts.retried_one': '{{count}} failed device queued again',
  'rollouts.retried_other': '{{count}} failed devices queued again',
  'rollouts.preview': 'Rollout preview',
  'rollouts.list': 'Rollouts',
  'rollouts.info': 'Rollout',
  'rollouts.devices': 'Rollout devices',
  'rollouts.notFound': 'Rollout not found',
  'rollouts.readOnly': 'This rollout is {{state}}: it can no longer be changed',
  'rollouts.notRunning': 'Only a running rollout can be paused',
  'rollouts.notPaused': 'Only a paused or halted rollout can be resumed',
  'rollouts.nothingToApprove': 'No wave is waiting for approval',
  'rollouts.nothingToRetry': 'No failed device can be retried',
  'rollouts.nameTooLong': 'name must be at most 60 characters',
  'rollouts.firmwareUnknown': 'firmware_version {{version}} is not an uploaded firmware of {{deviceType}}',
  'rollouts.firmwareOtherLine': 'firmware_version {{version}} is a firmware of {{line}}, not of {{deviceType}}',
  'rollouts.choiceRequired': 'Choose the devices: from_versions, group_id or filter',
  'rollouts.choiceOnlyOne': 'Choose the devices one way only: from_versions, group_id or filter',
  'rollouts.fromVersionsEmpty': 'from_versions must name at least one version',
  'rollouts.groupUnknown': 'group_id {{id}} is not a group of {{deviceType}}',
  'rollouts.noDevices': 'The device choice reaches no device',
  'rollouts.wavesRequired': 'waves must hold at least one wave',
  'rollouts.wavesTooMany': 'waves must hold at most 10 waves',
  'rollouts.waveShape': 'waves[{{index}}] must have percent or count, not both',
  'rollouts.wavesNotIncreasing': 'waves[{{index}}] must be larger than the wave before it',
  'rollouts.wavesOver100': 'waves[{{index}}].percent must be at most 100',
  'rollouts.wavesMixed': 'waves must all use percent or all use count',
  'rollouts.percentInvalid': 'percent must be a number above 0 and at most 100',
  'rollouts.thresholdInvalid': 'failure_threshold_percent must be from 0 to 100',
  'rollouts.faultPointsInvalid': 'fault_guard.points must be from 0 to 100',
  'rollouts.faultGuardHeatPumps': 'fault_guard is for heat_pump rollouts only',
  'rollouts.windowTimeInvalid': 'window.{{field}} must be a time HH:MM',
  'rollouts.windowEmpty': 'window.start and window.end must differ',
  'rollouts.positiveWhole': '{{field}} must be a whole number from 1 to {{max}}',
} as const;

/** A wave of the add body: a cumulative share or count of the rollout's devices, and whether it waits for approval. */
export interface RolloutWaveInput {
  percent?: number;
  count?: number;
  approval?: boolean;
}

/** What is wrong with a list of waves, as the sentence's key and params; null when it is good. */
export type WavesProblem =
  | { key: 'rollouts.wavesRequired' | 'rollouts.wavesTooMany' | 'rollouts.wavesMixed' | 'rollouts.percentInvalid'; index?: undefined }
  | { key: 'rollouts.waveShape' | 'rollouts.wavesNotIncreasing' | 'rollouts.wavesOver100'; index: number };

/**
 * The waves rule, the same in the console's form and fleet-api's 400: one to ten waves, each a
 * percent or a count (all alike), strictly increasing, percents at most 100.
 */
export function wavesProblem(waves: readonly RolloutWaveInput[]): WavesProblem | null {
  if (waves.length === 0) return { key: 'rollouts.wavesRequired' };
  if (waves.length > ROLLOUT_LIMITS.wavesMax) return { key: 'rollouts.wavesTooMany' };
  const byPercent = waves[0]?.percent !== undefined;
  let before = 0;
  for (const [index, wave] of waves.entries()) {
    if ((wave.percent === undefined) === (wave.count === undefined)) return { key: 'rollouts.waveShape', index };
    if ((wave.percent !== undefined) !== byPercent) return { key: 'rollouts.wavesMixed' };
    const size = wave.percent ?? wave.count ?? 0;
    if (wave.percent !== undefined && !(wave.percent > 0)) return { key: 'rollouts.percentInvalid' };
    if (wave.percent !== undefined && wave.percent > 100) return { key: 'rollouts.wavesOver100', index };
    if (size <= before) return { key: 'rollouts.wavesNotIncreasing', index };
    before = size;
  }
  return null;
}
