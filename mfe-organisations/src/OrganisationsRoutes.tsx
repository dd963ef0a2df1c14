import { Route, Routes } from '@fleet/shared-api';
import { RequireRole } from '@fleet/shared-ui/remote';
import type { ReactNode } from 'react';
import { AggregatorListPage } from './aggregators/AggregatorListPage';
import { ORGANISATION_PATHS } from './description';
import { RetailerListPage } from './retailers/RetailerListPage';

export interface OrganisationsRoutesProps {
  /** What a path this remote does not own shows: nothing inside the console (the shell mounts its owner). */
  fallback?: ReactNode;
}

/** Every route of description.ts. */
export function OrganisationsRoutes({ fallback = null }: OrganisationsRoutesProps) {
  return (
    <Routes>
      <Route path={ORGANISATION_PATHS.aggregators} element={<RequireRole role="Admin"><AggregatorListPage /></RequireRole>} />
      <Route path={ORGANISATION_PATHS.retailers} element={<RequireRole role="Admin"><RetailerListPage /></RequireRole>} />
      <Route path="*" element={fallback} />
    </Routes>
  );
}
