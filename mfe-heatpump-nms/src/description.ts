// What the shell reads at start-up to learn this remote's routes and menu entries. Type-only imports:
// this module must stay tiny and free of runtime dependencies.
import type { MenuEntry, RemoteDescription, RemoteRoute, UserType } from '@fleet/shared-api';

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

/** The company lists (Admin: multi-site-company; Agency: heat_pump/multi-site) and the site lists. */
export const COMPANY_LIST_PATHS = { admin: '/admin/heat_pump/multi-site-company', agency: '/agency/heat_pump/multi-site' } as const;
export const SITE_LIST_PATHS = { admin: '/admin/heat_pump/sites', multisite: '/multisite/sites', sitemanager: '/sitemanager/sites' } as const;

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

const routes: RemoteRoute[] = [
  { path: HEAT_PUMP_LIST_PATHS.admin, access: ['Admin'] },
  { path: HEAT_PUMP_LIST_PATHS.agency, access: ['Agency'], products: ['heat_pump'] },
  { path: DASHBOARD_PATHS.Admin, access: ['Admin'], products: ['heat_pump'] },
  { path: DASHBOARD_PATHS.Agency, access: ['Agency'], products: ['heat_pump'] },
  { path: DASHBOARD_PATHS.mscc, access: ['mscc'] },
  { path: DASHBOARD_PATHS.sm, access: ['sm'] },
  { path: MODELS_PATH, access: ['Admin'] },
  { path: MANAGER_PATHS.admin, access: ['Admin'] },
  { path: MANAGER_PATHS.multisite, access: ['mscc'] },
  { path: MANAGER_PATHS.sitemanager, access: ['sm'] },
  { path: CONTACT_PATHS.admin, access: ['Admin'] },
  { path: CONTACT_PATHS.multisite, access: ['mscc'] },
  { path: COMPANY_LIST_PATHS.admin, access: ['Admin'] },
  { path: COMPANY_LIST_PATHS.agency, access: ['Agency'] },
  { path: SITE_LIST_PATHS.admin, access: ['Admin'] },
  { path: SITE_LIST_PATHS.multisite, access: ['mscc'] },
  { path: SITE_LIST_PATHS.sitemanager, access: ['sm'] },
  { path: COMPANY_VIEW_PATHS.admin, access: ['Admin'] },
  { path: COMPANY_VIEW_PATHS.agency, access: ['Agency'] },
  ...FAULT_AREAS.map((area): RemoteRoute => ({ path: SITE_VIEW_PATHS[area], access: [AREA_ROLE[area]] })),
  { path: SERIAL_PATHS.detail, access: ['Admin'] },
  { path: SERIAL_PATHS.installHistory, access: ['Admin'] },
  // spec 2.10: /user/dashboard needs only a login; the server answers each caller its own heat pumps
  { path: HEAT_PUMP_LIST_PATHS.user, access: 'login' },
  { path: DEVICE_DETAIL_PATHS.user, access: 'login' },
  { path: HEAT_PUMP_LIST_PATHS.multisite, access: ['mscc'] },
  { path: HEAT_PUMP_LIST_PATHS.sitemanager, access: ['sm'] },
  ...FAULT_AREAS.flatMap((area): RemoteRoute[] => [
    { path: FAULTY_SYSTEMS_PATHS[area], access: [AREA_ROLE[area]] },
    { path: FAULT_HISTORY_PATHS[area], access: [AREA_ROLE[area]] },
    { path: DEVICE_DETAIL_PATHS[area], access: [AREA_ROLE[area]] },
  ]),
];

