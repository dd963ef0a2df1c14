// The new-rollout form's values, its checks (the contract's rules and sentences, as fleet-api's 400s)
// and the bodies it sends. Pure: the page renders it, the tests read it.
import { ROLLOUT_LIMITS, WINDOW_TIME_PATTERN, wavesProblem, type RolloutWaveInput } from '@fleet/contract';
import type { RolloutAddBody, RolloutPreviewBody } from '@fleet/contract';
import { encodeFilter, type FilterItem } from '@fleet/shared-api/lists';
import type { OtaDeviceType } from '../api/device-type';

export type DeviceChoice = 'versions' | 'group' | 'filter';
export type WaveUnit = 'percent' | 'count';

export interface RolloutFormValues {
  name: string;
  firmware_version: string;
  choice: DeviceChoice;
  from_versions: string[];
  group_id: string;
  filter_version: string;
  filter_available: string;
  filter_upgradable: string;
  exclude_offline_minutes: string;
  unit: WaveUnit;
  waves: Array<{ size: string; approval: boolean }>;
  max_in_flight: string;
  max_per_minute: string;
  failure_threshold_percent: string;
  min_finished: string;
  timeout_minutes: string;
  max_device_failures: string;
  fault_guard: boolean;
  fault_hours: string;
  fault_points: string;
  window: boolean;
  window_start: string;
  window_end: string;
}

/** A canary, then growing waves; the second waits for an Admin's approval. */
export const DEFAULT_ROLLOUT_VALUES: RolloutFormValues = {
  name: '',
  firmware_version: '',
  choice: 'versions',
  from_versions: [],
  group_id: '',
  filter_version: '',
  filter_available: '',
  filter_upgradable: '',
  exclude_offline_minutes: '',
  unit: 'percent',
  waves: [
    { size: '1', approval: false },
    { size: '10', approval: true },
    { size: '50', approval: false },
    { size: '100', approval: false },
  ],
  max_in_flight: '50',
  max_per_minute: '20',
  failure_threshold_percent: '10',
  min_finished: '20',
  timeout_minutes: '60',
  max_device_failures: '2',
  fault_guard: false,
  fault_hours: '24',
  fault_points: '5',
  window: false,
  window_start: '01:00',
  window_end: '05:00',
};

/** A message key of this remote's texts with its params; the page says it on the field. */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}
export type Problems = Partial<Record<string, Problem>>;

const number = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
const isWhole = (text: string, max: number) => {
  const n = number(text);
  return Number.isInteger(n) && n >= 1 && n <= max;
};
const isPercent = (text: string) => {
  const n = number(text);
  return Number.isFinite(n) && n >= 0 && n <= 100;
};

function wavesOf(values: RolloutFormValues): RolloutWaveInput[] {
  return values.waves.map((w) => ({ [values.unit]: number(w.size), approval: w.approval }));
}

/** The OTA device-list filter of the form (the same keys and codec as /api/ota/devices). */
function filterOf(values: RolloutFormValues): string | undefined {
  const items: FilterItem[] = [];
  if (values.filter_version) items.push({ key: 'firmware_version', value: values.filter_version });
  if (values.filter_available) items.push({ key: 'available_firmware', value: values.filter_available });
  if (values.filter_upgradable) items.push({ key: 'upgradable', value: values.filter_upgradable });
  return encodeFilter(items);
}

