// What the shell reads at start-up to learn this remote's routes and menu entries. Type-only imports:
// this module must stay tiny and free of runtime dependencies.
import type { MenuEntry, ProductKey, RemoteDescription, RemoteRoute, UserType } from '@fleet/shared-api';

/** The lines this remote lists, by the product selector's key (heat pump is mfe-heatpump-nms'). */
export const DEVICE_PRODUCTS = ['all', 'electricity-advisor', 'livelink', 'safelink', 'airlink', 'bulb'] as const;
export type DeviceProduct = (typeof DEVICE_PRODUCTS)[number];

/** Spec 2.4: the Admin list of each product, and its device detail. */
export const ADMIN_LIST_PATHS: Record<DeviceProduct, string> = {
  all: '/admin/all/devices',
  'electricity-advisor': '/admin/electricity-advisor/devices',
  livelink: '/admin/livelink/devices',
  safelink: '/admin/safelink/devices',
  airlink: '/admin/airlink/devices',
  bulb: '/admin/bulb/devices',
};

export const ADMIN_DETAIL_PATHS: Record<DeviceProduct, string> = {
  all: '/admin/devices/view/:id',
  'electricity-advisor': '/admin/devices/view/:id',
  livelink: '/admin/livelink/devices/view/:id',
  safelink: '/admin/safelink/device/view/:id',
  airlink: '/admin/airlink/device/view/:id',
  bulb: '/admin/bulb/device/view/:id',
};

export const HISTORY_PATHS = {
  firmware: '/admin/device/view/firmware-history/:id',
  device: '/admin/device/view/device-history/:id',
  impulseRate: '/admin/device/view/impulse-rate-history/:id',
  updateRate: '/admin/device/view/update-rate-history/:id',
} as const;

/** Spec 2.4: Admin's smoke alarms (of every safelink hub) and one alarm. */
export const SMOKE_ALARM_PATHS = {
  list: '/admin/smoke-alarm/devices',
  detail: '/admin/smoke-alarm/device/view/:id',
} as const;

/**
 * Spec 2.4's per-line "device-history" pages: the install history of a serial number or MAC address
 * (livelink's is keyed by device id in the spec: the id's serial number is looked up first).
 */
export const INSTALL_HISTORY_PATHS = {
  livelink: '/admin/livelink/device-history/:id',
  safelink: '/admin/safelink/device-history/:mac_address',
  airlink: '/admin/airlink/device-history/:serial_number',
  bulb: '/admin/bulb/device-history/:serial_number',
} as const;
export type InstallHistoryLine = keyof typeof INSTALL_HISTORY_PATHS;

/** Spec 2.3, 2.5, 2.6: each role's devices and one device (the agency's detail route is our decision). */
export const ROLE_PATHS = {
  agencyList: '/agency/devices',
  agencyDetail: '/agency/devices/view/:id',
  veuList: '/agency/dataforce-devices',
  veuDetail: '/agency/dataforce-device/:id',
  electricianList: '/electrician/devices',
  electricianDetail: '/electrician/device/view/:id',
  customerList: '/customer/devices',
  customerDetail: '/customer/devices/view/:id',
} as const;

/**
 * Spec 2.2, 2.4, 2.5, 2.14: the device dashboards, for every product but heat pump (whose network
 * dashboard is mfe-heatpump-nms's, at the same paths: the shell gives a path to the route of the selected
 * product), and Admin's analysis page (the spec names no route: ours, in Admin's menu after Dashboard).
 */
export const DASHBOARD_PATHS = { Admin: '/admin/dashboard', Agency: '/agency/dashboard' } as const;
export const ANALYSIS_PATH = '/admin/analysis';

const ADMIN: UserType[] = ['Admin'];
const CUSTOMER: UserType[] = ['Customer', 'User'];
const NOT_HEAT_PUMP: ProductKey[] = ['all', 'electricity-advisor', 'livelink', 'safelink', 'airlink', 'bulb'];

