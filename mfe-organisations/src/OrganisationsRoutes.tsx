import { Route, Routes } from '@fleet/shared-api';
import { RequireRole } from '@fleet/shared-ui/remote';
import type { ReactNode } from 'react';
import { AggregatorListPage } from './aggregators/AggregatorListPage';
import { ORGANISATION_PATHS, SLIDER_PRODUCTS, sliderPath, TARIFF_PATHS } from './description';
import { RetailerListPage } from './retailers/RetailerListPage';
import { SliderListPage } from './sliders/SliderListPage';
import { TariffListPage } from './tariffs/TariffListPage';
import { TariffPage } from './tariffs/TariffPage';

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
      <Route path={TARIFF_PATHS.list} element={<RequireRole role="Admin"><TariffListPage /></RequireRole>} />
      <Route path={TARIFF_PATHS.add} element={<RequireRole role="Admin"><TariffPage /></RequireRole>} />
      <Route path={TARIFF_PATHS.edit} element={<RequireRole role="Admin"><TariffPage /></RequireRole>} />
      {SLIDER_PRODUCTS.map((product) => (
        <Route key={product} path={sliderPath(product)} element={<RequireRole role="Admin"><SliderListPage key={product} product={product} /></RequireRole>} />
      ))}
      <Route path="*" element={fallback} />
    </Routes>
  );
}