/** Every field's problem, in the contract's words where it has one (the same as the server's 400). */
export function rolloutProblems(values: RolloutFormValues, deviceType: OtaDeviceType): Problems {
  const out: Problems = {};
  const name = values.name.trim();
  if (name === '') out.name = { key: 'rolloutForm.required', params: { field: 'name' } };
  else if (name.length > ROLLOUT_LIMITS.nameMax) out.name = { key: 'rolloutRules.nameTooLong' };
  if (!values.firmware_version) out.firmware_version = { key: 'rolloutForm.firmwareRequired' };
  if (values.choice === 'versions' && values.from_versions.length === 0) out.from_versions = { key: 'rolloutRules.fromVersionsEmpty' };
  if (values.choice === 'group' && !values.group_id) out.group_id = { key: 'rolloutForm.groupRequired' };
  if (values.choice === 'filter' && filterOf(values) === undefined) out.filter_version = { key: 'rolloutForm.filterEmpty' };
  if (values.exclude_offline_minutes.trim() !== '') {
    const n = number(values.exclude_offline_minutes);
    if (!Number.isInteger(n) || n < 0 || n > ROLLOUT_LIMITS.offlineMinutesMax) {
      out.exclude_offline_minutes = { key: 'rolloutRules.positiveWhole', params: { field: 'exclude_offline_minutes', max: ROLLOUT_LIMITS.offlineMinutesMax } };
    }
  }
  const waves = wavesOf(values);
  const bad = waves.findIndex((w) => !Number.isFinite(w.percent ?? w.count));
  const problem = bad >= 0 ? { key: 'rollouts.waveShape' as const, index: bad } : wavesProblem(waves);
  if (problem) {
    const key = `rolloutRules.${problem.key.replace('rollouts.', '')}`;
    // on the wave it names, else on the list
    out[problem.index === undefined ? 'waves' : `waves.${problem.index}.size`] = { key, params: problem.index === undefined ? {} : { index: problem.index } };
  } else if (values.unit === 'count' && waves.some((w) => !Number.isInteger(w.count))) {
    out.waves = { key: 'rolloutRules.positiveWhole', params: { field: 'waves[].count', max: 10_000_000 } };
  }
  const whole: Array<[keyof RolloutFormValues, number]> = [
    ['max_in_flight', ROLLOUT_LIMITS.maxInFlight],
    ['max_per_minute', ROLLOUT_LIMITS.maxPerMinute],
    ['min_finished', ROLLOUT_LIMITS.minFinishedMax],
    ['timeout_minutes', ROLLOUT_LIMITS.timeoutMinutesMax],
    ['max_device_failures', ROLLOUT_LIMITS.maxDeviceFailuresMax],
  ];
  for (const [field, max] of whole) if (!isWhole(values[field] as string, max)) out[field] = { key: 'rolloutRules.positiveWhole', params: { field, max } };
  if (!isPercent(values.failure_threshold_percent)) out.failure_threshold_percent = { key: 'rolloutRules.thresholdInvalid' };
  if (values.fault_guard && deviceType === 'heat_pump') {
    if (!isWhole(values.fault_hours, ROLLOUT_LIMITS.faultGuardHoursMax)) out.fault_hours = { key: 'rolloutRules.positiveWhole', params: { field: 'fault_guard.hours', max: ROLLOUT_LIMITS.faultGuardHoursMax } };
    if (!isPercent(values.fault_points)) out.fault_points = { key: 'rolloutRules.faultPointsInvalid' };
  }
  if (values.window) {
    const time = new RegExp(WINDOW_TIME_PATTERN);
    if (!time.test(values.window_start)) out.window_start = { key: 'rolloutRules.windowTimeInvalid', params: { field: 'start' } };
    if (!time.test(values.window_end)) out.window_end = { key: 'rolloutRules.windowTimeInvalid', params: { field: 'end' } };
    if (!out.window_start && !out.window_end && values.window_start === values.window_end) out.window_end = { key: 'rolloutRules.windowEmpty' };
  }
  return out;
}

/** What /preview takes: the device choice and the waves. */
export function previewBodyOf(values: RolloutFormValues, deviceType: OtaDeviceType): RolloutPreviewBody {
  const offline = values.exclude_offline_minutes.trim();
  return {
    deviceType,
    firmware_version: values.firmware_version,
    ...(values.choice === 'versions' ? { from_versions: values.from_versions } : {}),
    ...(values.choice === 'group' ? { group_id: Number(values.group_id) } : {}),
    ...(values.choice === 'filter' ? { filter: filterOf(values) } : {}),
    ...(offline === '' ? {} : { exclude_offline_minutes: Number(offline) }),
    waves: wavesOf(values),
  };
}

/** What /add takes: the preview's choice and waves, with the name, pace, halt conditions and window. */
export function addBodyOf(values: RolloutFormValues, deviceType: OtaDeviceType): RolloutAddBody {
  return {
    ...previewBodyOf(values, deviceType),
    name: values.name.trim(),
    max_in_flight: number(values.max_in_flight),
    max_per_minute: number(values.max_per_minute),
    failure_threshold_percent: number(values.failure_threshold_percent),
    min_finished: number(values.min_finished),
    timeout_minutes: number(values.timeout_minutes),
    max_device_failures: number(values.max_device_failures),
    ...(values.fault_guard && deviceType === 'heat_pump' ? { fault_guard: { hours: number(values.fault_hours), points: number(values.fault_points) } } : {}),
    ...(values.window ? { window: { start: values.window_start, end: values.window_end } } : {}),
  };
}
