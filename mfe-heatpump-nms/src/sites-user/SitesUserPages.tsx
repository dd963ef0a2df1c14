import { useSignedInRole } from '@fleet/shared-ui/remote';
import { HeatPumpListPage } from '../heat-pump-list/HeatPumpListPage';
import { NetworkDashboardPage } from '../network-dashboard/NetworkDashboardPage';

/**
 * Spec 2.9's sites user is the site manager (or the company contact) of the signed-in session: its
 * routes show the same slice as the role's own pages, under /sites/ (RequireRole lets only sm and
 * mscc in; the server answers each its own sites).
 */
export function SitesDashboardPage() {
  return <NetworkDashboardPage role={useSignedInRole() === 'mscc' ? 'mscc' : 'sm'} />;
}

/** The heat pumps of the signed-in site manager's (or company contact's) sites. */
export function SitesDevicesPage() {
  return <HeatPumpListPage area={useSignedInRole() === 'mscc' ? 'multisite' : 'sitemanager'} />;
}
