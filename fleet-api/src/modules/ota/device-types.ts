/**
 * The `deviceType` every firmware and OTA call carries, and what it means in SQL: firmware, rules,
 * groups and pushes are stored under the device type itself; the devices they act on are those of its
 * OTA line (`fleet_ota_line(product_line)`, see 0003_ota.sql): livelink and ihd_livelink share the
 * livelink devices, every other type is its own line.
 */
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db';
import { badRequest } from '../../server/errors';
import type { FilterRule } from '../../server/listing';
import { say } from '../../server/messages';

const DEVICE_TYPES = ['ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const DeviceTypeField = Type.Unsafe<DeviceType>({
  type: 'string',
  enum: [...DEVICE_TYPES],
  errorMessage: say('fields.oneOf', { field: 'deviceType', values: DEVICE_TYPES.join(', ') }),
  requiredMessage: say('fields.deviceTypeRequired'),
});

export function isDeviceType(value: unknown): value is DeviceType {
  return typeof value === 'string' && (DEVICE_TYPES as readonly string[]).includes(value);
}

/** The device line a type's rules, groups and pushes act on. */
export function otaLine(deviceType: DeviceType): string {
  return deviceType === 'ihd_livelink' ? 'livelink' : deviceType;
}

/** `^(\d{1,3}|\*)(\.(\d{1,3}|\*)){1,2}$`: 2 or 3 parts, each up to 3 digits or a star. */
const VERSION_PATTERN = '^(\\d{1,3}|\\*)(\\.(\\d{1,3}|\\*)){1,2}$';
const VERSION_RE = new RegExp(VERSION_PATTERN);
export const INVALID_VERSION = say('ota.versionInvalid');

export function isVersion(value: string): boolean {
  return VERSION_RE.test(value);
}

/** A version chosen in a rule or group select: required text of the version pattern. */
export function VersionField(label: string) {
  return Type.String({
    maxLength: 11,
    pattern: VERSION_PATTERN,
    errorMessage: INVALID_VERSION,
    requiredMessage: say('requests.fieldRequired', { field: label }),
  });
}

/** 400 "Unknown firmware version X" unless every given version is a firmware of the device type. */
export async function requireFirmwareVersions(db: Db, deviceType: DeviceType, versions: Array<string | null | undefined>): Promise<void> {
  const wanted = [...new Set(versions.filter((v): v is string => typeof v === 'string' && v !== ''))];
  if (wanted.length === 0) return;
  const { rows } = await db.query<{ version: string }>(
    'SELECT version FROM firmwares WHERE product_line = $1 AND version = ANY($2::text[])',
    [deviceType, wanted],
  );
  const known = new Set(rows.map((r) => r.version));
  const missing = wanted.find((v) => !known.has(v));
  if (missing !== undefined) throw badRequest(say('ota.versionUnknown', { version: missing }));
}

/** A filter value of a serial number or MAC address: letters and digits only (others ignored). */
export function alphanumeric(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '');
}

/**
 * A serial number or MAC address "contains" filter (trigram indexes serve it): letters and digits
 * only, upper-cased for MAC columns. A value that cleans to nothing ("--") matches nothing, never
 * everything (a bulk `all` with such a filter must not reach the whole line).
 */
/** The sort keys every device list has (the device list's and the OTA device list's, alike). */
export const DEVICE_SORTS = {
  created_at: 'd.created_at',
  id: 'd.id',
  serial_number: 'd.serial_number',
  mac_address: 'd.mac_address',
  firmware_version: 'fleet_version_key(d.firmware_version)',
};

export function identifierFilter(column: string, upper: boolean): FilterRule {
  return {
    kind: 'custom',
    build: (item, params) => {
      const raw = Array.isArray(item.value) ? item.value.join('') : String(item.value);
      let text = raw;
      try {
        text = decodeURIComponent(raw);
      } catch {
        // the console encodes; a stray % is just text
      }
      const clean = alphanumeric(text);
      if (clean === '') return 'false';
      // digits have no case: LIKE finds the same rows as ILIKE and checks each about 3x faster
      // (what a part matching most of a line costs to count); the trigram indexes serve both
      const op = /^\d+$/.test(clean) ? 'LIKE' : 'ILIKE';
      return `${column} ${op} ${params.add(`%${upper ? clean.toUpperCase() : clean}%`)}`;
    },
  };
}
