// What the shell reads at start-up to learn this remote's routes and menu entries. It imports types and
// the contract's route table helpers only: the build evaluates it in Node, without React or the screens.
import type { MenuEntry, MenuGroup, MenuLabels, ProductKey, RemoteDescription, UserType } from '@fleet/shared-api';
import { describeRoutes, routesPer, type RouteTable } from '@fleet/shared-api/remote-contract';

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
const NOT_HEAT_PUMP: ProductKey[] = ['all', 'electricity-advisor', 'livelink', 'safelink', 'airlink', 'bulb'];

/** Each screen's routes (DevicesRoutes gives the screens by these names). */
export const DEVICE_ROUTES = {
  adminList: routesPer(DEVICE_PRODUCTS, (product) => ({ path: ADMIN_LIST_PATHS[product], access: ADMIN })),
  // one detail screen; electricity advisor's devices open at the path of all devices
  adminDetail: routesPer([...new Set(Object.values(ADMIN_DETAIL_PATHS))], (path) => ({ path, access: ADMIN })),
  history: routesPer(Object.keys(HISTORY_PATHS) as Array<keyof typeof HISTORY_PATHS>, (kind) => ({ path: HISTORY_PATHS[kind], access: ADMIN })),
  smokeAlarms: { path: SMOKE_ALARM_PATHS.list, access: ADMIN },
  smokeAlarm: { path: SMOKE_ALARM_PATHS.detail, access: ADMIN },
  installHistory: routesPer(Object.keys(INSTALL_HISTORY_PATHS) as InstallHistoryLine[], (line) => ({ path: INSTALL_HISTORY_PATHS[line], access: ADMIN })),
  // the list's first page with the product selector on All (the default); description.test checks it
  agencyList: { path: ROLE_PATHS.agencyList, access: ['Agency'], firstRequest: '/api/agency/devices/all?page=1&limit=25&orderBy=desc&sortBy=created_at&deviceType=all' },
  agencyDetail: { path: ROLE_PATHS.agencyDetail, access: ['Agency'] },
  veuList: { path: ROLE_PATHS.veuList, access: ['Agency'] },
  veuDetail: { path: ROLE_PATHS.veuDetail, access: ['Agency'] },
  electricianList: { path: ROLE_PATHS.electricianList, access: ['Electrician'] },
  electricianDetail: { path: ROLE_PATHS.electricianDetail, access: ['Electrician'] },
  // spec 2.10: customer routes need only a login; the server answers each caller its own devices
  customerList: { path: ROLE_PATHS.customerList, access: 'login' },
  customerDetail: { path: ROLE_PATHS.customerDetail, access: 'login' },
  dashboard: routesPer(['Admin', 'Agency'] as const, (role) => ({ path: DASHBOARD_PATHS[role], access: [role], products: NOT_HEAT_PUMP })),
  analysis: { path: ANALYSIS_PATH, access: ADMIN },
} satisfies RouteTable;

/** Spec 2.11: Admin's device menus, one per product family, in one group. */
export const DEVICES_GROUP: MenuGroup = { name: 'Devices', labels: { en: 'Devices', hi: 'डिवाइस' } };

/** Each Admin list by the product's name (the heat-pump remote adds Heat Pump to the group). */
const ADMIN_LIST_LABELS: Record<DeviceProduct, MenuLabels> = {
  all: { en: 'All Devices', hi: 'सभी डिवाइस' },
  'electricity-advisor': { en: 'Electricity Advisor', hi: 'इलेक्ट्रिसिटी एडवाइज़र' },
  livelink: { en: 'Livelink', hi: 'लाइवलिंक' },
  safelink: { en: 'Safelink', hi: 'सेफ़लिंक' },
  airlink: { en: 'Airlink', hi: 'एयरलिंक' },
  bulb: { en: 'Lighting', hi: 'लाइटिंग' },
};
const ADMIN_LIST_ORDER: Record<DeviceProduct, number> = { all: 100, 'electricity-advisor': 101, livelink: 102, safelink: 103, airlink: 105, bulb: 106 };

const DASHBOARD: MenuLabels = { en: 'Dashboard', hi: 'डैशबोर्ड' };
const DEVICES: MenuLabels = { en: 'Devices', hi: 'डिवाइस' };

// Spec 2.11: Admin's Dashboard first (Analysis after it), then the Devices group with a list per
// product (every one, whatever product is selected: the shell's menu hides no area); the agency's
// Dashboard before its devices. User has two lists: its heat pumps (the heat-pump remote's "Heat
// Pumps") and its devices of the other lines, named apart.
const menu: MenuEntry[] = [
  { id: 'devices.admin.dashboard', labels: DASHBOARD, path: DASHBOARD_PATHS.Admin, roles: ADMIN, order: 10 },
  { id: 'devices.admin.analysis', labels: { en: 'Analysis', hi: 'विश्लेषण' }, path: ANALYSIS_PATH, roles: ADMIN, order: 11 },
  { id: 'devices.agency.dashboard', labels: DASHBOARD, path: DASHBOARD_PATHS.Agency, roles: ['Agency'], order: 10 },
  ...DEVICE_PRODUCTS.map(
    (product): MenuEntry => ({
      id: `devices.admin.${product}`,
      labels: ADMIN_LIST_LABELS[product],
      path: ADMIN_LIST_PATHS[product],
      roles: ADMIN,
      group: DEVICES_GROUP,
      order: ADMIN_LIST_ORDER[product],
    }),
  ),
  // the smoke alarms safelink hubs look after: after the safelink devices
  { id: 'devices.admin.smoke-alarm', labels: { en: 'Smoke Alarms', hi: 'स्मोक अलार्म' }, path: SMOKE_ALARM_PATHS.list, roles: ADMIN, group: DEVICES_GROUP, order: 104 },
  { id: 'devices.agency', labels: DEVICES, path: ROLE_PATHS.agencyList, roles: ['Agency'], order: 100 },
  { id: 'devices.veu', labels: { en: 'Devices - VEU', hi: 'डिवाइस - VEU' }, path: ROLE_PATHS.veuList, roles: ['Agency'], order: 130 },
  { id: 'devices.electrician', labels: DEVICES, path: ROLE_PATHS.electricianList, roles: ['Electrician'], order: 100 },
  { id: 'devices.customer', labels: DEVICES, path: ROLE_PATHS.customerList, roles: ['Customer'], order: 100 },
  // User: every line but heat pump here (its heat pumps are /user/dashboard, "Heat Pumps")
  { id: 'devices.user', labels: { en: 'Other Devices', hi: 'अन्य डिवाइस' }, path: ROLE_PATHS.customerList, roles: ['User'], order: 101 },
];

export const description: RemoteDescription = {
  name: 'mfe-devices',
  // Both come from package.json at build time (federation-config's DefinePlugin).
  version: FLEET_REMOTE_VERSION,
  routes: describeRoutes(DEVICE_ROUTES),
  menu,
  requires: FLEET_REQUIRES,
};
