import { Route, Routes } from '@fleet/shared-api';
import { RequireRole } from '@fleet/shared-ui/remote';
import { LoadingArea } from '@fleet/shared-ui';
import { lazy, Suspense, type ReactNode } from 'react';
import {
  ADMIN_DETAIL_PATHS,
  ADMIN_LIST_PATHS,
  ANALYSIS_PATH,
  DASHBOARD_PATHS,
  DEVICE_PRODUCTS,
  HISTORY_PATHS,
  INSTALL_HISTORY_PATHS,
  ROLE_PATHS,
  SMOKE_ALARM_PATHS,
  type InstallHistoryLine,
} from './description';
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

const admin = (element: ReactNode) => <RequireRole role="Admin">{element}</RequireRole>;

// The dashboards and their charts are fetched only when one is opened (they are not on the device lists' way).
const DashboardPage = lazy(() => import('./dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const AnalysisPage = lazy(() => import('./analysis/AnalysisPage').then((m) => ({ default: m.AnalysisPage })));
const later = (element: ReactNode) => <Suspense fallback={<LoadingArea />}>{element}</Suspense>;
const CUSTOMERS = ['Customer', 'User'] as const;

/** Every route of description.ts. */
export function DevicesRoutes({ fallback = null }: DevicesRoutesProps) {
  const detailPaths = [...new Set(Object.values(ADMIN_DETAIL_PATHS))];
  return (
    <Routes>
      {DEVICE_PRODUCTS.map((product) => (
        // key: a new line is a new list (its own filters and columns)
        <Route key={product} path={ADMIN_LIST_PATHS[product]} element={admin(<DeviceListPage key={product} scope={{ kind: 'admin', product }} />)} />
      ))}
      {detailPaths.map((path) => (
        <Route key={path} path={path} element={admin(<DeviceDetailPage scope="admin" listPath={ADMIN_LIST_PATHS.all} />)} />
      ))}
      <Route path={HISTORY_PATHS.firmware} element={admin(<DeviceHistoryPage kind="firmware" />)} />
      <Route path={HISTORY_PATHS.device} element={admin(<DeviceHistoryPage kind="device" />)} />
      <Route path={HISTORY_PATHS.impulseRate} element={admin(<DeviceHistoryPage kind="impulseRate" />)} />
      <Route path={HISTORY_PATHS.updateRate} element={admin(<DeviceHistoryPage kind="updateRate" />)} />
      {(Object.keys(INSTALL_HISTORY_PATHS) as InstallHistoryLine[]).map((line) => (
        <Route key={line} path={INSTALL_HISTORY_PATHS[line]} element={admin(<InstallHistoryPage key={line} line={line} />)} />
      ))}
      <Route path={SMOKE_ALARM_PATHS.list} element={admin(<SmokeAlarmListPage />)} />
      <Route path={SMOKE_ALARM_PATHS.detail} element={admin(<SmokeAlarmDetailPage />)} />
      <Route path={ROLE_PATHS.agencyList} element={<RequireRole role="Agency"><DeviceListPage scope={{ kind: 'agency' }} /></RequireRole>} />
      <Route path={ROLE_PATHS.agencyDetail} element={<RequireRole role="Agency"><DeviceDetailPage scope="agency" listPath={ROLE_PATHS.agencyList} /></RequireRole>} />
      <Route path={ROLE_PATHS.veuList} element={<RequireRole role="Agency"><DeviceListPage scope={{ kind: 'veu' }} /></RequireRole>} />
      <Route path={ROLE_PATHS.veuDetail} element={<RequireRole role="Agency"><DeviceDetailPage scope="veu" listPath={ROLE_PATHS.veuList} /></RequireRole>} />
      <Route path={ROLE_PATHS.electricianList} element={<RequireRole role="Electrician"><DeviceListPage scope={{ kind: 'electrician' }} /></RequireRole>} />
      <Route
        path={ROLE_PATHS.electricianDetail}
        element={<RequireRole role="Electrician"><DeviceDetailPage scope="electrician" listPath={ROLE_PATHS.electricianList} /></RequireRole>}
      />
      <Route path={ROLE_PATHS.customerList} element={<RequireRole role={CUSTOMERS}><DeviceListPage scope={{ kind: 'customer' }} /></RequireRole>} />
      <Route
        path={ROLE_PATHS.customerDetail}
        element={<RequireRole role={CUSTOMERS}><DeviceDetailPage scope="customer" listPath={ROLE_PATHS.customerList} /></RequireRole>}
      />
      <Route path={DASHBOARD_PATHS.Admin} element={admin(later(<DashboardPage role="Admin" />))} />
      <Route path={DASHBOARD_PATHS.Agency} element={<RequireRole role="Agency">{later(<DashboardPage role="Agency" />)}</RequireRole>} />
      <Route path={ANALYSIS_PATH} element={admin(later(<AnalysisPage />))} />
      <Route path="*" element={fallback} />
    </Routes>
  );
}
