// The contract between the shell and every remote (docs/architecture.md, "The remote contract").
// Types plus tiny pure functions and no import, so a remote's `./description` can use it at build
// time (as `@fleet/shared-api/remote-contract`) without pulling anything else in.

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
  /**
   * The GET ('/api/...?page=1&...', exactly as the screen sends it) the screen makes first when the
   * page's query string is empty: the shell sends it while the screen's code loads (startEarlyRequest).
   */
  firstRequest?: string;
}

/** Routes that one screen shows, one per value (a product line, an area, a role); made by `routesPer`. */
export interface RoutesPer<Value> {
  readonly each: readonly Value[];
  readonly route: (value: Value) => RemoteRoute;
}

/** One route per value of `each`; the screen of the table's entry is given the value. */
export function routesPer<Value>(each: readonly Value[], route: (value: Value) => RemoteRoute): RoutesPer<Value> {
  return { each, route };
}

/**
 * A remote's route table: each screen by its name, with its route or its routes per value. The one
 * place a remote writes its paths, access and products: `describeRoutes` turns it into the
 * description's routes (at build time, in Node, without React or the screens), shared-ui's
 * `RemoteRoutes` into the router, with the screens under the same names, so a route without a
 * screen or a screen without a route does not compile (docs/architecture.md, "The remote contract").
 */
export type RouteTable = Readonly<Record<string, RemoteRoute | { readonly each: readonly unknown[]; readonly route: (value: never) => RemoteRoute }>>;

/** The routes of a table's entry, each with the value its screen is given (none for a single route). */
export function routesOf(entry: RouteTable[string]): Array<{ route: RemoteRoute; value?: unknown }> {
  if (!('each' in entry)) return [{ route: entry }];
  // an entry's route takes its own values: `routesPer` pairs them
  const route = entry.route as (value: unknown) => RemoteRoute;
  return entry.each.map((value) => ({ route: route(value), value }));
}

/** The description's routes, in the table's order; a path declared twice is a mistake, said here. */
export function describeRoutes(table: RouteTable): RemoteRoute[] {
  const screenOf = new Map<string, string>();
  return Object.entries(table).flatMap(([screen, entry]) =>
    routesOf(entry).map(({ route }) => {
      const other = screenOf.get(route.path);
      if (other !== undefined) throw new Error(`${route.path} is declared twice (screens '${other}' and '${screen}')`);
      screenOf.set(route.path, screen);
      return route;
    }),
  );
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
