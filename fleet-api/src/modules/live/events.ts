/**
 * What travels on the live bus between fleet-api instances (PostgreSQL NOTIFY), and what a console
 * receives on /ws. Spec 7 (Live updates): an event list whose first item is the device id and second
 * its work_state, and a data object keyed `dashboard` holding `faulty_count`. We add `device` (a
 * heat pump's Wi-Fi state, by id and MAC address) and `fault` (the new fault). A frame is
 * `{ batch: [message, ...], at }`: the messages of one flush, `at` the time (ms) the oldest was raised.
 */
import type { DeviceKeys } from '../../policy/live-scope';

export type LiveEvent =
  | { kind: 'work_state'; at: number; device: DeviceKeys; work_state: number }
  | { kind: 'online'; at: number; device: DeviceKeys; mac_address: string | null; is_online: number }
  | { kind: 'fault'; at: number; device: DeviceKeys; fault_id: number; fault_code: string }
  /** A session ended (logout: 4401) or renewed its tokens (4000: reconnect with the new one). */
  | { kind: 'session'; at: number; session_id: string; code: 4000 | 4401 };

export type LiveMessage =
  | [number, number]
  | { device: { id: number; mac_address: string | null; is_online: number } }
  | { fault: { id: number; device_id: number; fault_code: string } }
  | { dashboard: { faulty_count: number } };

export interface LiveFrame {
  batch: LiveMessage[];
  at: number;
}

/** The console's message of a device event. */
export function messageOf(event: LiveEvent): LiveMessage | null {
  switch (event.kind) {
    case 'work_state':
      return [event.device.device_id, event.work_state];
    case 'online':
      return { device: { id: event.device.device_id, mac_address: event.mac_address, is_online: event.is_online } };
    case 'fault':
      return { fault: { id: event.fault_id, device_id: event.device.device_id, fault_code: event.fault_code } };
    case 'session':
      return null;
  }
}

/** The device keys of heat pumps, as the simulator and the fault writes read them. */
export const DEVICE_KEYS_SQL = `d.id::int AS device_id, d.agency_id::int AS agency_id, d.electrician_id::int AS electrician_id,
  d.customer_id::int AS customer_id, d.property_id::int AS property_id, d.site_id::int AS site_id, d.company_id::int AS company_id`;
