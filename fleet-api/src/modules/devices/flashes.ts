/**
 * The flashes CSV of one metering device (GET /api/device/flashes-csv): its half-hourly meter
 * flashes over a period, with the energy and cost they mean. Energy is flashes divided by the impulse
 * rate in effect (a correction of the update-rate history covering the day, else the device's rate);
 * the unit charge is a tariff correction's, else the property's flat rate. Times are local to the
 * property's state.
 */
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { badRequest, notFound } from '../../server/errors';
import { csvField } from './export';
import { checkSaveDate, deviceDetail } from './queries';
import { say } from '../../server/messages';

/** A period longer than this is refused: a quarter of half hours is 4,416 rows. */
export const MAX_FLASH_DAYS = 92;
const METERING_LINES = ['ihd', 'ihd_livelink', 'livelink'];

/** IANA zone of an Australian state (the demo fleet's); Sydney otherwise. */
const ZONE_SQL = `CASE p.state WHEN 'QLD' THEN 'Australia/Brisbane' WHEN 'SA' THEN 'Australia/Adelaide'
  WHEN 'NT' THEN 'Australia/Darwin' WHEN 'WA' THEN 'Australia/Perth' WHEN 'TAS' THEN 'Australia/Hobart'
  WHEN 'VIC' THEN 'Australia/Melbourne' ELSE 'Australia/Sydney' END`;

export const FLASHES_HEADER = ['Date Time', 'Flashes', 'Impulse Rate (imp/kWh)', 'Energy (kWh)', 'Unit Charge ($/kWh)', 'Cost ($)'];

interface FlashRow {
  local_time: string;
  flashes: number;
  rate: number | null;
  unit_charge: string | null;
}

const dayMs = 86_400_000;
const shown = (isoDay: string) => isoDay.split('-').reverse().join('-');

export async function flashesCsv(db: Db, caller: Caller, deviceId: number, startDate: string, endDate: string): Promise<{ fileName: string; csv: string }> {
  const start = checkSaveDate(startDate, 'start_date');
  const end = checkSaveDate(endDate, 'end_date');
  if (end < start) throw badRequest(say('fields.endBeforeStart'));
  if ((Date.parse(end) - Date.parse(start)) / dayMs + 1 > MAX_FLASH_DAYS) throw badRequest(say('devices.flashPeriodTooLong', { days: MAX_FLASH_DAYS }));
  const device = await deviceDetail(db, caller, deviceId); // 404 outside the slice
  if (!METERING_LINES.includes(device.product_line)) throw badRequest(say('devices.noFlashCounter'));

  const { rows } = await db.query<FlashRow>(
    `WITH dev AS (
       SELECT d.id, d.impulse_rate, d.property_id, ${ZONE_SQL} AS zone
       FROM devices d LEFT JOIN properties p ON p.id = d.property_id WHERE d.id = $1
     ), flat AS (
       SELECT t.unit_charge FROM customer_tariff_details t, dev
       WHERE t.property_id = dev.property_id AND t.is_flat_rate AND t.unit_charge > 0
       ORDER BY t.created_at DESC, t.id DESC LIMIT 1
     )
     SELECT to_char(f.read_at AT TIME ZONE dev.zone, 'YYYY-MM-DD HH24:MI') AS local_time, f.flashes,
            coalesce(
              (SELECT c.impulse_rate FROM device_rate_changes c
                WHERE c.device_id = dev.id AND c.kind = 'update' AND c.update_section IN ('impulseRate', 'both')
                  AND (f.read_at AT TIME ZONE dev.zone)::date BETWEEN c.start_date AND c.end_date
                ORDER BY c.created_at DESC, c.id DESC LIMIT 1),
              dev.impulse_rate) AS rate,
            coalesce(
              (SELECT c.unit_charge FROM device_rate_changes c
                WHERE c.device_id = dev.id AND c.kind = 'update' AND c.update_section IN ('tariffRate', 'both')
                  AND (f.read_at AT TIME ZONE dev.zone)::date BETWEEN c.start_date AND c.end_date
                ORDER BY c.created_at DESC, c.id DESC LIMIT 1),
              (SELECT unit_charge FROM flat))::text AS unit_charge
     FROM dev JOIN device_flashes f ON f.device_id = dev.id
     WHERE f.read_at >= ($2::date::timestamp AT TIME ZONE dev.zone)
       AND f.read_at < (($3::date + 1)::timestamp AT TIME ZONE dev.zone)
     ORDER BY f.read_at`,
    [deviceId, start, end],
  );
  if (rows.length === 0) throw notFound(say('devices.noFlashes', { start: shown(start), end: shown(end) }));

  const lines = [FLASHES_HEADER.join(',')];
  for (const r of rows) {
    const kwh = r.rate ? r.flashes / r.rate : null;
    const charge = r.unit_charge === null ? null : Number(r.unit_charge);
    lines.push(
      [r.local_time, r.flashes, r.rate ?? '', kwh === null ? '' : kwh.toFixed(3), charge === null ? '' : charge.toFixed(4), kwh === null || charge === null ? '' : (kwh * charge).toFixed(2)]
        .map(csvField)
        .join(','),
    );
  }
  const name = (device.serial_number || String(device.id)).replace(/[^A-Za-z0-9]/g, '');
  return { fileName: `Flashes-${name}-${start}-${end}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}
