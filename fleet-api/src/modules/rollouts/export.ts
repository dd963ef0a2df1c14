/**
 * A rollout's devices as a CSV export job (issue 22, docs/rollouts.md): the rollout device list's
 * rows with its filters and sort, written by the export jobs service (modules/exports/jobs.ts) like
 * every other list export. Admin only, per device type, as every rollout call.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../policy/access';
import type { ModuleOptions } from '../../server/context';
import { notFound } from '../../server/errors';
import { buildListing, filterBy, filteringItems, multiValues, type Listing, type ListQuery, type ListSpec } from '../../server/listing';
import { say } from '../../server/messages';
import { IdField } from '../../server/schemas';
import { ISO, SqlParams } from '../../server/sql';
import { exportedList, exportListBody, ExportInfo, type CsvExport } from '../exports/jobs';
import { adminOfType } from '../ota/common';
import { otaProductLines } from '../ota/availability';
import { identifierFilter, type DeviceType } from '../ota/device-types';
import { rolloutRow, type RolloutRow } from './model';

/**
 * The rollout device list: its sorts and filters (GET /api/ota/rollout/devices's keys) and its rows,
 * `rd` the rollout's devices and `d` the device; GET /api/ota/rollout/devices reads it too, so the list
 * and its export cannot drift apart. Every sort reads the rollout's row: serial, MAC and firmware
 * version (its fleet_version_key) from the copies of its device's values that the row keeps (0047), so that each sort is one
 * index of rollout_devices; the filters read the device.
 */
export const ROLLOUT_DEVICE_LIST: ListSpec = {
  sortable: {
    position: 'rd.position',
    serial_number: 'rd.serial_number',
    mac_address: 'rd.mac_address',
    state: 'rd.state',
    wave: 'rd.wave',
    failures: 'rd.failures',
    dispatched_at: 'rd.dispatched_at',
    finished_at: 'rd.finished_at',
    firmware_version: 'rd.firmware_version_key',
  },
  defaultSort: 'position',
  filters: {
    serial_number: identifierFilter('d.serial_number', false),
    mac_address: identifierFilter('d.mac_address', true),
    state: { kind: 'custom', build: (item, params) => stateCondition(multiValues(item), params) },
    wave: { kind: 'custom', build: (item, params) => `rd.wave = ${params.add(Number(item.value) - 1)}` },
    firmware_version: filterBy.exact('d.firmware_version'),
    from_version: filterBy.exact('rd.from_version'),
  },
};

/** The filters read from the rollout's own row (`rd`) only; a filter not named here reads the device. */
const ROW_FILTERS = new Set(['state', 'wave', 'from_version']);

/** Whether `query` filters by the rollout's own columns only (every sort does), so a page can be found without the devices. */
export const readsRolloutRowsOnly = (query: ListQuery): boolean =>
  filteringItems(query.filter, ROLLOUT_DEVICE_LIST).every((item) => ROW_FILTERS.has(item.key));

/**
 * What breaks ties in every sort: the rollout's order (position, unique in a rollout), so each sort
 * is one index range of (rollout, column, position) (0042, 0047).
 */
export const ROLLOUT_TIE_BREAKER = 'rd.position';

/** The list's (and its export's) listing of `query`, a bad filter or sort a 400. */
export function rolloutDeviceListing(query: ListQuery, params: SqlParams, spec: ListSpec = ROLLOUT_DEVICE_LIST): Listing {
  return buildListing(query, spec, params, ROLLOUT_TIE_BREAKER);
}

/**
 * One state is an equality, so the (rollout, state, position) index gives the page in order (0034);
 * `= ANY` of one value scanned the rollout's order instead. Only blanks match nothing, never everything.
 */
function stateCondition(states: string[], params: SqlParams): string {
  if (states.length === 0) return 'false';
  return states.length === 1 ? `rd.state = ${params.add(states[0])}` : `rd.state = ANY(${params.add(states)}::text[])`;
}

/**
 * The FROM of one rollout's devices, the list's and the export's. The rollout is part of the join, not
 * only of the WHERE: the export's PGlite ranges look rows up by `rd.device_id` alone, which is unique
 * only inside a rollout. Its devices are all of its OTA line (plan.ts chooses them by lineCondition);
 * saying so lets a sort by serial read the (product_line, serial_number) index instead of sorting every
 * row, which needs an equality: a line of one product line says `=`, livelink's two `IN`.
 */
export function devicesOf(r: Pick<RolloutRow, 'id' | 'product_line'>): string {
  // product_line is the add's deviceType. Literals, not params: the export reads this FROM in a lateral
  // join that takes no params, and the lines are otaProductLines' fixed names, never input.
  const lines = otaProductLines(r.product_line as DeviceType).map((l) => `'${l}'`);
  const line = lines.length === 1 ? `= ${lines[0]}` : `IN (${lines.join(', ')})`;
  return `rollout_devices rd JOIN devices d ON d.id = rd.device_id AND rd.rollout_id = ${Math.trunc(r.id)} AND d.product_line ${line}`;
}

/** Why a device failed, in words: the only record of it is its state, its last job and what it runs. */
const FAILURE_REASON = `CASE rd.state
  WHEN 'timed_out' THEN 'No report within the timeout'
  WHEN 'failed' THEN CASE WHEN j.state = 'installed' THEN 'Did not come back on the target version' ELSE 'Install failed' END
  END`;

/** The export of a rollout's devices with the list's filters and sort (a bad filter or sort is a 400 here). */
export function rolloutDeviceExport(r: Pick<RolloutRow, 'id' | 'product_line'>, query: ListQuery): CsvExport {
  const params = new SqlParams();
  const listing = rolloutDeviceListing(query, params);
  // companies and sites: the line that has them (heat pumps of multi-site companies)
  const sited = r.product_line === 'heat_pump';
  return {
    kind: 'rollout_devices',
    from: `${devicesOf(r)} LEFT JOIN ota_jobs j ON j.id = rd.job_id${
      sited ? ' LEFT JOIN multi_site_companies mc ON mc.id = d.company_id LEFT JOIN sites s ON s.id = d.site_id' : ''
    }`,
    idColumn: 'rd.device_id',
    orderBy: listing.orderBy,
    columns: [
      ['Serial Number', 'fleet_csv_safe(d.serial_number)'],
      ['MAC Address', 'fleet_csv_safe(d.mac_address)'],
      ...(sited
        ? ([
            ['Company', 'fleet_csv_safe(mc.company_name)'],
            ['Site', 'fleet_csv_safe(s.site_name)'],
          ] as Array<[string, string]>)
        : []),
      ['From Version', 'rd.from_version'],
      ['Wave', 'rd.wave + 1'],
      ['State', 'rd.state'],
      ['Attempts', 'rd.failures'],
      ['Last Change', ISO('coalesce(rd.finished_at, rd.dispatched_at)')],
      ['Failure Reason', FAILURE_REASON],
    ],
    conditions: listing.conditions,
    values: params.values,
  };
}

const rollouts = adminOfType('OTA rollouts');

export const rolloutExportRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  app.post(
    '/api/ota/rollout/devices/export',
    rollouts.body("Export a rollout's devices, filtered and sorted as the list, as CSV (a job)", ExportInfo, { rollout_id: IdField, ...exportListBody }, 400, 404, 409),
    async (request) => {
      const body = request.body;
      const r = await rolloutRow(ctx.db, body.rollout_id, body.deviceType);
      if (!r) throw notFound(say('rollouts.notFound'));
      const info = await ctx.exports.start(callerOf(request), rolloutDeviceExport(r, exportedList(body)));
      return { status: true, message: say('exports.started'), info };
    },
  );
};