// Spec 2.11: the heat-pump extras of each role's menu, shown for the heat-pump product.
const menu: MenuEntry[] = [
  // the network dashboard: Admin's and Agency's with heat pumps selected, mscc's and sm's always
  ...(['Admin', 'Agency', 'mscc', 'sm'] as const).map(
    (role): MenuEntry => ({
      id: `heatpump.${role}.dashboard`,
      label: 'Dashboard',
      labelKey: 'heatpump:menu.dashboard',
      path: DASHBOARD_PATHS[role],
      roles: [role],
      ...(role === 'Admin' || role === 'Agency' ? { products: ['heat_pump' as const] } : {}),
      order: 10,
    }),
  ),
  { id: 'heatpump.admin.devices', label: 'Devices', labelKey: 'heatpump:menu.devices', path: HEAT_PUMP_LIST_PATHS.admin, roles: ['Admin'], products: ['heat_pump'], order: 110 },
  { id: 'heatpump.agency.devices', label: 'Devices', labelKey: 'heatpump:menu.devices', path: HEAT_PUMP_LIST_PATHS.agency, roles: ['Agency'], products: ['heat_pump'], order: 100 },
  {
    id: 'heatpump.admin.attention',
    label: 'Attention',
    labelKey: 'heatpump:menu.attention',
    path: FAULTY_SYSTEMS_PATHS.admin,
    roles: ['Admin'],
    products: ['heat_pump'],
    order: 111,
  },
  { id: 'heatpump.admin.companies', label: 'Multi-Site Company', labelKey: 'heatpump:menu.companies', path: COMPANY_LIST_PATHS.admin, roles: ['Admin'], products: ['heat_pump'], order: 112 },
  { id: 'heatpump.admin.sites', label: 'Sites', labelKey: 'heatpump:menu.sites', path: SITE_LIST_PATHS.admin, roles: ['Admin'], products: ['heat_pump'], order: 113 },
  { id: 'heatpump.agency.companies', label: 'Multi-Site', labelKey: 'heatpump:menu.multiSite', path: COMPANY_LIST_PATHS.agency, roles: ['Agency'], products: ['heat_pump'], order: 112 },
  { id: 'heatpump.mscc.sites', label: 'Sites', labelKey: 'heatpump:menu.sites', path: SITE_LIST_PATHS.multisite, roles: ['mscc'], order: 112 },
  { id: 'heatpump.sm.sites', label: 'Sites', labelKey: 'heatpump:menu.sites', path: SITE_LIST_PATHS.sitemanager, roles: ['sm'], order: 112 },
  { id: 'heatpump.admin.contacts', label: 'Multi-Site Contacts', labelKey: 'heatpump:menu.contacts', path: CONTACT_PATHS.admin, roles: ['Admin'], products: ['heat_pump'], order: 114 },
  { id: 'heatpump.admin.managers', label: 'Site Managers', labelKey: 'heatpump:menu.siteManagers', path: MANAGER_PATHS.admin, roles: ['Admin'], products: ['heat_pump'], order: 115 },
  { id: 'heatpump.mscc.contacts', label: 'Multi-Site Contacts', labelKey: 'heatpump:menu.contacts', path: CONTACT_PATHS.multisite, roles: ['mscc'], order: 113 },
  { id: 'heatpump.mscc.managers', label: 'Site Managers', labelKey: 'heatpump:menu.siteManagers', path: MANAGER_PATHS.multisite, roles: ['mscc'], order: 114 },
  { id: 'heatpump.sm.managers', label: 'Site Managers', labelKey: 'heatpump:menu.siteManagers', path: MANAGER_PATHS.sitemanager, roles: ['sm'], order: 113 },
  { id: 'heatpump.admin.models', label: 'Models', labelKey: 'heatpump:menu.models', path: MODELS_PATH, roles: ['Admin'], products: ['heat_pump'], order: 119 },
  {
    id: 'heatpump.agency.attention',
    label: 'Attention',
    labelKey: 'heatpump:menu.attention',
    path: FAULTY_SYSTEMS_PATHS.agency,
    roles: ['Agency'],
    products: ['heat_pump'],
    order: 111,
  },
  { id: 'heatpump.user.devices', label: 'Devices', labelKey: 'heatpump:menu.devices', path: HEAT_PUMP_LIST_PATHS.user, roles: ['User'], order: 100 },
  { id: 'heatpump.mscc.devices', label: 'Devices', labelKey: 'heatpump:menu.devices', path: HEAT_PUMP_LIST_PATHS.multisite, roles: ['mscc'], order: 110 },
  { id: 'heatpump.mscc.attention', label: 'Attention', labelKey: 'heatpump:menu.attention', path: FAULTY_SYSTEMS_PATHS.multisite, roles: ['mscc'], order: 111 },
  { id: 'heatpump.sm.devices', label: 'Devices', labelKey: 'heatpump:menu.devices', path: HEAT_PUMP_LIST_PATHS.sitemanager, roles: ['sm'], order: 110 },
  { id: 'heatpump.sm.attention', label: 'Attention', labelKey: 'heatpump:menu.attention', path: FAULTY_SYSTEMS_PATHS.sitemanager, roles: ['sm'], order: 111 },
];

export const description: RemoteDescription = {
  name: 'mfe-heatpump-nms',
  // Both come from package.json at build time (federation-config's DefinePlugin).
  version: FLEET_REMOTE_VERSION,
  routes,
  menu,
  requires: FLEET_REQUIRES,
};
