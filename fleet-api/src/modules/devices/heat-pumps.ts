/**
 * Heat pumps through the device list engine (spec: Heat-pump devices list): the same rows, filters,
 * slice and cached totals as every line, with the names the heat-pump screens read (`soft_version`,
 * `agent_name`), and one heat pump with its model, operation status and open faults.
 */
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { deviceDetail, DeviceInfo, DeviceRow, type DeviceDetail, type DeviceListRow } from './queries';
import { NullableInt, NullableText } from '../../server/schemas';

export const HeatPumpRow = Type.Object({
  ...DeviceRow.properties,
  soft_version: NullableText,
  agent_name: NullableText,
});

export type HeatPumpListRow = DeviceListRow & { soft_version: string | null; agent_name: string | null };

export function heatPumpRow<T extends DeviceListRow>(row: T): T & HeatPumpListRow {
  const agent = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return { ...row, soft_version: row.firmware_version, agent_name: agent === '' ? null : agent };
}

export const HeatPumpInfo = Type.Object({
  ...DeviceInfo.properties,
  soft_version: NullableText,
  agent_name: NullableText,
  model_name: NullableText,
  device_operation_status: NullableInt,
  open_faults: Type.Integer(),
  site_name: NullableText,
  company_name: NullableText,
});

/** One heat pump of the caller's slice, or 404 (another line's id is not a heat pump). */
export async function heatPumpDetail(db: Db, caller: Caller, id: number) {
  const device: DeviceDetail = await deviceDetail(db, caller, id, 'heat_pump');
  const { rows } = await db.query<{
    model_name: string | null;
    device_operation_status: number | null;
    open_faults: number;
    site_name: string | null;
    company_name: string | null;
  }>(
    `SELECT m.model_name, d.device_operation_status::int AS device_operation_status,
            (SELECT count(*)::int FROM faults f WHERE f.device_id = d.id AND f.fault_status = 0) AS open_faults,
            s.site_name, c.company_name
       FROM devices d
       LEFT JOIN heat_pump_models m ON m.id = d.heat_pump_model_id
       LEFT JOIN sites s ON s.id = d.site_id
       LEFT JOIN multi_site_companies c ON c.id = d.company_id
      WHERE d.id = $1`,
    [device.id],
  );
  const extra = rows[0] ?? { model_name: null, device_operation_status: null, open_faults: 0, site_name: null, company_name: null };
  return { ...device, ...heatPumpRow(device), ...extra };
}
