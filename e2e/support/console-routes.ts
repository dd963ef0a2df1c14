// Every screen the console offers, read from what it publishes: `/remotes.json` names the remotes and
// each remote's `description.json` (beside its manifest) lists its routes with the roles they are for.
// A route with parameters (`/admin/customer/view/:id`) is opened with a real record of the role's
// slice, asked of fleet-api with the role's own token.
import type { UserType } from './sign-in';

/** The remote contract's route and menu shapes (shared-api's remote-contract.ts), as published. */
interface PublishedRoute {
  path: string;
  access: 'public' | 'login' | UserType[];
  products?: string[];
}

export interface PublishedDescription {
  name: string;
  routes: PublishedRoute[];
  menu: Array<{ path: string; roles: UserType[] }>;
}

/** One screen to visit: the route as published, by which remote, and the product it needs selected. */
export interface Screen {
  remote: string;
  route: string;
  /** The product to select first (routes that name `products`: the shell picks the remote by it). */
  product?: string;
}

export const screenKey = (s: Screen): string => `${s.remote} ${s.route}${s.product ? ` (${s.product})` : ''}`;

/** The descriptions of every remote the console's registry names. */
export async function readDescriptions(consoleUrl: string): Promise<PublishedDescription[]> {
  const registry = (await (await fetch(`${consoleUrl}/remotes.json`)).json()) as Record<string, { manifest: string }>;
  return Promise.all(
    Object.values(registry).map(async ({ manifest }) => {
      const url = new URL(manifest.replace(/mf-manifest\.json$/, 'description.json'), consoleUrl);
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return (await res.json()) as PublishedDescription;
    }),
  );
}

/**
 * The screens of a role: routes whose `access` names it, and the routes open to any login (`'login'`)
 * under a first path segment its own menu leads to (`/customer/...` for Customer and User, `/user/...`
 * for User). Other roles may open those too (spec 2.10: any login), but the server answers each caller
 * its own customer-app devices, so they are the Customer's and User's screens.
 * `role: 'public'` gives the public routes.
 */
export function screensOf(descriptions: PublishedDescription[], role: UserType | 'public'): Screen[] {
  const screens: Screen[] = [];
  for (const d of descriptions) {
    const menuSegments = new Set(
      descriptions.flatMap((m) => m.menu.filter((e) => role !== 'public' && e.roles.includes(role)).map((e) => firstSegment(e.path))),
    );
    for (const r of d.routes) {
      const mine =
        role === 'public'
          ? r.access === 'public'
          : Array.isArray(r.access)
            ? r.access.includes(role)
            : r.access === 'login' && menuSegments.has(firstSegment(r.path));
      if (mine) screens.push({ remote: d.name, route: r.path, ...(r.products ? { product: r.products[0] } : {}) });
    }
  }
  return screens;
}

const firstSegment = (path: string): string => path.split('/')[1] ?? '';

/** A route's parameters, e.g. ['id'] for /admin/customer/view/:id. */
const paramsOf = (route: string): string[] => [...route.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);

type Row = Record<string, unknown>;

/**
 * Where each parameterised route finds a real record: the list call of the role's slice and the
 * field of its first row. A route missing here fails the journey (a new screen needs its source).
 */
interface IdSource {
  call: string;
  field?: (row: Row) => unknown;
  /** A second call when the first answers no row (see the VEU detail below). */
  fallback?: string;
  /** Makes a record through the API when the list answers none (the demo seed makes no rollout). */
  create?: (apiUrl: string, token: string) => Promise<void>;
}

