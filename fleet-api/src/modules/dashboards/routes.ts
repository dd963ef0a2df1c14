/**
 * The device dashboards and the analysis page (spec 7, Dashboards and Analysis; docs/dashboard-calls.md).
 * Admin's calls are `/api/dashboard/...`; each role's are under its lower-cased name (spec 6: "dashboard
 * calls use the lower-cased role name as path prefix"): `/api/agency/dashboard/...`,
 * `/api/electrician/dashboard/...`, `/api/mscc/dashboard/...`, `/api/sm/dashboard/...`. One set of
 * handlers: the caller's slice decides every figure. Analysis is Admin's (`/api/analysis/...`). The NMS
 * dashboard calls are the nms module's.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import { callerOf } from '../../policy/access';
import { only, type UserType } from '../../policy/roles';
import type { ModuleOptions } from '../../server/context';
import { CountCache } from '../../server/count-cache';
import { notFound } from '../../server/errors';
import { ListInfoSchema, listQueryProperties } from '../../server/listing';
import { routeSchema, Strict } from '../../server/schemas';
import { DeviceRow } from '../devices/queries';
import {
  appVersions,
  AppVersionRow,
  BatteryAnalysis,
  batteryAnalysis,
  DeviceUsersAnalysis,
  deviceUsersAnalysis,
  LocationAnalysis,
  locationAnalysis,
  SwitchUsers,
  switchUsers,
  SyncMonths,
  syncMonths,
  UnsubscribedAnalysis,
  unsubscribedAnalysis,
  UsersAnalysis,
  usersAnalysis,
} from './analysis';
import { AverageConsumptionMonth, ConsumptionMonth, ConsumptionOverview, consumptionOverview, monthlyAverageConsumption, monthlyConsumption } from './consumption';
import { DeviceGraphMonth, deviceGraph, DeviceOverview, deviceOverview, DeviceStatusField, monthDevices, UserCountAndVersion, userCountAndVersion } from './devices';
import { DashboardLineField, type DashboardLine } from './lines';
import { AppEventBody, recordAppEvent, recordReadings, ReadingsBody } from './recording';
import { say } from '../../server/messages';

/** Dashboards answer 400 for a bad year or line and 404 for an unknown one. */
const schema = <T extends TSchema>(tag: string, summary: string, info: T) => routeSchema(tag)(summary, info, 400, 404);

/** Each dashboard role's prefix (spec 6, 7). */
const DASHBOARD_PREFIXES: ReadonlyArray<readonly [string, UserType]> = [
  ['/api/dashboard', 'Admin'],
  ['/api/agency/dashboard', 'Agency'],
  ['/api/electrician/dashboard', 'Electrician'],
  ['/api/mscc/dashboard', 'mscc'],
  ['/api/sm/dashboard', 'sm'],
];

/** The month-device family (spec 7): the plain call takes deviceType, the others name their line. */
const MONTH_DEVICE_CALLS: ReadonlyArray<readonly [string, DashboardLine | null]> = [
  ['month-device', null],
  ['month-device-livelink', 'livelink'],
  ['month-device-safelink', 'safelink'],
  ['month-device-airlink', 'airlink'],
  ['month-device-bulb', 'bulb'],
  ['month-device-heat_pump', 'heat_pump'],
];

const Year = Type.Optional(Type.Integer({ minimum: 2000, maximum: 3000, errorMessage: say('fields.yearInvalid') }));
const Line = Type.Optional(DashboardLineField);
const LineQuery = Strict({ deviceType: Line });
const YearLineQuery = Strict({ year: Year, deviceType: Line });
const YearQuery = Strict({ year: Year });
const MonthFields = {
  ...listQueryProperties,
  month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12, errorMessage: say('fields.monthInvalid') })),
  year: Year,
  deviceStatus: Type.Optional(DeviceStatusField),
};

