// The messages of fleet-api's live socket (fleet-api/src/modules/live/events.ts; the frames in
// docs/heat-pump-calls.md), read safely: spec 7 names the work-state pair [device_id, work_state] and
// {dashboard: {faulty_count}}; fleet-api adds a heat pump's Wi-Fi state, the new fault itself, and the
// console's own writes (issue 20, item 13): faults resolved, a heat pump moved between slices, a
// firmware job's state and a push's job counts.
import type { RolloutDeviceCounts, RolloutState } from '@fleet/contract';

export type OtaJobState = 'queued' | 'downloading' | 'installed' | 'failed';
/** How a heat pump's reassignment looks from this console's slice. */
export type MovedSlice = 'joined' | 'left' | 'stayed';

export type LiveMessage =
  | { kind: 'work_state'; deviceId: number; workState: number }
  | { kind: 'online'; deviceId: number; macAddress: string | null; isOnline: number }
  | { kind: 'fault'; faultId: number; deviceId: number; faultCode: string }
  | { kind: 'dashboard'; faultyCount: number }
  /** Faults of one heat pump resolved; `faultCode` is its current one afterwards (null: none open). */
  | { kind: 'resolved'; deviceId: number; faultIds: number[]; faultCode: string | null; resolutionId: number }
  | { kind: 'moved'; deviceId: number; slice: MovedSlice }
  /** A device's firmware job changed state; `firmwareVersion` is the device's version now. */
  | { kind: 'ota'; deviceId: number; pushId: number; jobId: number; state: OtaJobState; firmwareVersion: string | null }
  /** A push's job counts after a change (Admin's sockets only). */
  | { kind: 'rollout'; pushId: number; productLine: string; queued: number; downloading: number; installed: number; failed: number }
  /** A staged rollout's state and counts per wave and in total after a change (issue 22; Admin's sockets only). */
  | { kind: 'rollout_progress'; rolloutId: number; productLine: string; state: RolloutState; waves: RolloutWaveProgress[]; total: RolloutDeviceCounts };

/** One wave's counts (@fleet/contract's RolloutProgress); `wave` 1 is the first. */
type RolloutWaveProgress = RolloutDeviceCounts & { wave: number };

const KINDS = ['work_state', 'online', 'fault', 'dashboard', 'resolved', 'moved', 'ota', 'rollout', 'rollout_progress'];
const COUNT_KEYS = ['devices', 'queued', 'in_flight', 'installed', 'failed', 'timed_out', 'cancelled'] as const;
const SLICES: readonly string[] = ['joined', 'left', 'stayed'] satisfies MovedSlice[];
const JOB_STATES: readonly string[] = ['queued', 'downloading', 'installed', 'failed'] satisfies OtaJobState[];
const ROLLOUT_STATES: readonly string[] = ['running', 'paused', 'halted', 'aborted', 'finished'] satisfies RolloutState[];

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const textOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
const isCounts = (v: unknown): v is RolloutDeviceCounts => isObject(v) && COUNT_KEYS.every((key) => isInt(v[key]));

/** The message, or null for anything else (a newer server's kinds are ignored, never guessed at). */
export function parseLiveMessage(message: unknown): LiveMessage | null {
  if (Array.isArray(message)) {
    const [deviceId, workState] = message as unknown[];
    return message.length === 2 && isInt(deviceId) && isInt(workState) ? { kind: 'work_state', deviceId, workState } : null;
  }
  if (!isObject(message)) return null;
  // Listeners receive messages already read; a remote built before that reads them again.
  if (typeof message.kind === 'string') return KINDS.includes(message.kind) ? (message as LiveMessage) : null;
  const { device, fault, dashboard, resolved, moved, ota, rollout, rollout_progress: progress } = message;
  if (isObject(device) && isInt(device.id) && isInt(device.is_online)) {
    return { kind: 'online', deviceId: device.id, macAddress: typeof device.mac_address === 'string' ? device.mac_address : null, isOnline: device.is_online };
  }
  if (isObject(fault) && isInt(fault.id) && isInt(fault.device_id) && typeof fault.fault_code === 'string') {
    return { kind: 'fault', faultId: fault.id, deviceId: fault.device_id, faultCode: fault.fault_code };
  }
  if (isObject(dashboard) && isInt(dashboard.faulty_count)) return { kind: 'dashboard', faultyCount: dashboard.faulty_count };
  if (isObject(resolved)) {
    const { device_id, fault_ids, fault_code, resolution_id } = resolved;
    if (isInt(device_id) && Array.isArray(fault_ids) && fault_ids.every(isInt) && textOrNull(fault_code) && isInt(resolution_id)) {
      return { kind: 'resolved', deviceId: device_id, faultIds: fault_ids, faultCode: fault_code, resolutionId: resolution_id };
    }
  }
  if (isObject(moved) && isInt(moved.device_id) && SLICES.includes(moved.slice as string)) {
    return { kind: 'moved', deviceId: moved.device_id, slice: moved.slice as MovedSlice };
  }
  if (isObject(ota)) {
    const { device_id, push_id, job_id, state, firmware_version } = ota;
    if (isInt(device_id) && isInt(push_id) && isInt(job_id) && JOB_STATES.includes(state as string) && textOrNull(firmware_version)) {
      return { kind: 'ota', deviceId: device_id, pushId: push_id, jobId: job_id, state: state as OtaJobState, firmwareVersion: firmware_version };
    }
  }
  if (isObject(rollout)) {
    const { push_id, product_line, queued, downloading, installed, failed } = rollout;
    if (isInt(push_id) && typeof product_line === 'string' && isInt(queued) && isInt(downloading) && isInt(installed) && isInt(failed)) {
      return { kind: 'rollout', pushId: push_id, productLine: product_line, queued, downloading, installed, failed };
    }
  }
  if (isObject(progress)) {
    const { rollout_id, product_line, state, waves, total } = progress;
    if (isInt(rollout_id) && typeof product_line === 'string' && ROLLOUT_STATES.includes(state as string) && Array.isArray(waves) && isCounts(total)) {
      const read = waves.filter((w): w is RolloutWaveProgress => isCounts(w) && isInt((w as { wave?: unknown }).wave));
      if (read.length === waves.length) return { kind: 'rollout_progress', rolloutId: rollout_id, productLine: product_line, state: state as RolloutState, waves: read, total };
    }
  }
  return null;
}
