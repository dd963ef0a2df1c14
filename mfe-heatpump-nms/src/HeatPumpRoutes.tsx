import { Route, Routes } from '@fleet/shared-api';
import { RequireRole } from '@fleet/shared-ui/remote';
import type { ReactNode } from 'react';
import { ADMIN_ALIASES, SITES_USER_PATHS, SITES_USER_ROLES, AREA_ROLE, DEVICE_DETAIL_PATHS, FAULT_AREAS, FAULT_HISTORY_PATHS, FAULTY_SYSTEMS_PATHS, HEAT_PUMP_LIST_PATHS, SERIAL_PATHS, DASHBOARD_PATHS, MODELS_PATH, COMPANY_VIEW_PATHS, SITE_VIEW_PATHS, COMPANY_LIST_PATHS, SITE_LIST_PATHS, MANAGER_PATHS, CONTACT_PATHS } from './description';
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

/** The device list each area's device page returns to. */
const LIST_OF = {
  admin: HEAT_PUMP_LIST_PATHS.admin,
  agency: HEAT_PUMP_LIST_PATHS.agency,
  multisite: HEAT_PUMP_LIST_PATHS.multisite,
  sitemanager: HEAT_PUMP_LIST_PATHS.sitemanager,
  user: HEAT_PUMP_LIST_PATHS.user,
} as const;

/** Every route of description.ts. */
export function HeatPumpRoutes({ fallback = null }: HeatPumpRoutesProps) {
  return (
    <Routes>
      <Route path={HEAT_PUMP_LIST_PATHS.admin} element={<RequireRole role="Admin"><HeatPumpListPage area="admin" /></RequireRole>} />
      <Route path={HEAT_PUMP_LIST_PATHS.agency} element={<RequireRole role="Agency"><HeatPumpListPage area="agency" /></RequireRole>} />
      {(['Admin', 'Agency', 'mscc', 'sm'] as const).map((role) => (
        <Route key={`dashboard-${role}`} path={DASHBOARD_PATHS[role]} element={<RequireRole role={role}><NetworkDashboardPage role={role} /></RequireRole>} />
      ))}
      <Route path={MODELS_PATH} element={<RequireRole role="Admin"><ModelsPage /></RequireRole>} />
      <Route path={MANAGER_PATHS.admin} element={<RequireRole role="Admin"><SiteManagersPage mayEdit /></RequireRole>} />
      <Route path={MANAGER_PATHS.multisite} element={<RequireRole role="mscc"><SiteManagersPage mayEdit /></RequireRole>} />
      <Route path={MANAGER_PATHS.sitemanager} element={<RequireRole role="sm"><SiteManagersPage mayEdit={false} /></RequireRole>} />
      <Route path={CONTACT_PATHS.admin} element={<RequireRole role="Admin"><ContactsPage chooseCompany /></RequireRole>} />
      <Route path={CONTACT_PATHS.multisite} element={<RequireRole role="mscc"><ContactsPage chooseCompany={false} /></RequireRole>} />
      <Route path={COMPANY_LIST_PATHS.admin} element={<RequireRole role="Admin"><CompaniesPage area="admin" /></RequireRole>} />
      <Route path={COMPANY_LIST_PATHS.agency} element={<RequireRole role="Agency"><CompaniesPage area="agency" /></RequireRole>} />
      <Route path={SITE_LIST_PATHS.admin} element={<RequireRole role="Admin"><SitesPage area="admin" /></RequireRole>} />
      <Route path={SITE_LIST_PATHS.multisite} element={<RequireRole role="mscc"><SitesPage area="multisite" /></RequireRole>} />
      <Route path={SITE_LIST_PATHS.sitemanager} element={<RequireRole role="sm"><SitesPage area="sitemanager" /></RequireRole>} />
      <Route path={SITE_LIST_PATHS.agency} element={<RequireRole role="Agency"><SitesPage area="agency" /></RequireRole>} />
      <Route path={SITES_USER_PATHS.dashboard} element={<RequireRole role={SITES_USER_ROLES}><SitesDashboardPage /></RequireRole>} />
      <Route path={SITES_USER_PATHS.devices} element={<RequireRole role={SITES_USER_ROLES}><SitesDevicesPage /></RequireRole>} />
      {Object.entries(ADMIN_ALIASES).map(([path, to]) => (
        <Route key={path} path={path} element={<RequireRole role="Admin"><AdminAlias to={to} /></RequireRole>} />
      ))}
      <Route path={COMPANY_VIEW_PATHS.admin} element={<RequireRole role="Admin"><CompanyDashboardPage area="admin" listPath={COMPANY_LIST_PATHS.admin} /></RequireRole>} />
      <Route path={COMPANY_VIEW_PATHS.agency} element={<RequireRole role="Agency"><CompanyDashboardPage area="agency" listPath={COMPANY_LIST_PATHS.agency} /></RequireRole>} />
      {FAULT_AREAS.map((area) => (
        <Route
          key={`site-${area}`}
          path={SITE_VIEW_PATHS[area]}
          element={<RequireRole role={AREA_ROLE[area]}><SiteDashboardPage area={area} listPath={area === 'agency' ? COMPANY_LIST_PATHS.agency : SITE_LIST_PATHS[area]} /></RequireRole>}
        />
      ))}
      <Route path={SERIAL_PATHS.detail} element={<RequireRole role="Admin"><HeatPumpBySerialPage /></RequireRole>} />
      <Route path={SERIAL_PATHS.installHistory} element={<RequireRole role="Admin"><HeatPumpInstallHistoryPage /></RequireRole>} />
      {/* spec 2.10: /user/dashboard needs only a login; the server answers each caller its slice */}
      <Route path={HEAT_PUMP_LIST_PATHS.user} element={<HeatPumpListPage area="user" />} />
      <Route path={DEVICE_DETAIL_PATHS.user} element={<HeatPumpDetailPage area="user" listPath={LIST_OF.user} />} />
      <Route path={HEAT_PUMP_LIST_PATHS.multisite} element={<RequireRole role="mscc"><HeatPumpListPage area="multisite" /></RequireRole>} />
      <Route path={HEAT_PUMP_LIST_PATHS.sitemanager} element={<RequireRole role="sm"><HeatPumpListPage area="sitemanager" /></RequireRole>} />
      {FAULT_AREAS.map((area) => (
        <Route
          key={`faults-${area}`}
          path={FAULTY_SYSTEMS_PATHS[area]}
          element={<RequireRole role={AREA_ROLE[area]}><FaultySystemsPage area={area} /></RequireRole>}
        />
      ))}
      {FAULT_AREAS.map((area) => (
        <Route
          key={`history-${area}`}
          path={FAULT_HISTORY_PATHS[area]}
          element={<RequireRole role={AREA_ROLE[area]}><FaultHistoryPage area={area} /></RequireRole>}
        />
      ))}
      {FAULT_AREAS.map((area) => (
        <Route
          key={`device-${area}`}
          path={DEVICE_DETAIL_PATHS[area]}
          element={<RequireRole role={AREA_ROLE[area]}><HeatPumpDetailPage area={area} listPath={LIST_OF[area]} /></RequireRole>}
        />
      ))}
      <Route path="*" element={fallback} />
    </Routes>
  );
}