export const dashboardRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const now = () => ctx.config.now();
  const counts = new CountCache('devices');
  const line = (query: { deviceType?: DashboardLine }): DashboardLine => query.deviceType ?? 'all';
  const tag = 'Device dashboard';

  for (const [prefix, role] of DASHBOARD_PREFIXES) {
    const access = only(role);
    app.get(
      `${prefix}/getusercountandversion`,
      { config: { access }, schema: { ...schema(tag, 'Users of the line (by status) and the firmware versions its active devices run', UserCountAndVersion), querystring: LineQuery } },
      async (request) => ({ status: true, message: say('titles.userCountAndVersion'), info: await userCountAndVersion(db, callerOf(request), line(request.query)) }),
    );
    app.get(
      `${prefix}/getdevicegraphdata`,
      { config: { access }, schema: { ...schema(tag, 'Devices installed in each month of a year, and the running total', Type.Array(DeviceGraphMonth)), querystring: YearLineQuery } },
      async (request) => ({ status: true, message: say('titles.deviceGraph'), info: await deviceGraph(db, callerOf(request), line(request.query), request.query.year, now()) }),
    );
    app.get(
      `${prefix}/getdeviceoverview`,
      { config: { access }, schema: { ...schema(tag, 'Devices by status and Wi-Fi, and per line', DeviceOverview), querystring: LineQuery } },
      async (request) => ({ status: true, message: say('titles.deviceOverview'), info: await deviceOverview(db, callerOf(request), line(request.query)) }),
    );
    app.get(
      `${prefix}/getdevicemonthlyconsumptionnew`,
      { config: { access }, schema: { ...schema(tag, 'Energy of each month of a year (kWh) and the devices that reported it', Type.Array(ConsumptionMonth)), querystring: YearLineQuery } },
      async (request) => ({ status: true, message: say('titles.monthlyConsumption'), info: await monthlyConsumption(db, callerOf(request), line(request.query), request.query.year, now()) }),
    );
    app.get(
      `${prefix}/getdevicemonthlyAverageConsumtion`,
      { config: { access }, schema: { ...schema(tag, 'Energy per reporting device of each month of a year (kWh)', Type.Array(AverageConsumptionMonth)), querystring: YearLineQuery } },
      async (request) => ({
        status: true,
        message: say('titles.monthlyAverageConsumption'),
        info: await monthlyAverageConsumption(db, callerOf(request), line(request.query), request.query.year, now()),
      }),
    );
    app.get(
      `${prefix}/getdeviceconsumptionoverviewnew`,
      { config: { access }, schema: { ...schema(tag, 'This month, last month against a year before, this year and last, the average device', ConsumptionOverview), querystring: LineQuery } },
      async (request) => ({ status: true, message: say('titles.consumptionOverview'), info: await consumptionOverview(db, callerOf(request), line(request.query), now()) }),
    );
    for (const [call, fixed] of MONTH_DEVICE_CALLS) {
      app.get(
        `${prefix}/${call}`,
        {
          config: { access },
          schema: {
            ...schema(tag, `Devices${fixed ? ` (${fixed})` : ''} installed in a month of a year, of one device status`, ListInfoSchema(DeviceRow)),
            querystring: Strict(fixed ? MonthFields : { ...MonthFields, deviceType: Line }),
          },
        },
        async (request) => {
          const { deviceType, ...query } = request.query as typeof request.query & { deviceType?: DashboardLine };
          const info = await monthDevices(db, callerOf(request), fixed ?? deviceType ?? 'all', query, counts, now());
          return { status: true, message: say('titles.devices'), info };
        },
      );
    }
  }

  // Analysis (spec 7: /api/analysis/..., Admin).
  const ADMIN = only('Admin');
  const analysis = 'Analysis';
  const none = Strict({});
  app.get(
    '/api/analysis/users',
    { config: { access: ADMIN }, schema: { ...schema(analysis, 'Users by status, and new users per month of a year', UsersAnalysis), querystring: YearQuery } },
    async (request) => ({ status: true, message: say('titles.analysis'), info: await usersAnalysis(db, request.query.year, now()) }),
  );
  app.get(
    '/api/analysis/deviceusers',
    { config: { access: ADMIN }, schema: { ...schema(analysis, 'Users with a device, without one, and per line', DeviceUsersAnalysis), querystring: none } },
    async () => ({ status: true, message: say('titles.analysis'), info: await deviceUsersAnalysis(db) }),
  );
  app.get(
    '/api/analysis/weeklyreportusers',
    { config: { access: ADMIN }, schema: { ...schema(analysis, 'Users by their weekly-report switch', SwitchUsers), querystring: none } },
    async () => ({ status: true, message: say('titles.analysis'), info: await switchUsers(db, 'weekly_report') }),
  );
  app.get(
    '/api/analysis/autosyncusers',
    { config: { access: ADMIN }, schema: { ...schema(analysis, 'Users by their auto-sync switch', SwitchUsers), querystring: none } },
    async () => ({ status: true, message: say('titles.analysis'), info: await switchUsers(db, 'auto_sync') }),
  );
  app.get(
    '/api/analysis/unsubscribedusers',
    { config: { access: ADMIN }, schema: { ...schema(analysis, 'The suppression list by reason, and added per month of a year', UnsubscribedAnalysis), querystring: YearQuery } },
    async (request) => ({ status: true, message: say('titles.analysis'), info: await unsubscribedAnalysis(db, request.query.year, now()) }),
  );
  app.get(
    '/api/analysis/averagebatterylife',
    { config: { access: ADMIN }, schema: { ...schema(analysis, "Smoke alarms' batteries: level, years left, low and expired", BatteryAnalysis), querystring: none } },
    async () => ({ status: true, message: say('titles.analysis'), info: await batteryAnalysis(db, now()) }),
  );
  app.get(
    '/api/analysis/weeklyreports',
    { config: { access: ADMIN }, schema: { ...schema(analysis, 'Weekly reports sent and failed per month of a year', SyncMonths), querystring: YearQuery } },
    async (request) => ({ status: true, message: say('titles.analysis'), info: await syncMonths(db, 'weekly_report', request.query.year, now()) }),
  );
  app.get(
    '/api/analysis/locationprefernce',
    { config: { access: ADMIN }, schema: { ...schema(analysis, 'The location permission app users chose', LocationAnalysis), querystring: none } },
    async () => ({ status: true, message: say('titles.analysis'), info: await locationAnalysis(db) }),
  );
  app.get(
    '/api/analysis/synchedData',
    { config: { access: ADMIN }, schema: { ...schema(analysis, 'Auto syncs that went through and failed per month of a year', SyncMonths), querystring: YearQuery } },
    async (request) => ({ status: true, message: say('titles.analysis'), info: await syncMonths(db, 'auto_sync', request.query.year, now()) }),
  );
  app.get(
    '/api/analysis/appversionlist',
    { config: { access: ADMIN }, schema: { ...schema(analysis, 'Versions of the customer app in use, newest first', Type.Array(AppVersionRow)), querystring: none } },
    async () => ({ status: true, message: say('titles.analysis'), info: await appVersions(db) }),
  );

  // The customer app's reports (ours: the spec shows no app calls).
  const CUSTOMER = only('Customer', 'User');
  app.post(
    '/api/customer/app-events',
    { config: { access: CUSTOMER }, schema: { ...routeSchema(analysis)('The customer app reports itself: platform, version, location permission', null, 400, 404), body: AppEventBody } },
    async (request) => {
      const caller = callerOf(request);
      if (caller.customerId === null) throw notFound(say('customers.notFound'));
      await recordAppEvent(db, caller.customerId, request.body, now());
      return { status: true, message: say('readings.recorded') };
    },
  );
  app.post(
    '/api/customer/readings',
    { config: { access: CUSTOMER }, schema: { ...schema(analysis, "An auto sync: a device's monthly energy readings", Type.Object({ months: Type.Integer() })), body: ReadingsBody } },
    async (request) => ({ status: true, message: say('readings.synced'), info: await recordReadings(db, callerOf(request), request.body, now()) }),
  );
};
