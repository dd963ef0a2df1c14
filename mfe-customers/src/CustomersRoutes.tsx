import { RemoteRoutes, type RouteScreens } from '@fleet/shared-ui/remote';
import type { ReactNode } from 'react';
import { CustomerDetailPage } from './customer-detail/CustomerDetailPage';
import { CustomerListPage } from './customer-list/CustomerListPage';
import { CUSTOMER_ROUTES } from './description';
import { SuppressionListPage } from './suppression/SuppressionListPage';
import { TrialPage } from './trial/TrialPage';
import { EmailHistoryPage, TariffHistoryPage } from './history/histories';
import { SyncHistoryPage } from './history/SyncHistoryPage';
import { PropertyTimelinePage } from './property/PropertyTimeline';
import { PropertyViewPage } from './property/PropertyViewPage';

export interface CustomersRoutesProps {
  /** What a path this remote does not own shows: nothing inside the console (the shell mounts its owner). */
  fallback?: ReactNode;
}

/** Each screen, of its area where it has one (key: another area's screen is a new page, its own state). */
const SCREENS: RouteScreens<typeof CUSTOMER_ROUTES> = {
  list: (area) => <CustomerListPage key={area} area={area} />,
  detail: (area) => <CustomerDetailPage key={area} area={area} />,
  emailHistory: (area) => <EmailHistoryPage key={area} area={area} />,
  syncHistory: (area) => <SyncHistoryPage key={area} area={area} />,
  property: (area) => <PropertyViewPage key={area} area={area} />,
  tariffHistory: (area) => <TariffHistoryPage key={area} area={area} />,
  timeline: (area) => <PropertyTimelinePage key={area} area={area} />,
  suppression: () => <SuppressionListPage />,
  trial: () => <TrialPage />,
};

/** Every route of description.ts with its screen, each for its role. */
export function CustomersRoutes({ fallback = null }: CustomersRoutesProps) {
  return <RemoteRoutes table={CUSTOMER_ROUTES} screens={SCREENS} fallback={fallback} />;
}
