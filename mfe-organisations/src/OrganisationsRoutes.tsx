import { RemoteRoutes, type RouteScreens } from '@fleet/shared-ui/remote';
import type { ReactNode } from 'react';
import { AgencyAddPage, AgencyEditPage } from './agencies/AgencyFormPage';
import { AgencyListPage } from './agencies/AgencyListPage';
import { AgencyViewPage } from './agencies/AgencyViewPage';
import { AggregatorListPage } from './aggregators/AggregatorListPage';
import { AuditLogPage } from './audit-log/AuditLogPage';
import { SecurityEventsPage } from './audit-log/SecurityEventsPage';
import { ORGANISATION_ROUTES } from './description';
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

export interface OrganisationsRoutesProps {
  /** What a path this remote does not own shows: nothing inside the console (the shell mounts its owner). */
  fallback?: ReactNode;
}

// `key`: a list or view of another area (or slider of another line) starts afresh.
const SCREENS: RouteScreens<typeof ORGANISATION_ROUTES> = {
  aggregators: () => <AggregatorListPage />,
  retailers: () => <RetailerListPage />,
  tariffs: () => <TariffListPage />,
  tariffAdd: () => <TariffPage />,
  tariffEdit: () => <TariffPage />,
  sliders: (product) => <SliderListPage key={product} product={product} />,
  electricians: () => <ElectricianListPage key="admin" area="admin" />,
  electricianAdd: () => <ElectricianAddPage />,
  electrician: () => <ElectricianViewPage key="admin" area="admin" />,
  electricianEdit: () => <ElectricianEditPage />,
  agencyElectricians: () => <ElectricianListPage key="agency" area="agency" />,
  agencyElectrician: () => <ElectricianViewPage key="agency" area="agency" />,
  fieldWorkers: () => <FieldWorkerListPage key="admin" area="admin" />,
  fieldWorker: () => <FieldWorkerViewPage key="admin" area="admin" />,
  fieldWorkerDevices: () => <FieldWorkerDevicesPage />,
  agencyFieldWorkers: () => <FieldWorkerListPage key="agency" area="agency" />,
  agencyFieldWorker: () => <FieldWorkerViewPage key="agency" area="agency" />,
  electricianFieldWorkers: () => <FieldWorkerListPage key="electrician" area="electrician" />,
  electricianFieldWorkerAdd: () => <FieldWorkerAddPage />,
  electricianFieldWorker: () => <FieldWorkerViewPage key="electrician" area="electrician" />,
  electricianFieldWorkerEdit: () => <FieldWorkerEditPage />,
  agencies: () => <AgencyListPage />,
  agencyAdd: () => <AgencyAddPage />,
  agencyView: () => <AgencyViewPage />,
  agencyEdit: () => <AgencyEditPage />,
  integrations: () => <IntegrationListPage />,
  integration: () => <IntegrationViewPage />,
  partners: () => <PartnerListPage />,
  partner: () => <PartnerViewPage />,
  installerAgents: () => <AdminAgentListPage />,
  installerAgent: () => <AdminAgentViewPage />,
  installerAgentDevices: () => <AgentDevicesPage />,
  installationAgents: () => <AgencyAgentListPage />,
  installationAgentAdd: () => <AgencyAgentAddPage />,
  installationAgent: () => <AgencyAgentViewPage />,
  installationAgentEdit: () => <AgencyAgentEditPage />,
  auditLogs: (area) => <AuditLogPage key={area} area={area} />,
  securityEvents: () => <SecurityEventsPage />,
};

/** Every route of description.ts with its screen. */
export function OrganisationsRoutes({ fallback = null }: OrganisationsRoutesProps) {
  return <RemoteRoutes table={ORGANISATION_ROUTES} screens={SCREENS} fallback={fallback} />;
}
