import { Route, Routes } from '@fleet/shared-api';
import { RequireRole } from '@fleet/shared-ui/remote';
import type { ReactNode } from 'react';
import { CustomerDetailPage } from './customer-detail/CustomerDetailPage';
import { CustomerListPage } from './customer-list/CustomerListPage';
import { AREA_ROLE, CUSTOMER_AREAS, customerPaths, SUPPRESSION_PATH, TRIAL_PATH, type CustomerArea, type CustomerScreen } from './description';
import { SuppressionListPage } from './suppression/SuppressionListPage';
import { TrialPage } from './trial/TrialPage';
import { EmailHistoryPage, PropertyTimelinePage, TariffHistoryPage } from './history/histories';
import { SyncHistoryPage } from './history/SyncHistoryPage';
import { PropertyViewPage } from './property/PropertyViewPage';

export interface CustomersRoutesProps {
  /** What a path this remote does not own shows: nothing inside the console (the shell mounts its owner). */
  fallback?: ReactNode;
}

/** Each screen of an area (key: another area's screen is a new page, its own state). */
const SCREENS: Record<CustomerScreen, (area: CustomerArea) => ReactNode> = {
  list: (area) => <CustomerListPage key={area} area={area} />,
  detail: (area) => <CustomerDetailPage key={area} area={area} />,
  emailHistory: (area) => <EmailHistoryPage key={area} area={area} />,
  syncHistory: (area) => <SyncHistoryPage key={area} area={area} />,
  property: (area) => <PropertyViewPage key={area} area={area} />,
  tariffHistory: (area) => <TariffHistoryPage key={area} area={area} />,
  timeline: (area) => <PropertyTimelinePage key={area} area={area} />,
};

/** Every route of description.ts, each for its area's role. */
export function CustomersRoutes({ fallback = null }: CustomersRoutesProps) {
  return (
    <Routes>
      {CUSTOMER_AREAS.flatMap((area) =>
        (Object.entries(customerPaths(area)) as Array<[CustomerScreen, string]>).map(([screen, path]) => (
          <Route key={path} path={path} element={<RequireRole role={AREA_ROLE[area]}>{SCREENS[screen](area)}</RequireRole>} />
        )),
      )}
      <Route path={SUPPRESSION_PATH} element={<RequireRole role="Admin"><SuppressionListPage /></RequireRole>} />
      <Route path={TRIAL_PATH} element={<RequireRole role="Admin"><TrialPage /></RequireRole>} />
      <Route path="*" element={fallback} />
    </Routes>
  );
}