async function api(apiUrl: string, token: string, method: string, call: string, body?: unknown): Promise<{ info?: unknown }> {
  const res = await fetch(new URL(call, apiUrl), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as { status?: boolean; message?: string; info?: unknown };
  if (!res.ok || answer.status === false) throw new Error(`${method} ${call} answered ${res.status}: ${answer.message ?? ''}`);
  return answer;
}

/**
 * A livelink rollout from the version most devices run to another uploaded one, its only wave waiting
 * for approval: nothing is dispatched, no device changes, and the screen shows its actions.
 */
async function createWaitingRollout(apiUrl: string, token: string): Promise<void> {
  const { info } = await api(apiUrl, token, 'GET', '/api/ota/running-versions?deviceType=livelink');
  const versions = info as Array<{ version: string; devices: number; uploaded: boolean }>;
  const from = [...versions].sort((a, b) => b.devices - a.devices)[0];
  const target = versions.find((v) => v.uploaded && v.version !== from?.version);
  if (!from || from.devices === 0 || !target) throw new Error('the demo fleet has no livelink version to roll out from and to');
  await api(apiUrl, token, 'POST', '/api/ota/rollout/add', {
    deviceType: 'livelink',
    name: 'Accessibility pass',
    firmware_version: target.version,
    from_versions: [from.version],
    waves: [{ count: 1, approval: true }],
    max_in_flight: 1,
    max_per_minute: 1,
    failure_threshold_percent: 10,
    min_finished: 1,
    timeout_minutes: 30,
    max_device_failures: 1,
  });
}

const DEVICES = (line: string): IdSource => ({ call: `/api/device/all/devices?deviceType=${line}` });
const HEAT_PUMPS: IdSource = { call: '/api/heat-pump/list' };
const SITES: IdSource = { call: '/api/nms/sites/list' };
const COMPANIES: IdSource = { call: '/api/nms/multi-site-company/list' };
const firstProperty = (row: Row): unknown => (row.firstproperty as Row | null)?.id;
const customersOf = (prefix: string) => {
  const call = `/api${prefix}/customer/get/all`;
  return { customer: { call }, property: { call, field: firstProperty } };
};
const CUSTOMER_SOURCES = { admin: customersOf(''), agency: customersOf('/agency'), multisite: customersOf('/mscc'), sitemanager: customersOf('/sm') };

const customerRoutes = (area: keyof typeof CUSTOMER_SOURCES): Record<string, IdSource> => {
  const s = CUSTOMER_SOURCES[area];
  return {
    [`/${area}/customer/view/:id`]: s.customer,
    [`/${area}/customer/customer-email-history/:id`]: s.customer,
    [`/${area}/customer/auto-sync/:id`]: s.customer,
    [`/${area}/customer/property/view/:id`]: s.property,
    [`/${area}/customer/property/view-history/:id`]: s.property,
    [`/${area}/customer/property/property-timeline/:id`]: s.property,
  };
};

const ID_SOURCES: Record<string, IdSource> = {
  // mfe-devices
  '/admin/devices/view/:id': DEVICES('ihd'),
  '/admin/livelink/devices/view/:id': DEVICES('livelink'),
  '/admin/safelink/device/view/:id': DEVICES('safelink'),
  '/admin/airlink/device/view/:id': DEVICES('airlink'),
  '/admin/bulb/device/view/:id': DEVICES('bulb'),
  '/admin/device/view/firmware-history/:id': DEVICES('livelink'),
  '/admin/device/view/device-history/:id': DEVICES('livelink'),
  '/admin/device/view/impulse-rate-history/:id': DEVICES('livelink'),
  '/admin/device/view/update-rate-history/:id': DEVICES('livelink'),
  '/admin/smoke-alarm/device/view/:id': { call: '/api/safelink/smokealarm/list' },
  '/admin/livelink/device-history/:id': DEVICES('livelink'),
  '/admin/safelink/device-history/:mac_address': { ...DEVICES('safelink'), field: (r) => r.mac_address },
  '/admin/airlink/device-history/:serial_number': { ...DEVICES('airlink'), field: (r) => r.serial_number },
  '/admin/bulb/device-history/:serial_number': { ...DEVICES('bulb'), field: (r) => r.serial_number },
  '/agency/devices/view/:id': { call: '/api/agency/devices/all?deviceType=all' },
  // The VEU detail reads the same agency device call as the agency's detail; the seeded fleet's
  // agency may have no device at a Victorian property, and any of its devices opens the screen.
  '/agency/dataforce-device/:id': { call: '/api/agency/dataforce-devices?deviceType=all', fallback: '/api/agency/devices/all?deviceType=all' },
  '/electrician/device/view/:id': { call: '/api/electrician/devices/all?deviceType=all' },
  '/customer/devices/view/:id': { call: '/api/customer/devices?deviceType=all' },
  // mfe-firmware
  '/admin/OTA-groups/:id': { call: '/api/ota/group/all?deviceType=livelink' },
  '/admin/rollouts/:id': { call: '/api/ota/rollout/list?deviceType=livelink', create: createWaitingRollout },
  // mfe-customers
  ...customerRoutes('admin'),
  ...customerRoutes('agency'),
  ...customerRoutes('multisite'),
  ...customerRoutes('sitemanager'),
  '/admin/customer/trial/:id': CUSTOMER_SOURCES.admin.customer,
  // mfe-heatpump-nms (the server answers each role its slice of the same calls)
  '/admin/heat_pump/multi-site-company/view/:id': COMPANIES,
  '/agency/heat_pump/multi-site-company/view/:id': COMPANIES,
  '/admin/heat_pump/sites/view/:id': SITES,
  '/agency/heat_pump/multi-site/:id': SITES,
  '/multisite/sites/view/:id': SITES,
  '/sitemanager/sites/view/:id': SITES,
  '/admin/heat_pump/device-detail/:serial_number': { ...HEAT_PUMPS, field: (r) => r.serial_number },
  '/admin/heat_pump/device-history/:serial_number': { ...HEAT_PUMPS, field: (r) => r.serial_number },
  '/user/device/view/:id': HEAT_PUMPS,
  '/admin/heat_pump/faulty-systems/view/faulty-history/:id': HEAT_PUMPS,
  // Admin's short aliases of the heat-pump screens (spec 2.4), redirects to the routes above
  '/admin/faulty-systems/view/faulty-history/:id': HEAT_PUMPS,
  '/admin/multi-site-company/view/:id': COMPANIES,
  '/admin/sites/view/:id': SITES,
  '/admin/heat_pump/device/view/:id': HEAT_PUMPS,
  '/agency/heat_pump/faulty-systems/view/faulty-history/:id': HEAT_PUMPS,
  '/agency/heat_pump/device/view/:id': HEAT_PUMPS,
  '/multisite/faulty-systems/view/faulty-history/:id': HEAT_PUMPS,
  '/multisite/device/view/:id': HEAT_PUMPS,
  '/sitemanager/faulty-systems/view/faulty-history/:id': HEAT_PUMPS,
  '/sitemanager/device/view/:id': HEAT_PUMPS,
  // mfe-organisations
  '/admin/tariff/:id': { call: '/api/tarrif/getCompanies' },
  '/admin/electrician/view/:id': { call: '/api/electrician/get/all' },
  '/admin/electrician/:id': { call: '/api/electrician/get/all' },
  '/agency/electricians/view/:id': { call: '/api/agency/electrician/get/all' },
  '/admin/electrician-installer/view/:id': { call: '/api/electrician-agent/get/all' },
  '/admin/electrician-installer/device/view/:id': { call: '/api/electrician-agent/get/all' },
  '/agency/electricians-agents/view/:id': { call: '/api/agency/electrician-agent/get/all' },
  '/electrician/installer-agent/view/:id': { call: '/api/electrician/agents' },
  '/electrician/installer-agent/:id': { call: '/api/electrician/agents' },
  '/admin/installer-agency/view/:id': { call: '/api/agency/get/all?deviceType=all' },
  '/admin/installer-agency/:id': { call: '/api/agency/get/all?deviceType=all' },
  '/admin/integration/view/:id': { call: '/api/integration/get/all' },
  '/admin/partner/view/:id': { call: '/api/partner/all' },
  '/admin/installer-agent/view/:id': { call: '/api/agent/get/all?deviceType=all' },
  '/admin/installer-agent/view/device/:id': { call: '/api/agent/get/all?deviceType=all' },
  '/agency/installation-agents/view/:id': { call: '/api/agency/agents' },
  '/agency/installation-agents/:id': { call: '/api/agency/agents' },
};

async function firstRow(apiUrl: string, token: string, call: string): Promise<Row | undefined> {
  const url = new URL(call, apiUrl);
  url.searchParams.set('page', '1');
  url.searchParams.set('limit', '1');
  const { info } = await api(apiUrl, token, 'GET', `${url.pathname}${url.search}`);
  return (info as { data?: Row[] } | undefined)?.data?.[0];
}

/** The path to open for a route: itself, or with its parameters filled from the role's first record. */
export async function pathFor(route: string, apiUrl: string, token: string): Promise<string> {
  const params = paramsOf(route);
  if (params.length === 0) return route;
  const source = ID_SOURCES[route];
  if (!source) throw new Error(`${route} has no id source in e2e/support/console-routes.ts ID_SOURCES: add the list call its records come from`);
  let row = await firstRow(apiUrl, token, source.call);
  if (!row && source.fallback) row = await firstRow(apiUrl, token, source.fallback);
  if (!row && source.create) {
    await source.create(apiUrl, token);
    row = await firstRow(apiUrl, token, source.call);
  }
  const value = row && (source.field ? source.field(row) : row.id);
  if (value === undefined || value === null || value === '') throw new Error(`${route}: ${source.call} answered no record to open`);
  return route.replace(`:${params[0]}`, encodeURIComponent(String(value)));
}
