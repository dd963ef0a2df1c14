// What the shell reads at start-up to learn this remote's routes and menu entries. It imports types and
// the contract's route table helpers only: the build evaluates it in Node, without React or the screens.
import type { MenuEntry, MenuGroup, MenuLabels, ProductKey, RemoteDescription, UserType } from '@fleet/shared-api';
import { describeRoutes, routesPer, type RouteTable } from '@fleet/shared-api/remote-contract';

/** Who has the Attention list and fault histories (spec: admin, agency, multisite, sitemanager variants). */
export type FaultArea = 'admin' | 'agency' | 'multisite' | 'sitemanager';
export const FAULT_AREAS: readonly FaultArea[] = ['admin', 'agency', 'multisite', 'sitemanager'];
export const AREA_ROLE: Record<FaultArea, UserType> = { admin: 'Admin', agency: 'Agency', multisite: 'mscc', sitemanager: 'sm' };

/** Spec 2 (ota-devices-faults-multisite): Attention [Heat Pump] and Fault History of each area. */
export const FAULTY_SYSTEMS_PATHS: Record<FaultArea, string> = {
  admin: '/admin/heat_pump/faulty-systems',
  agency: '/agency/heat_pump/faulty-systems',
  multisite: '/multisite/faulty-systems',
  sitemanager: '/sitemanager/faulty-systems',
};
export const FAULT_HISTORY_PATHS: Record<FaultArea, string> = {
  admin: '/admin/heat_pump/faulty-systems/view/faulty-history/:id',
  agency: '/agency/heat_pump/faulty-systems/view/faulty-history/:id',
  multisite: '/multisite/faulty-systems/view/faulty-history/:id',
  sitemanager: '/sitemanager/faulty-systems/view/faulty-history/:id',
};
/**
 * The heat-pump device page of each area (spec: /admin/heat_pump/device/view/{deviceId},
 * /agency/heat_pump/device/view/{deviceId}, /{userTypeWebPrefix}/device/view/{id}); the id is the
 * device's in every variant (our decision: the spec's deviceHistoryId names the same heat pump).
 */
export const DEVICE_DETAIL_PATHS: Record<FaultArea | 'user', string> = {
  admin: '/admin/heat_pump/device/view/:id',
  agency: '/agency/heat_pump/device/view/:id',
  multisite: '/multisite/device/view/:id',
  sitemanager: '/sitemanager/device/view/:id',
  user: '/user/device/view/:id',
};

/**
 * The network dashboards (spec 2.2, 2.14): Admin's and Agency's home with heat pumps selected (the
 * device dashboards own them otherwise), mscc's and sm's home.
 */
export const DASHBOARD_PATHS = {
  Admin: '/admin/dashboard',
  Agency: '/agency/dashboard',
  mscc: '/multisite/dashboard',
  sm: '/sitemanager/dashboard',
} as const;

/** Who has multi-site pages: Admin and Agency (companies and sites), mscc and sm (their sites). */
export type PlaceArea = FaultArea;

/**
 * A company's dashboard (spec 2.4-2.6: multi-site-company/view/{id}; mscc's company is its own
 * dashboard) and a site's (sites/view/{site_id}; the agency's is heat_pump/multi-site/{id}: our
 * reading of its route table).
 */
export const COMPANY_VIEW_PATHS = {
  admin: '/admin/heat_pump/multi-site-company/view/:id',
  agency: '/agency/heat_pump/multi-site-company/view/:id',
} as const;
export const SITE_VIEW_PATHS: Record<PlaceArea, string> = {
  admin: '/admin/heat_pump/sites/view/:id',
  agency: '/agency/heat_pump/multi-site/:id',
  multisite: '/multisite/sites/view/:id',
  sitemanager: '/sitemanager/sites/view/:id',
};

/**
 * The company lists (Admin: multi-site-company; Agency: heat_pump/multi-site) and the site lists (the
 * agency's is spec 2.5's customer/sites: the sites of its multi-site companies, its heat-pump customers).
 */
export const COMPANY_LIST_PATHS = { admin: '/admin/heat_pump/multi-site-company', agency: '/agency/heat_pump/multi-site' } as const;
export const SITE_LIST_PATHS = { admin: '/admin/heat_pump/sites', multisite: '/multisite/sites', sitemanager: '/sitemanager/sites', agency: '/agency/customer/sites' } as const;

