/**
 * The network (NMS) dashboard calls of spec 7 (docs/heat-pump-calls.md): Admin's under `/api/nms`,
 * the others' under their NMS prefix (`/api/agency/nms`, `/api/mscc/nms`, `/api/sm/nms`). One set of
 * handlers; the caller's slice decides every figure.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import { callerOf } from '../../policy/access';
import { only, type UserType } from '../../policy/roles';
import type { ModuleOptions } from '../../server/context';
import { CountCache } from '../../server/count-cache';
import { ListInfoSchema, listQueryProperties } from '../../server/listing';
import { Envelope, signedInFailures, Strict } from '../../server/schemas';
import { LiveDeviceRow, liveDevices, MonthFaulty, monthFaulty, MonthOnlineOffline, monthOnlineOffline, NmsCounts, nmsCounts } from './dashboard';

function schema<T extends TSchema>(summary: string, info: T) {
  return { tags: ['Network dashboard'], summary, security: [{ bearer: [] }], response: { 200: Envelope(info), ...signedInFailures(400) } };
}

const DeviceType = Type.Optional(Type.Unsafe<'heat_pump'>({ type: 'string', enum: ['heat_pump'], errorMessage: 'deviceType must be heat_pump' }));
const YearQuery = Strict({ year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 3000, errorMessage: 'year must be a year' })), deviceType: DeviceType });

/** The NMS prefix of each dashboard role (spec 6). */
const PREFIXES: Array<[string, UserType]> = [
  ['/api/nms', 'Admin'],
  ['/api/agency/nms', 'Agency'],
  ['/api/mscc/nms', 'mscc'],
  ['/api/sm/nms', 'sm'],
];

export const nmsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const now = () => ctx.config.now();
  const counts = new CountCache('devices');
  for (const [prefix, role] of PREFIXES) {
    const access = only(role);
    app.get(
      `${prefix}/dashboard/counts`,
      { config: { access }, schema: { ...schema("Today's heat pumps of the slice: offline, online, total, faulty", NmsCounts), querystring: Strict({ deviceType: DeviceType }) } },
      async (request) => ({ status: true, message: 'Counts', info: await nmsCounts(db, callerOf(request)) }),
    );
    app.get(
      `${prefix}/dashboard/month-online-offline-device`,
      { config: { access }, schema: { ...schema('Online and offline heat pumps of each month of a year (recorded history)', Type.Array(MonthOnlineOffline)), querystring: YearQuery } },
      async (request) => ({ status: true, message: 'Month online/offline', info: await monthOnlineOffline(db, callerOf(request), request.query.year, now()) }),
    );
    app.get(
      `${prefix}/dashboard/month-faulty-device`,
      { config: { access }, schema: { ...schema('Faulty heat pumps of each month of a year (recorded history)', Type.Array(MonthFaulty)), querystring: YearQuery } },
      async (request) => ({ status: true, message: 'Month faulty', info: await monthFaulty(db, callerOf(request), request.query.year, now()) }),
    );
    app.get(
      `${prefix}/dashboard/ws/devices/all`,
      {
        config: { access },
        schema: { ...schema('The live device list: heat pumps of the slice with Wi-Fi, work state and fault code', ListInfoSchema(LiveDeviceRow)), querystring: Strict({ ...listQueryProperties, deviceType: DeviceType }) },
      },
      async (request) => {
        const { deviceType: _deviceType, ...query } = request.query;
        return { status: true, message: 'Devices', info: await liveDevices(db, callerOf(request), query, counts) };
      },
    );
  }
};
