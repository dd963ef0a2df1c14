import type { ReactNode } from 'react';
import { RemoteRoutes, type RouteScreens } from '@fleet/shared-ui/remote';
import { FIRMWARE_ROUTES } from './description';
import { FirmwaresPage } from './firmwares/FirmwaresPage';
import { GroupDetailsPage } from './groups/GroupDetailsPage';
import { GroupsPage } from './groups/GroupsPage';
import { OtaHistoryPage } from './ota-history/OtaHistoryPage';
import { OtaPushPage } from './ota-push/OtaPushPage';
import { ProductLineGate } from './product-line/ProductLineGate';
import { NewRolloutPage } from './rollouts/NewRolloutPage';
import { RolloutDetailPage } from './rollouts/RolloutDetailPage';
import { RolloutsPage } from './rollouts/RolloutsPage';
import { RulesPage } from './rules/RulesPage';

export interface FirmwareRoutesProps {
  /** What a path this remote does not own shows: nothing inside the console (the shell mounts its owner). */
  fallback?: ReactNode;
}

// Every firmware screen needs a product line chosen (inside the Admin guard of its route).
const SCREENS: RouteScreens<typeof FIRMWARE_ROUTES> = {
  firmwares: () => <ProductLineGate><FirmwaresPage /></ProductLineGate>,
  otas: () => <ProductLineGate><OtaPushPage /></ProductLineGate>,
  otaHistory: () => <ProductLineGate><OtaHistoryPage /></ProductLineGate>,
  rules: () => <ProductLineGate><RulesPage /></ProductLineGate>,
  groups: () => <ProductLineGate><GroupsPage /></ProductLineGate>,
  groupDetails: () => <ProductLineGate><GroupDetailsPage /></ProductLineGate>,
  rollouts: () => <ProductLineGate><RolloutsPage /></ProductLineGate>,
  newRollout: () => <ProductLineGate><NewRolloutPage /></ProductLineGate>,
  rolloutDetails: () => <ProductLineGate><RolloutDetailPage /></ProductLineGate>,
};

/** Every route of description.ts with its screen. */
export function FirmwareRoutes({ fallback = null }: FirmwareRoutesProps) {
  return <RemoteRoutes table={FIRMWARE_ROUTES} screens={SCREENS} fallback={fallback} />;
}
