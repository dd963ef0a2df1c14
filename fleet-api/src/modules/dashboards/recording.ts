/**
 * What the customer's app sends that the dashboards count (the spec shows no app calls; these are ours,
 * beside the customers module's feedback call): the app reporting itself (platform, version, the
 * location permission the customer chose), and an auto sync of a device's monthly energy readings.
 * A sync is also an auto-sync event of the customer (customer_sync_events), as the Auto Sync history
 * shows it. The tallies follow by trigger (migrations 0018, 0019).
 */
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { scopeFor } from '../../policy/scope';
import { badRequest, notFound } from '../../server/errors';
import { SqlParams } from '../../server/sql';
import { Strict } from '../../server/schemas';
import { LOCATION_PREFERENCES } from './analysis';
import { say } from '../../server/messages';

export const AppEventBody = Strict({
  platform: Type.Unsafe<'android' | 'ios'>({ type: 'string', enum: ['android', 'ios'], errorMessage: say('readings.platformInvalid'), requiredMessage: say('readings.platformRequired') }),
  app_version: Type.String({ pattern: '^[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}$', errorMessage: say('readings.appVersionInvalid'), requiredMessage: say('readings.appVersionRequired') }),
  location_preference: Type.Optional(
    Type.Unsafe<(typeof LOCATION_PREFERENCES)[number]>({
      type: 'string',
      enum: [...LOCATION_PREFERENCES],
      errorMessage: say('readings.locationPreferenceInvalid', { values: LOCATION_PREFERENCES.join(', ') }),
    }),
  ),
});

/** The app as it reports itself now; a location preference not sent keeps the one before. */
export async function recordAppEvent(
  db: Db,
  customerId: number,
  event: { platform: 'android' | 'ios'; app_version: string; location_preference?: string },
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO customer_apps (customer_id, platform, app_version, location_preference, first_seen_at, last_seen_at)
     VALUES ($1, $2, $3, coalesce($4, 'not_asked'), $5, $5)
     ON CONFLICT (customer_id) DO UPDATE SET platform = EXCLUDED.platform, app_version = EXCLUDED.app_version,
       location_preference = coalesce($4, customer_apps.location_preference), last_seen_at = EXCLUDED.last_seen_at`,
    [customerId, event.platform, event.app_version, event.location_preference ?? null, now.toISOString()],
  );
}

const READINGS_MAX = 24;
export const ReadingsBody = Strict({
  device_id: Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: say('fields.deviceIdInvalid'), requiredMessage: say('readings.deviceIdRequired') }),
  readings: Type.Array(
    Strict({
      month: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', errorMessage: say('readings.monthInvalid') }),
      kwh: Type.Number({ minimum: 0, maximum: 999_999, errorMessage: say('readings.kwhInvalid') }),
    }),
    { minItems: 1, maxItems: READINGS_MAX, errorMessage: say('readings.countInvalid', { max: READINGS_MAX }) },
  ),
});

const NO_ENERGY_MESSAGE = say('readings.safelinkRefused');

/**
 * An auto sync: the months' energy of one of the caller's devices (its slice: own or member property),
 * each month replacing what was recorded for it. A month after this one, or before the device was
 * installed, is refused and nothing is kept. Recorded with the device's slice now.
 */
export async function recordReadings(
  db: Db,
  caller: Caller,
  body: { device_id: number; readings: Array<{ month: string; kwh: number }> },
  now: Date,
): Promise<{ months: number }> {
  if (caller.customerId === null) throw notFound(say('devices.notFound'));
  const params = new SqlParams();
  const { rows } = await db.query<{ product_line: string; installed: string | null }>(
    `SELECT d.product_line, to_char(date_trunc('month', coalesce(d.installation_date, (d.created_at AT TIME ZONE 'UTC')::date)), 'YYYY-MM') AS installed
       FROM devices d WHERE d.id = ${params.add(body.device_id)} AND (${scopeFor(caller).devices('d', params)})`,
    params.values,
  );
  const device = rows[0];
  if (!device) throw notFound(say('devices.notFound'));
  if (device.product_line === 'safelink') throw badRequest(NO_ENERGY_MESSAGE);
  const thisMonth = now.toISOString().slice(0, 7);
  const months = new Map<string, number>();
  for (const r of body.readings) {
    if (r.month > thisMonth) throw badRequest(say('readings.monthInFuture'));
    if (device.installed && r.month < device.installed) throw badRequest(say('readings.monthBeforeInstall'));
    months.set(r.month, r.kwh); // the last of a month sent twice counts
  }
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO device_readings (device_id, month, kwh, product_line, agency_id, electrician_id, company_id, site_id, recorded_at)
       SELECT d.id, (r.month || '-01')::date, r.kwh, d.product_line, coalesce(d.agency_id, 0), coalesce(d.electrician_id, 0),
              coalesce(d.company_id, 0), coalesce(d.site_id, 0), $4
         FROM devices d CROSS JOIN unnest($2::text[], $3::numeric[]) AS r(month, kwh) WHERE d.id = $1
       ON CONFLICT (device_id, month) DO UPDATE SET kwh = EXCLUDED.kwh, recorded_at = EXCLUDED.recorded_at`,
      [body.device_id, [...months.keys()], [...months.values()], now.toISOString()],
    );
    await tx.query(
      "INSERT INTO customer_sync_events (customer_id, sync_type, status, detail, created_at) VALUES ($1, 'auto_sync', 'success', $2, $3)",
      [caller.customerId, `Readings synced (${months.size} ${months.size === 1 ? 'month' : 'months'})`, now.toISOString()],
    );
  });
  return { months: months.size };
}
