// What the shell reads at start-up to learn this remote's routes and menu entries. It imports types and
// the contract's route table helpers only: the build evaluates it in Node, without React or the screens.
import type { MenuEntry, RemoteDescription, UserType } from '@fleet/shared-api';
import { describeRoutes, routesPer, type RouteTable } from '@fleet/shared-api/remote-contract';

/** The first path segment of each role with customers (spec 2: mscc is multisite, sm sitemanager). */
export const CUSTOMER_AREAS = ['admin', 'agency', 'multisite', 'sitemanager'] as const;
export type CustomerArea = (typeof CUSTOMER_AREAS)[number];

export const AREA_ROLE: Record<CustomerArea, UserType> = { admin: 'Admin', agency: 'Agency', multisite: 'mscc', sitemanager: 'sm' };

/**
 * Spec 2.4's customer screens, under each area's prefix. The spec lists the property screens for Admin
 * (and "customer sub-pages" for Agency); mscc and sm get them as well, since their device lists'
 * addresses lead to the property view.
 */
export function customerPaths(area: CustomerArea) {
  return {
    list: `/${area}/customers`,
    detail: `/${area}/customer/view/:id`,
    emailHistory: `/${area}/customer/customer-email-history/:id`,
    // ?synctype=auto_sync or weekly_report
    syncHistory: `/${area}/customer/auto-sync/:id`,
    property: `/${area}/customer/property/view/:id`,
    tariffHistory: `/${area}/customer/property/view-history/:id`,
    timeline: `/${area}/customer/property/property-timeline/:id`,
  };
}
export type CustomerScreen = keyof ReturnType<typeof customerPaths>;

/** Spec 2.4: Weekly reports, menu label Suppression List (Admin). */
export const SUPPRESSION_PATH = '/admin/weekly-reports';
/** Spec 2.4: a customer's airlink trial (Admin). */
export const TRIAL_PATH = '/admin/customer/trial/:id';

/** A screen of every area, each for the area's role. */
const inEachArea = (screen: CustomerScreen) => routesPer(CUSTOMER_AREAS, (area) => ({ path: customerPaths(area)[screen], access: [AREA_ROLE[area]] }));

/** Each screen's routes (CustomersRoutes gives the screens by these names); every area screen is one. */
export const CUSTOMER_ROUTES = {
  list: inEachArea('list'),
  detail: inEachArea('detail'),
  emailHistory: inEachArea('emailHistory'),
  syncHistory: inEachArea('syncHistory'),
  property: inEachArea('property'),
  tariffHistory: inEachArea('tariffHistory'),
  timeline: inEachArea('timeline'),
  suppression: { path: SUPPRESSION_PATH, access: ['Admin'] },
  trial: { path: TRIAL_PATH, access: ['Admin'] },
} satisfies RouteTable & Record<CustomerScreen, unknown>;

// Spec 2.11: Customers in the menus of Admin, Agency, multisite and sitemanager (after their devices).
const menu: MenuEntry[] = [
  ...CUSTOMER_AREAS.map(
    (area): MenuEntry => ({
      id: `customers.${area}`,
      labels: { en: 'Customers', hi: 'ग्राहक' },
      path: customerPaths(area).list,
      roles: [AREA_ROLE[area]],
      order: 200,
    }),
  ),
  // after the Manage Firmwares group (600s), before Sliders
  { id: 'customers.suppression', labels: { en: 'Suppression List', hi: 'सप्रेशन सूची' }, path: SUPPRESSION_PATH, roles: ['Admin'], order: 700 },
];

export const description: RemoteDescription = {
  name: 'mfe-customers',
  // Both come from package.json at build time (federation-config's DefinePlugin).
  version: FLEET_REMOTE_VERSION,
  routes: describeRoutes(CUSTOMER_ROUTES),
  menu,
  requires: FLEET_REQUIRES,
};
