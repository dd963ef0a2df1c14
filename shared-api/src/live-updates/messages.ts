// The messages of fleet-api's live socket (fleet-api/src/modules/live/events.ts), read safely: spec 7
// names the work-state pair [device_id, work_state] and {dashboard: {faulty_count}}; fleet-api adds a
// heat pump's Wi-Fi state and the new fault itself.

export type LiveMessage =
  | { kind: 'work_state'; deviceId: number; workState: number }
  | { kind: 'online'; deviceId: number; macAddress: string | null; isOnline: number }
  | { kind: 'fault'; faultId: number; deviceId: number; faultCode: string }
  | { kind: 'dashboard'; faultyCount: number };

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The message, or null for anything else (a newer server's kinds are ignored, never guessed at). */
export function parseLiveMessage(message: unknown): LiveMessage | null {
  if (Array.isArray(message)) {
    const [deviceId, workState] = message as unknown[];
    return message.length === 2 && isInt(deviceId) && isInt(workState) ? { kind: 'work_state', deviceId, workState } : null;
  }
  if (!isObject(message)) return null;
  const { device, fault, dashboard } = message;
  if (isObject(device) && isInt(device.id) && isInt(device.is_online)) {
    return { kind: 'online', deviceId: device.id, macAddress: typeof device.mac_address === 'string' ? device.mac_address : null, isOnline: device.is_online };
  }
  if (isObject(fault) && isInt(fault.id) && isInt(fault.device_id) && typeof fault.fault_code === 'string') {
    return { kind: 'fault', faultId: fault.id, deviceId: fault.device_id, faultCode: fault.fault_code };
  }
  if (isObject(dashboard) && isInt(dashboard.faulty_count)) return { kind: 'dashboard', faultyCount: dashboard.faulty_count };
  return null;
}
