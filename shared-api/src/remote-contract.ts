// The contract between the shell and every remote (docs/architecture.md, "The remote contract").
// Types plus two tiny lookup tables, so a remote's `./description` can import it without pulling
// anything else in.

export type UserType = 'Admin' | 'Agency' | 'Electrician' | 'User' | 'mscc' | 'sm' | 'Customer';

export type ProductKey =
  | 'electricity-advisor'
  | 'livelink'
  | 'safelink'
  | 'airlink'
  | 'bulb'
  | 'heat_pump'
  | 'all';

export interface RemoteRoute {
  path: string;
  access: 'public' | 'login' | UserType[];
  products?: ProductKey[];
}

/** The console's languages (spec: en, the fallback, and hi). */
export type Language = 'en' | 'hi';
export const LANGUAGES: readonly Language[] = ['en', 'hi'];

/**
 * A menu text in every language. The shell draws the menus from the descriptions alone, before any
 * remote's code (and so its i18n bundle) is loaded, so a description carries its own words.
 */
export type MenuLabels = Readonly<Record<Language, string>>;

/** A side-menu group: `name` is its identity (the spec's English name), `labels` what it shows. */
export interface MenuGroup {
  name: string;
  labels: MenuLabels;
}

/**
 * One side-menu entry. The menu shows every entry of the role whatever product is selected (the
 * selector filters data, never hides where things are); entries of one role with the same path are
 * one entry (`/admin/dashboard` is declared by the device and the heat-pump remotes).
 */
export interface MenuEntry {
  id: string;
  labels: MenuLabels;
  path: string;
  roles: UserType[];
  group?: MenuGroup;
  order?: number;
}

export interface RemoteDescription {
  name: string;
  version: string;
  routes: RemoteRoute[];
  menu: MenuEntry[];
  /** shared package -> semver range the remote was built against */
  requires: Record<string, string>;
}

/** Mount props every remote's single-spa lifecycles receive. */
export interface RemoteMountProps {
  domElement: HTMLElement;
}

export const USER_TYPES: readonly UserType[] = ['Admin', 'Agency', 'Electrician', 'User', 'mscc', 'sm', 'Customer'];

export const PRODUCT_KEYS: readonly ProductKey[] = [
  'electricity-advisor',
  'livelink',
  'safelink',
  'airlink',
  'bulb',
  'heat_pump',
  'all',
];

/** The device type the server knows a product by (spec 1: electricity-advisor is ihd). */
export type DeviceType = 'ihd' | 'livelink' | 'safelink' | 'airlink' | 'bulb' | 'heat_pump' | 'all';

export function productDeviceType(key: ProductKey): DeviceType {
  return key === 'electricity-advisor' ? 'ihd' : key;
}

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

export function isProductKey(value: unknown): value is ProductKey {
  return typeof value === 'string' && (PRODUCT_KEYS as readonly string[]).includes(value);
}

/**
 * The product a device of a server device type (a device's `product_line`) belongs to, as the product
 * selector and the device lists name it: ihd is Electricity Advisor, and an IHD paired with a livelink
 * (ihd_livelink) is listed with Livelink. Null for a type the console does not know.
 */
export function productOfDeviceType(deviceType: string): ProductKey | null {
  if (deviceType === 'ihd') return 'electricity-advisor';
  if (deviceType === 'ihd_livelink') return 'livelink';
  return deviceType !== 'all' && isProductKey(deviceType) ? deviceType : null;
}
