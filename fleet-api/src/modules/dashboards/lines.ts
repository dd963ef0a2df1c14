/**
 * Which devices a dashboard figure counts: `deviceType` is a line of the device lists (`all` is every
 * line but heat pump, as the All Devices list; livelink includes the displays paired with it) or
 * `heat_pump` (the month-device-heat_pump call, and the multi-site roles' own fleet).
 */
import { Type } from '@sinclair/typebox';
import { productLines, type ListedLine } from '../devices/lines';
import type { SqlParams } from '../../server/sql';
import { say } from '../../server/messages';

const DASHBOARD_LINES = ['all', 'ihd', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump'] as const;
export type DashboardLine = (typeof DASHBOARD_LINES)[number] & ListedLine;

export const DashboardLineField = Type.Unsafe<DashboardLine>({
  type: 'string',
  enum: [...DASHBOARD_LINES],
  errorMessage: say('fields.oneOf', { field: 'deviceType', values: DASHBOARD_LINES.join(', ') }),
});

/** The bits of fleet_line_bit (migration 0018) of each product line. */
const LINE_BITS: Record<string, number> = { ihd: 1, ihd_livelink: 2, livelink: 4, safelink: 8, airlink: 16, bulb: 32, heat_pump: 64 };

/** The bit mask of a dashboard line (a customer "uses" it when `lines & mask <> 0`). */
export function lineMask(line: DashboardLine): number {
  return productLines(line).reduce((mask, l) => mask | (LINE_BITS[l] ?? 0), 0);
}

/** `alias.product_line` is one of the line's product lines. */
export function lineSql(line: DashboardLine, alias: string, params: SqlParams): string {
  return `${alias}.product_line = ANY(${params.add(productLines(line))}::text[])`;
}

/** The console's line of a product line (the displays paired with a livelink are livelink's). */
export function lineKey(productLine: string): string {
  return productLine === 'ihd_livelink' ? 'livelink' : productLine;
}

/** The lines the device dashboards chart one by one, in the console's order. */
export const CHARTED_LINES = ['ihd', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump'] as const;
