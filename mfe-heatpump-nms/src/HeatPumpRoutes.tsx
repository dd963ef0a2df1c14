import { RemoteRoutes, type RouteScreens } from '@fleet/shared-ui/remote';
import type { ReactNode } from 'react';
import { COMPANY_LIST_PATHS, HEAT_PUMP_LIST_PATHS, HEAT_PUMP_ROUTES, SITE_LIST_PATHS } from './description';
import { ContactsPage, SiteManagersPage } from './multi-site/PeopleLists';
import { CompaniesPage, SitesPage } from './multi-site/PlaceLists';
import { CompanyDashboardPage, SiteDashboardPage } from './multi-site/PlaceDashboards';
import { ModelsPage } from './models/ModelsPage';
import { NetworkDashboardPage } from './network-dashboard/NetworkDashboardPage';
import { HeatPumpBySerialPage, HeatPumpInstallHistoryPage } from './heat-pump-detail/BySerialPages';
import { FaultHistoryPage } from './fault-history/FaultHistoryPage';
import { FaultySystemsPage } from './faulty-systems/FaultySystemsPage';
import { HeatPumpDetailPage } from './heat-pump-detail/HeatPumpDetailPage';
import { HeatPumpListPage } from './heat-pump-list/HeatPumpListPage';
import { SitesDashboardPage, SitesDevicesPage } from './sites-user/SitesUserPages';
import { AdminAlias } from './admin-aliases/AdminAlias';

export interface HeatPumpRoutesProps {
  /** What a path this remote does not own shows: nothing inside the console (the shell mounts its owner). */
  fallback?: ReactNode;
}

// A device page returns to its area's device list; the agency's site returns to its companies.
const SCREENS: RouteScreens<typeof HEAT_PUMP_ROUTES> = {
  adminList: () => <HeatPumpListPage area="admin" />,
  agencyList: () => <HeatPumpListPage area="agency" />,
  dashboard: (role) => <NetworkDashboardPage role={role} />,
  multiSiteDashboard: (role) => <NetworkDashboardPage role={role} />,
  models: () => <ModelsPage />,
  siteManagers: (area) => <SiteManagersPage mayEdit={area !== 'sitemanager'} />,
  contacts: (area) => <ContactsPage chooseCompany={area === 'admin'} />,
  companies: (area) => <CompaniesPage area={area} />,
  sites: (area) => <SitesPage area={area} />,
  sitesUserDashboard: () => <SitesDashboardPage />,
  sitesUserDevices: () => <SitesDevicesPage />,
  adminAlias: ([, to]) => <AdminAlias to={to} />,
  company: (area) => <CompanyDashboardPage area={area} listPath={COMPANY_LIST_PATHS[area]} />,
  site: (area) => <SiteDashboardPage area={area} listPath={area === 'agency' ? COMPANY_LIST_PATHS.agency : SITE_LIST_PATHS[area]} />,
  bySerial: () => <HeatPumpBySerialPage />,
  installHistory: () => <HeatPumpInstallHistoryPage />,
  userList: () => <HeatPumpListPage area="user" />,
  userDevice: () => <HeatPumpDetailPage area="user" listPath={HEAT_PUMP_LIST_PATHS.user} />,
  multiSiteList: (area) => <HeatPumpListPage area={area} />,
  faultySystems: (area) => <FaultySystemsPage area={area} />,
  faultHistory: (area) => <FaultHistoryPage area={area} />,
  device: (area) => <HeatPumpDetailPage area={area} listPath={HEAT_PUMP_LIST_PATHS[area]} />,
};

/** Every route of description.ts with its screen. */
export function HeatPumpRoutes({ fallback = null }: HeatPumpRoutesProps) {
  return <RemoteRoutes table={HEAT_PUMP_ROUTES} screens={SCREENS} fallback={fallback} />;
}
