/**
 * What travels on the live bus between fleet-api instances (PostgreSQL NOTIFY), and what a console
 * receives on /ws. Spec 7 (Live updates): an event list whose first item is the device id and second
 * its work_state, and a data object keyed `dashboard` holding `faulty_count`. We add `device` (a
 * heat pump's Wi-Fi state, by id and MAC address), `fault` (the new fault), and, from the console's
 * own writes (issue 20, item 13), `resolved` (faults resolved), `moved` (a device reassigned between
 * slices), `ota` (a device's firmware job) and `rollout` (a push's job counts, Admin only). A frame is
 * `{ batch: [message, ...], at }`: the messages of one flush, `at` the time (ms) the oldest was raised.
 * Writers publish after their transaction commits, and never for a refused write (SECURITY.md 2).
 */
import type { RolloutProgress } from '@fleet/contract';
import type { DeviceKeys } from '../../policy/live-scope';

export type OtaJobState = 'queued' | 'downloading' | 'installed' | 'failed';

export interface RolloutCounts {
  push_id: number;
  product_line: string;
  queued: number;
  downloading: number;
  installed: number;
  failed: number;
}

// A staged rollout's progress after a change (issue 22, modules/rollouts): its state and counts, Admin's only.
export type { RolloutDeviceCounts, RolloutProgress } from '@fleet/contract';

export type LiveEvent =
  | { kind: 'work_state'; at: number; device: DeviceKeys; work_state: number }
  | { kind: 'online'; at: number; device: DeviceKeys; mac_address: string | null; is_online: number }
  | { kind: 'fault'; at: number; device: DeviceKeys; fault_id: number; fault_code: string }
  /** Faults of one heat pump resolved; `fault_code` is its current one afterwards (null: none open). */
  | { kind: 'resolved'; at: number; device: DeviceKeys; fault_ids: number[]; fault_code: string | null; resolution_id: number }
  /** A device reassigned: `before` are its keys before the write, `device` after (both slices hear it). */
  | { kind: 'moved'; at: number; device: DeviceKeys; before: DeviceKeys }
  /** A device's firmware job changed state (a push queued it, the fleet downloads, installs or fails). */
  | { kind: 'ota'; at: number; device: DeviceKeys; push_id: number; job_id: number; state: OtaJobState; firmware_version: string | null }
  /** A push's job counts after a change: the OTA screens', heard by Admin only. */
  | ({ kind: 'rollout'; at: number } & RolloutCounts)
  /** A staged rollout's counts after its orchestrator's tick or an Admin's action (at most one per rollout and tick). */
  | ({ kind: 'rollout_progress'; at: number } & RolloutProgress)
  /**
   * A session ended (logout: 4401) or renewed its tokens (4000: reconnect with the new one). A renewal
   * names the new `generation`: a socket already opened with the new token stays open.
   */
  | { kind: 'session'; at: number; session_id: string; code: 4000 | 4401; generation?: number };

/** How a device's reassignment looks from one slice. */
type MovedSlice = 'joined' | 'left' | 'stayed';

export type LiveMessage =
  | [number, number]
  | { device: { id: number; mac_address: string | null; is_online: number } }
  | { fault: { id: number; device_id: number; fault_code: string } }
  | { resolved: { device_id: number; fault_ids: number[]; fault_code: string | null; resolution_id: number } }
  | { moved: { device_id: number; slice: MovedSlice } }
  | { ota: { device_id: number; push_id: number; job_id: number; state: OtaJobState; firmware_version: string | null } }
  | { rollout: RolloutCounts }
  | { rollout_progress: RolloutProgress }
  | { dashboard: { faulty_count: number } };

export interface LiveFrame {
  batch: LiveMessage[];
  at: number;
}

/**
 * The console's message of a device event, the same for every slice that sees the device. `moved`
 * (which says how the slice saw it: joined, left or stayed), `rollout` (no device) and `session` are
 * the hub's own.
 */
export function messageOf(event: LiveEvent): LiveMessage | null {
  switch (event.kind) {
    case 'work_state':
      return [event.device.device_id, event.work_state];
    case 'online':
      return { device: { id: event.device.device_id, mac_address: event.mac_address, is_online: event.is_online } };
    case 'fault':
      return { fault: { id: event.fault_id, device_id: event.device.device_id, fault_code: event.fault_code } };
    case 'resolved':
      return { resolved: { device_id: event.device.device_id, fault_ids: event.fault_ids, fault_code: event.fault_code, resolution_id: event.resolution_id } };
    case 'ota':
      return { ota: { device_id: event.device.device_id, push_id: event.push_id, job_id: event.job_id, state: event.state, firmware_version: event.firmware_version } };
    case 'moved':
    case 'rollout':
    case 'rollout_progress':
    case 'session':
      return null;
  }
}

/** A device's keys (alias d), as the simulators and the console's writes read them for their events. */
export const DEVICE_KEYS_SQL = `d.id::int AS device_id, d.agency_id::int AS agency_id, d.electrician_id::int AS electrician_id,
  d.customer_id::int AS customer_id, d.property_id::int AS property_id, d.site_id::int AS site_id, d.company_id::int AS company_id`;

/** The DeviceKeys of a row read with DEVICE_KEYS_SQL (other columns left out). */
export function deviceKeysOf(row: DeviceKeys): DeviceKeys {
  const { device_id, agency_id, electrician_id, customer_id, property_id, site_id, company_id } = row;
  return { device_id, agency_id, electrician_id, customer_id, property_id, site_id, company_id };
}