/** Site managers (Admin, mscc, sm) and multi-site contacts (Admin; mscc's "contacts"). */
export const MANAGER_PATHS = { admin: '/admin/heat_pump/site-managers', multisite: '/multisite/site-managers', sitemanager: '/sitemanager/site-managers' } as const;
export const CONTACT_PATHS = { admin: '/admin/heat_pump/multi-site-contacts', multisite: '/multisite/contacts' } as const;

/** Spec 2.4 heat pump extras: the models (Admin). */
export const MODELS_PATH = '/admin/heat_pump/models';

/** Spec 2.4's heat-pump pages by serial number (Admin): the device, and its install history. */
export const SERIAL_PATHS = {
  detail: '/admin/heat_pump/device-detail/:serial_number',
  installHistory: '/admin/heat_pump/device-history/:serial_number',
} as const;

/**
 * Devices [Heat Pump]: Admin's list, User's home (spec 2.2), the multi-site roles' devices (spec 2.7,
 * 2.8), and the agency's devices while heat pumps are selected (spec 2.5 "devices"; mfe-devices owns
 * the path for the other lines: our decision, so that an agency can pick heat pumps to assign).
 */
export const HEAT_PUMP_LIST_PATHS = {
  admin: '/admin/heat_pump/devices',
  agency: '/agency/devices',
  user: '/user/dashboard',
  multisite: '/multisite/devices',
  sitemanager: '/sitemanager/devices',
} as const;
export type HeatPumpListArea = keyof typeof HEAT_PUMP_LIST_PATHS;

/**
 * Spec 2.9: the sites user's routes. The sites user is a site manager (or a company contact): these
 * show the signed-in sm's or mscc's network dashboard of its sites and its heat pumps. They need that
 * sign-in (spec 2.10's "Sites routes need no check" cannot mean a fleet's data without one).
 */
export const SITES_USER_PATHS = { dashboard: '/sites/dashboard', devices: '/sites/devices' } as const;
export const SITES_USER_ROLES: readonly ('sm' | 'mscc')[] = ['sm', 'mscc'];

/**
 * Spec 2.4 writes Admin's heat-pump extras without `heat_pump/`: each is the screen under
 * /admin/heat_pump/, reached by a replacing redirect (query string kept).
 */
export const ADMIN_ALIASES: Readonly<Record<string, string>> = {
  '/admin/models': MODELS_PATH,
  '/admin/faulty-systems': FAULTY_SYSTEMS_PATHS.admin,
  '/admin/faulty-systems/view/faulty-history/:id': FAULT_HISTORY_PATHS.admin,
  '/admin/multi-site-company': COMPANY_LIST_PATHS.admin,
  '/admin/multi-site-company/view/:id': COMPANY_VIEW_PATHS.admin,
  '/admin/sites': SITE_LIST_PATHS.admin,
  '/admin/sites/view/:id': SITE_VIEW_PATHS.admin,
  '/admin/multi-site-contacts': CONTACT_PATHS.admin,
  '/admin/site-managers': MANAGER_PATHS.admin,
};

const roleOf = (area: FaultArea): UserType[] => [AREA_ROLE[area]];
const HEAT_PUMP: ProductKey[] = ['heat_pump'];

