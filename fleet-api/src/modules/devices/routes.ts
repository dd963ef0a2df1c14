/**
 * The devices module (docs/device-calls.md): every line but heat pump, for Admin, Agency, Electrician
 * and Customer. The paths are the spec's, under each role's prefix; the handlers are one set, the
 * caller's slice decides what is found. The spec's "separate device-data service" for safelink and
 * airlink is this server: one database, one policy layer.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../policy/access';
import type { ModuleOptions } from '../../server/context';
import { deviceExport } from './export';
import { flashesCsv } from './flashes';
import { listSmokeAlarms, smokeAlarmInfo, SmokeAlarmRow } from './smoke-alarms';
import { CountCache } from '../../server/count-cache';
import { listQueryProperties, ListInfoSchema } from '../../server/listing';
import { IdField, routeSchema, signedInFailures, Strict } from '../../server/schemas';
import { exportedList, exportListBody } from '../exports/jobs';
import { ExportInfo } from '../exports/routes';
import { only } from '../../policy/roles';
import { DeviceLineField, knownByMac, type DeviceLine } from './lines';
import { HeatPumpInfo, HeatPumpRow, heatPumpDetail, heatPumpRow } from './heat-pumps';
import {
  correctDevice,
  DeviceEventRow,
  deviceDetail,
  deviceEvents,
  DeviceInfo,
  DeviceRow,
  editDevice,
  IMPULSE_RATE_TYPES,
  INVALID_IMPULSE_RATE,
  installHistory,
  listDevices,
  RateChangeRow,
  rateHistory,
  type DeviceSubset,
} from './queries';
import { say } from '../../server/messages';
import { deviceTimelineRoutes } from './timeline';

const ADMIN = only('Admin');
const AGENCY = only('Agency');
const ELECTRICIAN = only('Electrician');
const CUSTOMER = only('Customer', 'User');
/** Reads of one device and its histories: every role that has devices (its slice decides). */
const DEVICE_READERS = only('Admin', 'Agency', 'Electrician', 'Customer', 'User');
/** Heat pumps are also the multi-site roles' devices (their sites' heat pumps). */
const HEAT_PUMP_READERS = only('Admin', 'Agency', 'Electrician', 'Customer', 'User', 'mscc', 'sm');

const schema = routeSchema('Devices');

const ListQueryWithLine = Strict({ ...listQueryProperties, deviceType: Type.Optional(DeviceLineField) });
const ListQueryOnly = Strict({ ...listQueryProperties });
const DeviceIdQuery = Strict({ ...listQueryProperties, device_id: IdField, deviceType: Type.Optional(DeviceLineField) });
const DeviceIdOnly = Strict({ device_id: IdField, deviceType: Type.Optional(DeviceLineField) });

const ImpulseRate = Type.Integer({ minimum: 0, maximum: 1_000_000, errorMessage: INVALID_IMPULSE_RATE, requiredMessage: say('devices.impulseRateRequired') });
const ImpulseRateType = Type.Unsafe<(typeof IMPULSE_RATE_TYPES)[number]>({
  type: 'string',
  enum: [...IMPULSE_RATE_TYPES],
  errorMessage: say('devices.impulseRateTypeRequired'),
  requiredMessage: say('devices.impulseRateTypeRequired'),
});
const SaveDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: say('fields.dateInvalid') });
const DeviceEditBody = Strict({
  impulse_rate: ImpulseRate,
  impulse_rate_type: ImpulseRateType,
  force_sync_date: Type.Optional(Type.Union([SaveDate, Type.Null()])),
  nmi: Type.Optional(Type.Union([Type.String({ maxLength: 11, pattern: '^\\s*[0-9A-Za-z]*\\s*$', errorMessage: say('devices.nmiInvalid') }), Type.Null()])),
});

