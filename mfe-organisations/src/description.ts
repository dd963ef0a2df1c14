// What the shell reads at start-up to learn this remote's routes and menu entries. Type-only imports:
// this module must stay tiny and free of runtime dependencies.
import type { MenuEntry, RemoteDescription, RemoteRoute } from '@fleet/shared-api';

/** Spec 2.4 (Other management screens): so far the aggregators and the electricity retailers. */
export const ORGANISATION_PATHS = {
  aggregators: '/admin/aggregators',
  retailers: '/admin/electricity-retailers',
} as const;

/** Spec 2.11: Manage Electricians groups aggregators, electricians and field workers. */
export const ELECTRICIANS_GROUP = 'Manage Electricians';

const routes: RemoteRoute[] = Object.values(ORGANISATION_PATHS).map((path): RemoteRoute => ({ path, access: ['Admin'] }));

// After Customers (200) and Manage Agencies (300), before Manage Firmwares (600).
const menu: MenuEntry[] = [
  { id: 'organisations.aggregators', label: 'Aggregators', labelKey: 'organisations:menu.aggregators', path: ORGANISATION_PATHS.aggregators, roles: ['Admin'], group: ELECTRICIANS_GROUP, order: 400 },
  { id: 'organisations.retailers', label: 'Electricity Retailers', labelKey: 'organisations:menu.retailers', path: ORGANISATION_PATHS.retailers, roles: ['Admin'], order: 510 },
];

export const description: RemoteDescription = {
  name: 'mfe-organisations',
  // Both come from package.json at build time (federation-config's DefinePlugin).
  version: FLEET_REMOTE_VERSION,
  routes,
  menu,
  requires: FLEET_REQUIRES,
};
