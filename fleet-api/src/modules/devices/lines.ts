/**
 * Which devices a list shows. The console's product keys name lines (electricity-advisor is ihd,
 * spec 1); livelink lists livelink displays and the IHDs paired with them (as OTA does); `all` is
 * every line of this module. Heat pumps are the NMS remote's (issue 10), not listed here.
 */
import { Type } from '@sinclair/typebox';
import { say } from '../../server/messages';

const DEVICE_LINES = ['ihd', 'livelink', 'safelink', 'airlink', 'bulb', 'all'] as const;
export type DeviceLine = (typeof DEVICE_LINES)[number];

export const DeviceLineField = Type.Unsafe<DeviceLine>({
  type: 'string',
  enum: [...DEVICE_LINES],
  errorMessage: say('fields.oneOf', { field: 'deviceType', values: DEVICE_LINES.join(', ') }),
});

/** A line the list engine serves: this module's, or heat pumps for the NMS module (modules/heat-pump). */
export type ListedLine = DeviceLine | 'heat_pump';

/** The product_line values of a line. */
export function productLines(line: ListedLine): string[] {
  switch (line) {
    case 'ihd':
      return ['ihd'];
    case 'livelink':
      return ['livelink', 'ihd_livelink'];
    case 'all':
      return ['ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb'];
    default:
      return [line];
  }
}

/**
 * A device's product as the console names it (shared-api's productOfDeviceType and productLabel, spelled
 * the same): ihd is Electricity Advisor, an IHD paired with a livelink is listed with Livelink.
 */
const PRODUCT_NAMES: Readonly<Record<string, string>> = {
  ihd: 'Electricity Advisor',
  ihd_livelink: 'Livelink',
  livelink: 'Livelink',
  safelink: 'Safelink',
  airlink: 'Airlink',
  bulb: 'Lighting',
  heat_pump: 'Heat Pump',
};

/** SQL of the product name of a `product_line` column (trusted SQL in, a type the map lacks as it is). */
export function productNameSql(column: string): string {
  const cases = Object.entries(PRODUCT_NAMES).map(([line, name]) => `WHEN '${line}' THEN '${name}'`);
  return `(CASE ${column} ${cases.join(' ')} ELSE ${column} END)`;
}

/** bulb and safelink devices are known by their MAC address, the others by serial number. */
export function knownByMac(line: DeviceLine): boolean {
  return line === 'bulb' || line === 'safelink';
}
