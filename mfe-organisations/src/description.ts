// What the shell reads at start-up to learn this remote's routes and menu entries. Type-only imports:
// this module must stay tiny and free of runtime dependencies.
import type { MenuEntry, RemoteDescription, RemoteRoute } from '@fleet/shared-api';

/** Spec 2.4 (Other management screens): so far the aggregators and the electricity retailers. */
export const ORGANISATION_PATHS = {
  aggregators: '/admin/aggregators',
  retailers: '/admin/electricity-retailers',
} as const;

/** Spec 2.4: Tariffs (the list, create, edit). */
export const TARIFF_PATHS = {
  list: '/admin/tariffs',
  add: '/admin/tariff',
  edit: '/admin/tariff/:id',
} as const;

/** Spec 2.4: one Sliders screen per product line of the customer apps. */
export const SLIDER_PRODUCTS = ['electricity-advisor', 'livelink', 'safelink', 'airlink'] as const;
export type SliderProduct = (typeof SLIDER_PRODUCTS)[number];
export const sliderPath = (product: SliderProduct): string => `/admin/${product}/slider`;

/** Spec 2.11: Manage Electricians groups aggregators, electricians and field workers. */
export const ELECTRICIANS_GROUP = 'Manage Electricians';

const routes: RemoteRoute[] = [...Object.values(ORGANISATION_PATHS), ...Object.values(TARIFF_PATHS), ...SLIDER_PRODUCTS.map(sliderPath)].map(
  (path): RemoteRoute => ({ path, access: ['Admin'] }),
);

/** Spec 2.11: the Sliders group, one entry per product line (the shell keeps the group Admin only). */
export const SLIDERS_GROUP = 'Sliders';
const SLIDER_MENU: Array<[SliderProduct, string, string]> = [
  ['electricity-advisor', 'Electricity Advisor', 'advisor'],
  ['livelink', 'Livelink', 'livelink'],
  ['safelink', 'Safelink', 'safelink'],
  ['airlink', 'Airlink', 'airlink'],
];

// After Customers (200) and Manage Agencies (300), before Manage Firmwares (600).
const menu: MenuEntry[] = [
  { id: 'organisations.aggregators', label: 'Aggregators', labelKey: 'organisations:menu.aggregators', path: ORGANISATION_PATHS.aggregators, roles: ['Admin'], group: ELECTRICIANS_GROUP, order: 400 },
  { id: 'organisations.retailers', label: 'Electricity Retailers', labelKey: 'organisations:menu.retailers', path: ORGANISATION_PATHS.retailers, roles: ['Admin'], order: 510 },
  // Tariffs before Electricity Retailers; Sliders after the Suppression List (700), as spec 2.11 lists them
  { id: 'organisations.tariffs', label: 'Tariffs', labelKey: 'organisations:tariffs.menu.tariffs', path: TARIFF_PATHS.list, roles: ['Admin'], order: 505 },
  ...SLIDER_MENU.map(
    ([product, label, key], index): MenuEntry => ({ id: `organisations.sliders.${key}`, label, labelKey: `organisations:tariffs.menu.${key}`, path: sliderPath(product), roles: ['Admin'], group: SLIDERS_GROUP, order: 710 + index }),
  ),
];

export const description: RemoteDescription = {
  name: 'mfe-organisations',
  // Both come from package.json at build time (federation-config's DefinePlugin).
  version: FLEET_REMOTE_VERSION,
  routes,
  menu,
  requires: FLEET_REQUIRES,
};