export const deviceRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const now = () => ctx.config.now();
  // exact totals, recounted only after a write that can move them (server/count-cache.ts)
  const counts = new CountCache('devices');

  /** One list route: `line` fixed by the path, or the `deviceType` query (default `all`). */
  function list(url: string, access: ReturnType<typeof only>, summary: string, line?: DeviceLine, subset?: DeviceSubset) {
    app.get(
      url,
      { config: { access }, schema: { ...schema(summary, ListInfoSchema(DeviceRow), 400), querystring: line ? ListQueryOnly : ListQueryWithLine } },
      async (request) => {
        const query = request.query as Record<string, unknown> & { deviceType?: DeviceLine };
        const info = await listDevices(db, callerOf(request), line ?? query.deviceType ?? 'all', request.query, counts, subset);
        return { status: true, message: say('titles.devices'), info };
      },
    );
  }

  // Admin lists: every line, and one per line (spec: electricity advisor, livelink, safelink, airlink, Lighting).
  list('/api/device/all/devices', ADMIN, 'Devices of every line (or of deviceType)');
  list('/api/device/get/all', ADMIN, 'Electricity Advisor devices', 'ihd');
  list('/api/livelink/list', ADMIN, 'Livelink devices', 'livelink');
  list('/api/safelink', ADMIN, 'Safelink devices', 'safelink');
  list('/api/airlink/list', ADMIN, 'Airlink devices', 'airlink');
  list('/api/bulb/list', ADMIN, 'Lighting devices', 'bulb');
  // Other roles: their slice of every line, or of deviceType.
  list('/api/agency/devices/all', AGENCY, "The agency's devices");
  list('/api/agency/dataforce-devices', AGENCY, "The agency's devices at Victorian properties (Devices - VEU)", undefined, 'veu');
  list('/api/electrician/devices/all', ELECTRICIAN, 'Devices the electrician installed');
  list('/api/customer/devices', CUSTOMER, "The devices of the customer's properties");

  // One device: per line for Admin (`/api/bulb/info/{id}`), by id under each role's prefix.
  for (const line of ['livelink', 'safelink', 'airlink', 'bulb'] as const) {
    app.get(
      `/api/${line}/info/:id`,
      { config: { access: ADMIN }, schema: { ...schema(`One ${line} device`, DeviceInfo, 400, 404), params: Strict({ id: IdField }) } },
      async (request) => ({ status: true, message: say('titles.device'), info: await deviceDetail(db, callerOf(request), request.params.id, line) }),
    );
  }
  for (const [url, access] of [
    ['/api/device/get-info', ADMIN],
    ['/api/agency/device/get-info', AGENCY],
    ['/api/electrician/device/get-info', ELECTRICIAN],
    ['/api/customer/device/get-info', CUSTOMER],
  ] as const) {
    app.get(url, { config: { access }, schema: { ...schema('One device with its people and place', DeviceInfo, 400, 404), querystring: DeviceIdOnly } }, async (request) => ({
      status: true,
      message: say('titles.device'),
      info: await deviceDetail(db, callerOf(request), request.query.device_id, request.query.deviceType),
    }));
  }

  // Edit: the impulse rate (converted from Wh/imp by the console), the sync date, the NMI.
  const editSchema = (summary: string) => ({ ...schema(summary, null, 400, 404), body: DeviceEditBody });
  app.put('/api/device/edit/:id', { config: { access: ADMIN }, schema: { ...editSchema('Edit a device'), params: Strict({ id: IdField }) } }, async (request) => {
    await editDevice(db, callerOf(request), request.params.id, request.body, now());
    return { status: true, message: say('devices.updated') };
  });
  for (const [method, url, access] of [
    ['POST', '/api/agency/device/update', AGENCY],
    ['PUT', '/api/electrician/device/update', ELECTRICIAN],
  ] as const) {
    app.route({
      method,
      url,
      config: { access },
      schema: { ...schema('Edit a device of the slice', null, 400, 404), body: Strict({ id: IdField, ...DeviceEditBody.properties }), querystring: Strict({ deviceType: Type.Optional(DeviceLineField) }) },
      handler: async (request) => {
        const { id, ...edit } = request.body as { id: number } & Parameters<typeof editDevice>[3];
        await editDevice(db, callerOf(request), id, edit, now());
        return { status: true, message: say('devices.updated') };
      },
    });
  }

  app.put(
    '/api/device/correction/:id',
    {
      config: { access: ADMIN },
      schema: {
        ...schema('Correct the rate of a past period', null, 400, 404),
        params: Strict({ id: IdField }),
        body: Strict({
          device_data: Strict({ start_date: SaveDate, end_date: SaveDate, rate: ImpulseRate, type: ImpulseRateType }),
          update: Type.Unsafe<'impulseRate' | 'tariffRate' | 'both'>({ type: 'string', enum: ['impulseRate', 'tariffRate', 'both'], errorMessage: say('devices.nothingToUpdate') }),
          // the spec leaves tariff_data open; its unit_charge ($/kWh) prices the period's energy
          tariff_data: Type.Optional(
            Type.Object(
              { unit_charge: Type.Optional(Type.Number({ minimum: 0, maximum: 100, errorMessage: say('devices.unitChargeInvalid') })) },
              { additionalProperties: true },
            ),
          ),
        }),
      },
    },
    async (request) => {
      const { device_data: d, update, tariff_data } = request.body;
      await correctDevice(db, callerOf(request), request.params.id, { ...d, update, unit_charge: tariff_data?.unit_charge }, now());
      return { status: true, message: say('devices.corrected') };
    },
  );

  // Histories of one device (its slice decides; 404 outside it). The firmware history is the OTA
  // module's GET /api/device/ota-history (Admin).
  app.get('/api/device/impulse-rate', { config: { access: DEVICE_READERS }, schema: { ...schema('Impulse-rate history', ListInfoSchema(RateChangeRow), 400, 404), querystring: DeviceIdQuery } }, async (request) => ({
    status: true,
    message: say('titles.impulseRateHistory'),
    info: await rateHistory(db, callerOf(request), request.query.device_id, 'impulse', request.query),
  }));
  app.get('/api/device/update-rate', { config: { access: DEVICE_READERS }, schema: { ...schema('Update-rate history (corrections)', ListInfoSchema(RateChangeRow), 400, 404), querystring: DeviceIdQuery } }, async (request) => ({
    status: true,
    message: say('titles.updateRateHistory'),
    info: await rateHistory(db, callerOf(request), request.query.device_id, 'update', request.query),
  }));
  app.get('/api/device/history', { config: { access: DEVICE_READERS }, schema: { ...schema('Device history (installs, replacements, removals)', ListInfoSchema(DeviceEventRow), 400, 404), querystring: DeviceIdQuery } }, async (request) => ({
    status: true,
    message: say('titles.deviceHistory'),
    info: await deviceEvents(db, callerOf(request), request.query.device_id, request.query),
  }));
  const InstallQuery = Strict({
    ...listQueryProperties,
    serial_number: Type.Optional(Type.String({ maxLength: 64 })),
    mac_address: Type.Optional(Type.String({ maxLength: 64 })),
    deviceType: Type.Optional(DeviceLineField),
  });
  for (const url of ['/api/device/install-history', '/api/bulb/install-history', '/api/safelink/install-history', '/api/livelink/install-history', '/api/airlink/install-history']) {
    app.get(url, { config: { access: DEVICE_READERS }, schema: { ...schema('Install history of a serial number or MAC address', ListInfoSchema(DeviceEventRow), 400), querystring: InstallQuery } }, async (request) => {
      const q = request.query;
      const byMac = q.mac_address !== undefined || (q.serial_number === undefined && knownByMac(q.deviceType ?? 'all'));
      const info = await installHistory(db, callerOf(request), byMac ? 'mac_address' : 'serial_number', (byMac ? q.mac_address : q.serial_number) ?? '', q);
      return { status: true, message: say('titles.installHistory'), info };
    });
  }

  // Heat pumps (the NMS remote's screens, this module's list, detail and export engine): one list for
  // every role that has heat pumps, its slice deciding the rows (spec: GET /api/heat-pump/list).
  app.get(
    '/api/heat-pump/list',
    { config: { access: HEAT_PUMP_READERS }, schema: { ...schema('Heat-pump devices of the slice', ListInfoSchema(HeatPumpRow), 400), querystring: ListQueryOnly } },
    async (request) => {
      const info = await listDevices(db, callerOf(request), 'heat_pump', request.query, counts);
      return { status: true, message: say('titles.heatPumps'), info: { ...info, data: info.data.map(heatPumpRow) } };
    },
  );
  app.get(
    '/api/heat-pump/info/:id',
    { config: { access: HEAT_PUMP_READERS }, schema: { ...schema('One heat pump with its model, state and open faults', HeatPumpInfo, 400, 404), params: Strict({ id: IdField }) } },
    async (request) => ({ status: true, message: say('titles.heatPump'), info: await heatPumpDetail(db, callerOf(request), request.params.id) }),
  );
  app.get(
    '/api/heat-pump/install-history',
    {
      config: { access: HEAT_PUMP_READERS },
      schema: { ...schema('Install history of a heat pump by MAC address or serial number', ListInfoSchema(DeviceEventRow), 400), querystring: InstallQuery },
    },
    async (request) => {
      const q = request.query;
      const byMac = q.mac_address !== undefined;
      const info = await installHistory(db, callerOf(request), byMac ? 'mac_address' : 'serial_number', (byMac ? q.mac_address : q.serial_number) ?? '', q, true);
      return { status: true, message: say('titles.installHistory'), info };
    },
  );

  await app.register(deviceTimelineRoutes, { ctx });

  // Smoke alarms of safelink hubs (smoke-alarms.ts): every one (Admin), one hub's (its slice), one alarm.
  app.get(
    '/api/safelink/smokealarm/list',
    { config: { access: ADMIN }, schema: { ...schema('Smoke alarms of every safelink hub', ListInfoSchema(SmokeAlarmRow), 400), querystring: ListQueryOnly } },
    async (request) => ({ status: true, message: say('titles.smokeAlarms'), info: await listSmokeAlarms(db, callerOf(request), request.query, undefined, counts) }),
  );
  app.get(
    '/api/safelink/smokealarm/info/:id',
    { config: { access: DEVICE_READERS }, schema: { ...schema('One smoke alarm', SmokeAlarmRow, 400, 404), params: Strict({ id: IdField }) } },
    async (request) => ({ status: true, message: say('titles.smokeAlarm'), info: await smokeAlarmInfo(db, callerOf(request), request.params.id) }),
  );
  app.get(
    '/api/safelink/smokealarm/:id',
    {
      config: { access: DEVICE_READERS },
      schema: { ...schema('Smoke alarms of one safelink hub', ListInfoSchema(SmokeAlarmRow), 400, 404), params: Strict({ id: IdField }), querystring: ListQueryOnly },
    },
    async (request) => ({ status: true, message: say('titles.smokeAlarms'), info: await listSmokeAlarms(db, callerOf(request), request.query, request.params.id) }),
  );

  // The flashes CSV of one metering device over a period (flashes.ts); a refusal is JSON with its message.
  app.get(
    '/api/device/flashes-csv',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['Devices'],
        summary: "Half-hourly meter flashes of one device over a period, with energy and cost (CSV)",
        security: [{ bearer: [] }],
        querystring: Strict({ device_id: IdField, start_date: SaveDate, end_date: SaveDate }),
        response: { 200: Type.String({ description: 'The CSV' }), ...signedInFailures(400, 404) },
      },
    },
    async (request, reply) => {
      const { device_id, start_date, end_date } = request.query;
      const { fileName, csv } = await flashesCsv(db, callerOf(request), device_id, start_date, end_date);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );

  // CSV export of a whole filtered list: a server job with progress and a signed link (modules/exports).
  const jobs = ctx.exports;
  const exportBody = { ...exportListBody, deviceType: Type.Optional(DeviceLineField) };
  app.post(
    '/api/device/export',
    { config: { access: ADMIN }, schema: { ...schema('Export the filtered device list as CSV (a job)', ExportInfo, 400, 409), body: Strict(exportBody) } },
    async (request) => ({
      status: true,
      message: say('exports.started'),
      info: await jobs.start(callerOf(request), deviceExport(callerOf(request), request.body.deviceType ?? 'all', exportedList(request.body))),
    }),
  );
  for (const [url, access] of [
    ['/api/agency/devices/download-csv', AGENCY],
    ['/api/electrician/devices/download-csv', ELECTRICIAN],
  ] as const) {
    app.post(
      url,
      {
        config: { access },
        schema: {
          ...schema('Export the devices of the slice as CSV (a job)', ExportInfo, 400, 409),
          body: Strict({
            ...exportBody,
            csvtype: Type.Optional(Type.String({ maxLength: 40 })),
            all: Type.Optional(Type.Boolean()),
            device_uid: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 10_000 })),
            group: Type.Optional(Type.String({ maxLength: 40 })),
          }),
        },
      },
      async (request) => {
        const body = request.body;
        const uids = body.all === false ? (body.device_uid ?? []) : undefined;
        // group=veu: the agency's Devices - VEU list (the spec's group names the list the file is of)
        const subset = url.startsWith('/api/agency/') && body.group === 'veu' ? 'veu' : undefined;
        return { status: true, message: say('exports.started'), info: await jobs.start(callerOf(request), deviceExport(callerOf(request), body.deviceType ?? 'all', exportedList(body), uids, subset)) };
      },
    );
  }
  app.post(
    '/api/heat-pump/export',
    {
      config: { access: HEAT_PUMP_READERS },
      schema: { ...schema('Export the filtered heat-pump list as CSV (a job)', ExportInfo, 400, 409), body: Strict(exportListBody) },
    },
    async (request) => ({
      status: true,
      message: say('exports.started'),
      info: await jobs.start(callerOf(request), deviceExport(callerOf(request), 'heat_pump', exportedList(request.body))),
    }),
  );
};
