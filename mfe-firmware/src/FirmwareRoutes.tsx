import type { ReactNode } from 'react';
import { Route, Routes } from '@fleet/shared-api';
import { RequireRole } from '@fleet/shared-ui/remote';
import { FIRMWARE_PATHS } from './description';
import { FirmwaresPage } from './firmwares/FirmwaresPage';
import { GroupDetailsPage } from './groups/GroupDetailsPage';
import { GroupsPage } from './groups/GroupsPage';
import { OtaHistoryPage } from './ota-history/OtaHistoryPage';
import { OtaPushPage } from './ota-push/OtaPushPage';
import { ProductLineGate } from './product-line/ProductLineGate';
import { RulesPage } from './rules/RulesPage';

export interface FirmwareRoutesProps {
  /** What a path this remote does not own shows: nothing inside the console (the shell mounts its owner). */
  fallback?: ReactNode;
}

const screen = (element: ReactNode) => (
  <RequireRole role="Admin">
    <ProductLineGate>{element}</ProductLineGate>
  </RequireRole>
);

/** Every route of description.ts. */
export function FirmwareRoutes({ fallback = null }: FirmwareRoutesProps) {
  return (
    <Routes>
      <Route path={FIRMWARE_PATHS.firmwares} element={screen(<FirmwaresPage />)} />
      <Route path={FIRMWARE_PATHS.otas} element={screen(<OtaPushPage />)} />
      <Route path={FIRMWARE_PATHS.otaHistory} element={screen(<OtaHistoryPage />)} />
      <Route path={FIRMWARE_PATHS.rules} element={screen(<RulesPage />)} />
      <Route path={FIRMWARE_PATHS.groups} element={screen(<GroupsPage />)} />
      <Route path={FIRMWARE_PATHS.groupDetails} element={screen(<GroupDetailsPage />)} />
      <Route path="*" element={fallback} />
    </Routes>
  );
}
