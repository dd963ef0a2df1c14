import { Route, Routes } from '@fleet/shared-api';
import { RequireRole } from '@fleet/shared-ui/remote';
import type { ReactNode } from 'react';
import { AgencyAddPage, AgencyEditPage } from './agencies/AgencyFormPage';
import { AgencyListPage } from './agencies/AgencyListPage';
import { AgencyViewPage } from './agencies/AgencyViewPage';
import { AggregatorListPage } from './aggregators/AggregatorListPage';
import { AGENCY_AGENT_PATHS, AGENCY_PATHS, ELECTRICIAN_PATHS, FIELD_WORKER_PATHS, ORGANISATION_PATHS, SLIDER_PRODUCTS, sliderPath, TARIFF_PATHS } from './description';
import { ElectricianAddPage, ElectricianEditPage } from './electricians/ElectricianFormPage';
import { ElectricianListPage } from './electricians/ElectricianListPage';
import { ElectricianViewPage } from './electricians/ElectricianViewPage';
import { FieldWorkerDevicesPage } from './field-workers/FieldWorkerDevicesPage';
import { FieldWorkerAddPage, FieldWorkerEditPage } from './field-workers/FieldWorkerFormPage';
import { FieldWorkerListPage } from './field-workers/FieldWorkerListPage';
import { FieldWorkerViewPage } from './field-workers/FieldWorkerViewPage';
import { AdminAgentListPage } from './installer-agents/AdminAgentListPage';
import { AdminAgentViewPage } from './installer-agents/AdminAgentViewPage';
import { AgencyAgentAddPage, AgencyAgentEditPage } from './installer-agents/AgencyAgentFormPage';
import { AgencyAgentListPage } from './installer-agents/AgencyAgentListPage';
import { AgencyAgentViewPage } from './installer-agents/AgencyAgentViewPage';
import { AgentDevicesPage } from './installer-agents/AgentDevicesPage';
import { IntegrationListPage } from './integrations/IntegrationListPage';
import { IntegrationViewPage } from './integrations/IntegrationViewPage';
import { PartnerListPage } from './partners/PartnerListPage';
import { PartnerViewPage } from './partners/PartnerViewPage';
import { RetailerListPage } from './retailers/RetailerListPage';
import { SliderListPage } from './sliders/SliderListPage';
import { TariffListPage } from './tariffs/TariffListPage';
import { TariffPage } from './tariffs/TariffPage';

/** Admin's agency screens (spec 2.4) and the agency's installation agents (spec 2.5), by path. */
const ADMIN_SCREENS: Array<[string, ReactNode]> = [
  [AGENCY_PATHS.list, <AgencyListPage key="list" />],
  [AGENCY_PATHS.add, <AgencyAddPage key="add" />],
  [AGENCY_PATHS.view, <AgencyViewPage key="view" />],
  [AGENCY_PATHS.edit, <AgencyEditPage key="edit" />],
  [AGENCY_PATHS.integrations, <IntegrationListPage key="integrations" />],
  [AGENCY_PATHS.integration, <IntegrationViewPage key="integration" />],
  [AGENCY_PATHS.partners, <PartnerListPage key="partners" />],
  [AGENCY_PATHS.partner, <PartnerViewPage key="partner" />],
  [AGENCY_PATHS.agents, <AdminAgentListPage key="agents" />],
  [AGENCY_PATHS.agent, <AdminAgentViewPage key="agent" />],
  [AGENCY_PATHS.agentDevices, <AgentDevicesPage key="agent-devices" />],
];
const AGENCY_SCREENS: Array<[string, ReactNode]> = [
  [AGENCY_AGENT_PATHS.list, <AgencyAgentListPage key="list" />],
  [AGENCY_AGENT_PATHS.add, <AgencyAgentAddPage key="add" />],
  [AGENCY_AGENT_PATHS.view, <AgencyAgentViewPage key="view" />],
  [AGENCY_AGENT_PATHS.edit, <AgencyAgentEditPage key="edit" />],
];

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
      {/* Electricians and field workers (the `key` starts a page afresh when the area changes). */}
      <Route path={ELECTRICIAN_PATHS.adminList} element={<RequireRole role="Admin"><ElectricianListPage key="admin" area="admin" /></RequireRole>} />
      <Route path={ELECTRICIAN_PATHS.adminAdd} element={<RequireRole role="Admin"><ElectricianAddPage /></RequireRole>} />
      <Route path={ELECTRICIAN_PATHS.adminView} element={<RequireRole role="Admin"><ElectricianViewPage key="admin" area="admin" /></RequireRole>} />
      <Route path={ELECTRICIAN_PATHS.adminEdit} element={<RequireRole role="Admin"><ElectricianEditPage /></RequireRole>} />
      <Route path={ELECTRICIAN_PATHS.agencyList} element={<RequireRole role="Agency"><ElectricianListPage key="agency" area="agency" /></RequireRole>} />
      <Route path={ELECTRICIAN_PATHS.agencyView} element={<RequireRole role="Agency"><ElectricianViewPage key="agency" area="agency" /></RequireRole>} />
      <Route path={FIELD_WORKER_PATHS.adminList} element={<RequireRole role="Admin"><FieldWorkerListPage key="admin" area="admin" /></RequireRole>} />
      <Route path={FIELD_WORKER_PATHS.adminView} element={<RequireRole role="Admin"><FieldWorkerViewPage key="admin" area="admin" /></RequireRole>} />
      <Route path={FIELD_WORKER_PATHS.adminDevices} element={<RequireRole role="Admin"><FieldWorkerDevicesPage /></RequireRole>} />
      <Route path={FIELD_WORKER_PATHS.agencyList} element={<RequireRole role="Agency"><FieldWorkerListPage key="agency" area="agency" /></RequireRole>} />
      <Route path={FIELD_WORKER_PATHS.agencyView} element={<RequireRole role="Agency"><FieldWorkerViewPage key="agency" area="agency" /></RequireRole>} />
      <Route path={FIELD_WORKER_PATHS.electricianList} element={<RequireRole role="Electrician"><FieldWorkerListPage key="electrician" area="electrician" /></RequireRole>} />
      <Route path={FIELD_WORKER_PATHS.electricianAdd} element={<RequireRole role="Electrician"><FieldWorkerAddPage /></RequireRole>} />
      <Route path={FIELD_WORKER_PATHS.electricianView} element={<RequireRole role="Electrician"><FieldWorkerViewPage key="electrician" area="electrician" /></RequireRole>} />
      <Route path={FIELD_WORKER_PATHS.electricianEdit} element={<RequireRole role="Electrician"><FieldWorkerEditPage /></RequireRole>} />
      <Route path={TARIFF_PATHS.list} element={<RequireRole role="Admin"><TariffListPage /></RequireRole>} />
      <Route path={TARIFF_PATHS.add} element={<RequireRole role="Admin"><TariffPage /></RequireRole>} />
      <Route path={TARIFF_PATHS.edit} element={<RequireRole role="Admin"><TariffPage /></RequireRole>} />
      {SLIDER_PRODUCTS.map((product) => (
        <Route key={product} path={sliderPath(product)} element={<RequireRole role="Admin"><SliderListPage key={product} product={product} /></RequireRole>} />
      ))}
      {ADMIN_SCREENS.map(([path, screen]) => <Route key={path} path={path} element={<RequireRole role="Admin">{screen}</RequireRole>} />)}
      {AGENCY_SCREENS.map(([path, screen]) => <Route key={path} path={path} element={<RequireRole role="Agency">{screen}</RequireRole>} />)}
      <Route path="*" element={fallback} />
    </Routes>
  );
}
