import type { ProductKey, UserType } from '../remote-contract';

/**
 * API path prefix of a role (spec 6). Agency has two: `/api/agency/nms` for network-management
 * (heat-pump NMS) calls and `/api/agency` for the rest; sm and mscc only have NMS prefixes.
 */
export function apiPrefix(userType: UserType, options: { nms?: boolean } = {}): string {
  switch (userType) {
    case 'Admin':
      return '/api';
    case 'Agency':
      return options.nms ? '/api/agency/nms' : '/api/agency';
    case 'sm':
      return '/api/sm/nms';
    case 'mscc':
      return '/api/mscc/nms';
    default:
      return `/api/${userType.toLowerCase()}`;
  }
}

const WEB_PREFIX: Record<UserType, string> = {
  Admin: 'admin',
  Agency: 'agency',
  mscc: 'multisite',
  sm: 'sitemanager',
  Electrician: 'electrician',
  Customer: 'customer',
  User: 'user',
};

/** First path segment of a role's screens (spec 2.4-2.8; the customer list maps mscc and sm too). */
export function webPrefix(userType: UserType): string {
  return WEB_PREFIX[userType];
}

/**
 * Where a role lands after login and when it opens a public page (spec 2.2). The spec names homes
 * for Admin, Agency, Electrician and User only ("other types: not shown"); we chose each other
 * role's first screen in its route table: mscc /multisite/dashboard (2.7), sm /sitemanager/dashboard
 * (2.8), Customer /customer/devices (2.3).
 */
export function homePath(userType: UserType, selectedProduct?: ProductKey | null): string {
  switch (userType) {
    case 'Admin':
      return '/admin/dashboard';
    case 'Agency':
      return selectedProduct === 'heat_pump' ? '/agency/dashboard' : '/agency/devices';
    case 'Electrician':
      return '/electrician/devices';
    case 'User':
      return '/user/dashboard';
    case 'mscc':
      return '/multisite/dashboard';
    case 'sm':
      return '/sitemanager/dashboard';
    case 'Customer':
      return '/customer/devices';
  }
}

/** Profile screen of a role (spec 2.4-2.8: mscc and sm keep their own /mscc and /sm prefixes). */
export function profilePath(userType: UserType): string {
  switch (userType) {
    case 'mscc':
      return '/mscc/profile';
    case 'sm':
      return '/sm/profile';
    default:
      return `/${webPrefix(userType)}/profile`;
  }
}

/** Roles with customers, and so a property view (mfe-customers, spec 2.4-2.8). */
const PROPERTY_AREAS: Partial<Record<UserType, string>> = { Admin: 'admin', Agency: 'agency', mscc: 'multisite', sm: 'sitemanager' };

/**
 * The property view a role opens from a device list's address (a route of mfe-customers: a link,
 * never an import), or null for roles without one (Electrician, Customer, User).
 */
export function propertyViewOf(userType: UserType | null): ((propertyId: number) => string) | null {
  const area = userType ? PROPERTY_AREAS[userType] : undefined;
  return area ? (propertyId) => `/${area}/customer/property/view/${propertyId}` : null;
}

/**
 * The device page a role opens from a row (routes of mfe-devices and mfe-heatpump-nms: links, never
 * imports): a heat pump's page or another line's, or null where the role has none (mscc and sm have
 * heat-pump pages only, the electrician and the customer other lines' pages only, User its heat pumps).
 */
const HEAT_PUMP_PAGE: Partial<Record<UserType, string>> = {
  Admin: '/admin/heat_pump/device/view/',
  Agency: '/agency/heat_pump/device/view/',
  mscc: '/multisite/device/view/',
  sm: '/sitemanager/device/view/',
  User: '/user/device/view/',
};
const DEVICE_PAGE: Partial<Record<UserType, string>> = {
  Admin: '/admin/devices/view/',
  Agency: '/agency/devices/view/',
  Electrician: '/electrician/device/view/',
  Customer: '/customer/devices/view/',
};

export function deviceViewOf(userType: UserType | null, device: { id: number; product_line: string }): string | null {
  if (!userType) return null;
  const prefix = device.product_line === 'heat_pump' ? HEAT_PUMP_PAGE[userType] : DEVICE_PAGE[userType];
  return prefix ? `${prefix}${device.id}` : null;
}
