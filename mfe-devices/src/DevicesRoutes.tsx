import { LoadingArea } from '@fleet/shared-ui';
import { RemoteRoutes, RequireRole, type RouteScreens } from '@fleet/shared-ui/remote';
import { lazy, Suspense, type ReactNode } from 'react';
import { ADMIN_LIST_PATHS, DEVICE_ROUTES, ROLE_PATHS } from './description';
import { DeviceDetailPage } from './device-detail/DeviceDetailPage';
import { DeviceHistoryPage } from './device-history/DeviceHistoryPage';
import { InstallHistoryPage } from './device-history/InstallHistoryPage';
import { SmokeAlarmDetailPage } from './smoke-alarms/SmokeAlarmDetailPage';
import { SmokeAlarmListPage } from './smoke-alarms/SmokeAlarmListPage';
import { DeviceListPage } from './device-list/DeviceListPage';

export interface DevicesRoutesProps {
  /** What a path this remote does not own shows: nothing inside the console (the shell mounts its owner). */
  fallback?: ReactNode;
}

// The dashboards and their charts are fetched only when one is opened (they are not on the device lists' way).
const DashboardPage = lazy(() => import('./dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const AnalysisPage = lazy(() => import('./analysis/AnalysisPage').then((m) => ({ default: m.AnalysisPage })));
const later = (element: ReactNode) => <Suspense fallback={<LoadingArea />}>{element}</Suspense>;
/** The customer routes admit any sign-in in the shell (spec 2.10); their screens are the customer's and the user's. */
const customers = (element: ReactNode) => <RequireRole role={['Customer', 'User']}>{element}</RequireRole>;

const SCREENS: RouteScreens<typeof DEVICE_ROUTES> = {
  // key: a new line is a new list (its own filters and columns)
  adminList: (product) => <DeviceListPage key={product} scope={{ kind: 'admin', product }} />,
  adminDetail: () => <DeviceDetailPage scope="admin" listPath={ADMIN_LIST_PATHS.all} />,
  history: (kind) => <DeviceHistoryPage kind={kind} />,
  smokeAlarms: () => <SmokeAlarmListPage />,
  smokeAlarm: () => <SmokeAlarmDetailPage />,
  installHistory: (line) => <InstallHistoryPage key={line} line={line} />,
  agencyList: () => <DeviceListPage scope={{ kind: 'agency' }} />,
  agencyDetail: () => <DeviceDetailPage scope="agency" listPath={ROLE_PATHS.agencyList} />,
  veuList: () => <DeviceListPage scope={{ kind: 'veu' }} />,
  veuDetail: () => <DeviceDetailPage scope="veu" listPath={ROLE_PATHS.veuList} />,
  electricianList: () => <DeviceListPage scope={{ kind: 'electrician' }} />,
  electricianDetail: () => <DeviceDetailPage scope="electrician" listPath={ROLE_PATHS.electricianList} />,
  customerList: () => customers(<DeviceListPage scope={{ kind: 'customer' }} />),
  customerDetail: () => customers(<DeviceDetailPage scope="customer" listPath={ROLE_PATHS.customerList} />),
  dashboard: (role) => later(<DashboardPage role={role} />),
  analysis: () => later(<AnalysisPage />),
};

/** Every route of description.ts with its screen. */
export function DevicesRoutes({ fallback = null }: DevicesRoutesProps) {
  return <RemoteRoutes table={DEVICE_ROUTES} screens={SCREENS} fallback={fallback} />;
}