/** Each screen's routes (HeatPumpRoutes gives the screens by these names). */
export const HEAT_PUMP_ROUTES = {
  adminList: { path: HEAT_PUMP_LIST_PATHS.admin, access: ['Admin'] },
  agencyList: { path: HEAT_PUMP_LIST_PATHS.agency, access: ['Agency'], products: HEAT_PUMP },
  dashboard: routesPer(['Admin', 'Agency'] as const, (role) => ({ path: DASHBOARD_PATHS[role], access: [role], products: HEAT_PUMP })),
  multiSiteDashboard: routesPer(['mscc', 'sm'] as const, (role) => ({ path: DASHBOARD_PATHS[role], access: [role] })),
  models: { path: MODELS_PATH, access: ['Admin'] },
  siteManagers: routesPer(['admin', 'multisite', 'sitemanager'] as const, (area) => ({ path: MANAGER_PATHS[area], access: roleOf(area) })),
  contacts: routesPer(['admin', 'multisite'] as const, (area) => ({ path: CONTACT_PATHS[area], access: roleOf(area) })),
  companies: routesPer(['admin', 'agency'] as const, (area) => ({ path: COMPANY_LIST_PATHS[area], access: roleOf(area) })),
  sites: routesPer(['admin', 'multisite', 'sitemanager', 'agency'] as const, (area) => ({ path: SITE_LIST_PATHS[area], access: roleOf(area) })),
  sitesUserDashboard: { path: SITES_USER_PATHS.dashboard, access: [...SITES_USER_ROLES] },
  sitesUserDevices: { path: SITES_USER_PATHS.devices, access: [...SITES_USER_ROLES] },
  adminAlias: routesPer(Object.entries(ADMIN_ALIASES), ([path]) => ({ path, access: ['Admin'] })),
  company: routesPer(['admin', 'agency'] as const, (area) => ({ path: COMPANY_VIEW_PATHS[area], access: roleOf(area) })),
  site: routesPer(FAULT_AREAS, (area) => ({ path: SITE_VIEW_PATHS[area], access: roleOf(area) })),
  bySerial: { path: SERIAL_PATHS.detail, access: ['Admin'] },
  installHistory: { path: SERIAL_PATHS.installHistory, access: ['Admin'] },
  // spec 2.10: /user/dashboard needs only a login; the server answers each caller its own heat pumps
  userList: { path: HEAT_PUMP_LIST_PATHS.user, access: 'login' },
  userDevice: { path: DEVICE_DETAIL_PATHS.user, access: 'login' },
  multiSiteList: routesPer(['multisite', 'sitemanager'] as const, (area) => ({ path: HEAT_PUMP_LIST_PATHS[area], access: roleOf(area) })),
  faultySystems: routesPer(FAULT_AREAS, (area) => ({ path: FAULTY_SYSTEMS_PATHS[area], access: roleOf(area) })),
  faultHistory: routesPer(FAULT_AREAS, (area) => ({ path: FAULT_HISTORY_PATHS[area], access: roleOf(area) })),
  device: routesPer(FAULT_AREAS, (area) => ({ path: DEVICE_DETAIL_PATHS[area], access: roleOf(area) })),
} satisfies RouteTable;

const DASHBOARD: MenuLabels = { en: 'Dashboard', hi: 'डैशबोर्ड' };
const DEVICES: MenuLabels = { en: 'Devices', hi: 'डिवाइस' };
const ATTENTION: MenuLabels = { en: 'Attention', hi: 'ध्यान दें' };
const SITES: MenuLabels = { en: 'Sites', hi: 'साइटें' };
const CONTACTS: MenuLabels = { en: 'Multi-Site Contacts', hi: 'मल्टी-साइट संपर्क' };
const SITE_MANAGERS: MenuLabels = { en: 'Site Managers', hi: 'साइट मैनेजर' };
/** Admin's device lists, one per product (mfe-devices declares the group with the other lines). */
const DEVICES_GROUP: MenuGroup = { name: 'Devices', labels: DEVICES };
/** Spec 2.11: Admin's heat pump extras, grouped. */
export const HEAT_PUMP_GROUP: MenuGroup = { name: 'Heat Pump', labels: { en: 'Heat Pump', hi: 'हीट पंप' } };