const routes: RemoteRoute[] = [
  ...[
    ...new Set([
      ...Object.values(ADMIN_LIST_PATHS),
      ...Object.values(ADMIN_DETAIL_PATHS),
      ...Object.values(HISTORY_PATHS),
      ...Object.values(SMOKE_ALARM_PATHS),
      ...Object.values(INSTALL_HISTORY_PATHS),
    ]),
  ].map(
    (path): RemoteRoute => ({ path, access: ADMIN }),
  ),
  { path: ROLE_PATHS.agencyList, access: ['Agency'] },
  { path: ROLE_PATHS.agencyDetail, access: ['Agency'] },
  { path: ROLE_PATHS.veuList, access: ['Agency'] },
  { path: ROLE_PATHS.veuDetail, access: ['Agency'] },
  { path: ROLE_PATHS.electricianList, access: ['Electrician'] },
  { path: ROLE_PATHS.electricianDetail, access: ['Electrician'] },
  // spec 2.10: customer routes need only a login; the server answers each caller its own devices
  { path: ROLE_PATHS.customerList, access: 'login' },
  { path: ROLE_PATHS.customerDetail, access: 'login' },
  { path: DASHBOARD_PATHS.Admin, access: ADMIN, products: NOT_HEAT_PUMP },
  { path: DASHBOARD_PATHS.Agency, access: ['Agency'], products: NOT_HEAT_PUMP },
  { path: ANALYSIS_PATH, access: ADMIN },
];

// Spec 2.11: Admin's Dashboard first (Analysis after it), then a device menu per product family (shown
// for the selected product); the agency's Dashboard before its devices.
const menu: MenuEntry[] = [
  { id: 'devices.admin.dashboard', label: 'Dashboard', labelKey: 'devices:menu.dashboard', path: DASHBOARD_PATHS.Admin, roles: ADMIN, products: NOT_HEAT_PUMP, order: 10 },
  { id: 'devices.admin.analysis', label: 'Analysis', labelKey: 'devices:menu.analysis', path: ANALYSIS_PATH, roles: ADMIN, order: 11 },
  { id: 'devices.agency.dashboard', label: 'Dashboard', labelKey: 'devices:menu.dashboard', path: DASHBOARD_PATHS.Agency, roles: ['Agency'], products: NOT_HEAT_PUMP, order: 10 },
  ...DEVICE_PRODUCTS.map(
    (product, index): MenuEntry => ({
      id: `devices.admin.${product}`,
      label: product === 'all' ? 'All Devices' : 'Devices',
      labelKey: product === 'all' ? 'devices:menu.allDevices' : 'devices:menu.devices',
      path: ADMIN_LIST_PATHS[product],
      roles: ADMIN,
      products: [product],
      order: 100 + index,
    }),
  ),
  // the smoke alarms safelink hubs look after: under the safelink product, after its devices
  {
    id: 'devices.admin.smoke-alarm',
    label: 'Smoke Alarms',
    labelKey: 'devices:menu.smokeAlarms',
    path: SMOKE_ALARM_PATHS.list,
    roles: ADMIN,
    products: ['safelink'],
    order: 100 + DEVICE_PRODUCTS.length,
  },
  { id: 'devices.agency', label: 'Devices', labelKey: 'devices:menu.devices', path: ROLE_PATHS.agencyList, roles: ['Agency'], products: NOT_HEAT_PUMP, order: 100 },
  { id: 'devices.veu', label: 'Devices - VEU', labelKey: 'devices:menu.veu', path: ROLE_PATHS.veuList, roles: ['Agency'], order: 130 },
  { id: 'devices.electrician', label: 'Devices', labelKey: 'devices:menu.devices', path: ROLE_PATHS.electricianList, roles: ['Electrician'], order: 100 },
  { id: 'devices.customer', label: 'Devices', labelKey: 'devices:menu.devices', path: ROLE_PATHS.customerList, roles: CUSTOMER, order: 100 },
];

export const description: RemoteDescription = {
  name: 'mfe-devices',
  // Both come from package.json at build time (federation-config's DefinePlugin).
  version: FLEET_REMOTE_VERSION,
  routes,
  menu,
  requires: FLEET_REQUIRES,
};