// Spec 2.11: the heat-pump areas of each role's menu, shown whatever product is selected (the shell's
// menu hides no area; the screens show heat-pump data, being heat-pump screens). Admin's and Agency's
// Dashboard and the agency's Devices share their path with mfe-devices' entries: the menu shows one.
const menu: MenuEntry[] = [
  ...(['Admin', 'Agency', 'mscc', 'sm'] as const).map(
    (role): MenuEntry => ({ id: `heatpump.${role}.dashboard`, labels: DASHBOARD, path: DASHBOARD_PATHS[role], roles: [role], order: 10 }),
  ),
  { id: 'heatpump.admin.devices', labels: { en: 'Heat Pump', hi: 'हीट पंप' }, path: HEAT_PUMP_LIST_PATHS.admin, roles: ['Admin'], group: DEVICES_GROUP, order: 107 },
  { id: 'heatpump.admin.attention', labels: ATTENTION, path: FAULTY_SYSTEMS_PATHS.admin, roles: ['Admin'], group: HEAT_PUMP_GROUP, order: 111 },
  { id: 'heatpump.admin.companies', labels: { en: 'Multi-Site Company', hi: 'मल्टी-साइट कंपनी' }, path: COMPANY_LIST_PATHS.admin, roles: ['Admin'], group: HEAT_PUMP_GROUP, order: 112 },
  { id: 'heatpump.admin.sites', labels: SITES, path: SITE_LIST_PATHS.admin, roles: ['Admin'], group: HEAT_PUMP_GROUP, order: 113 },
  { id: 'heatpump.admin.contacts', labels: CONTACTS, path: CONTACT_PATHS.admin, roles: ['Admin'], group: HEAT_PUMP_GROUP, order: 114 },
  { id: 'heatpump.admin.managers', labels: SITE_MANAGERS, path: MANAGER_PATHS.admin, roles: ['Admin'], group: HEAT_PUMP_GROUP, order: 115 },
  { id: 'heatpump.admin.models', labels: { en: 'Models', hi: 'मॉडल' }, path: MODELS_PATH, roles: ['Admin'], group: HEAT_PUMP_GROUP, order: 119 },
  // Agency: spec 2.11's order, Attention and multi-site after its installation agents (135)
  { id: 'heatpump.agency.devices', labels: DEVICES, path: HEAT_PUMP_LIST_PATHS.agency, roles: ['Agency'], order: 100 },
  { id: 'heatpump.agency.attention', labels: ATTENTION, path: FAULTY_SYSTEMS_PATHS.agency, roles: ['Agency'], order: 140 },
  { id: 'heatpump.agency.companies', labels: { en: 'Multi-Site', hi: 'मल्टी-साइट' }, path: COMPANY_LIST_PATHS.agency, roles: ['Agency'], order: 141 },
  { id: 'heatpump.agency.sites', labels: SITES, path: SITE_LIST_PATHS.agency, roles: ['Agency'], order: 142 },
  // User: its heat pumps, named apart from its other devices (mfe-devices' "Other Devices")
  { id: 'heatpump.user.devices', labels: { en: 'Heat Pumps', hi: 'हीट पंप' }, path: HEAT_PUMP_LIST_PATHS.user, roles: ['User'], order: 100 },
  { id: 'heatpump.mscc.devices', labels: DEVICES, path: HEAT_PUMP_LIST_PATHS.multisite, roles: ['mscc'], order: 110 },
  { id: 'heatpump.mscc.attention', labels: ATTENTION, path: FAULTY_SYSTEMS_PATHS.multisite, roles: ['mscc'], order: 111 },
  { id: 'heatpump.mscc.sites', labels: SITES, path: SITE_LIST_PATHS.multisite, roles: ['mscc'], order: 112 },
  { id: 'heatpump.mscc.contacts', labels: CONTACTS, path: CONTACT_PATHS.multisite, roles: ['mscc'], order: 113 },
  { id: 'heatpump.mscc.managers', labels: SITE_MANAGERS, path: MANAGER_PATHS.multisite, roles: ['mscc'], order: 114 },
  { id: 'heatpump.sm.devices', labels: DEVICES, path: HEAT_PUMP_LIST_PATHS.sitemanager, roles: ['sm'], order: 110 },
  { id: 'heatpump.sm.attention', labels: ATTENTION, path: FAULTY_SYSTEMS_PATHS.sitemanager, roles: ['sm'], order: 111 },
  { id: 'heatpump.sm.sites', labels: SITES, path: SITE_LIST_PATHS.sitemanager, roles: ['sm'], order: 112 },
  { id: 'heatpump.sm.managers', labels: SITE_MANAGERS, path: MANAGER_PATHS.sitemanager, roles: ['sm'], order: 113 },
];

export const description: RemoteDescription = {
  name: 'mfe-heatpump-nms',
  // Both come from package.json at build time (federation-config's DefinePlugin).
  version: FLEET_REMOTE_VERSION,
  routes: describeRoutes(HEAT_PUMP_ROUTES),
  menu,
  requires: FLEET_REQUIRES,
};
