import { useListState } from '@fleet/shared-api/lists';
import { Text } from '@fleet/shared-ui';
import type { DataColumn, FilterFieldDef } from '@fleet/shared-ui/tables';
import { useIntegrations, type IntegrationRow } from '../api/agencies';
import { FLOWS } from '../agencies/agency-form';
import { StatusWord, useStatusFilter } from '../forms/status';
import { AGENCY_PATHS} from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { linkColumn } from '../lists/columns';
import { ListPage } from '../lists/ListPage';
import { recordPath } from '../record-page/route-record';

const FILTER_KEYS = ['agency_name', 'status', 'flows'] as const;

/**
 * Integrations (spec 2.4: /admin/integrations; what an integration is, is our decision): per agency,
 * the installer app it runs (flows offered, agents ready to sign in) and how many of its devices
 * arrived by each channel (Installer App, Customer App, Console).
 */
export function IntegrationListPage() {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const integrations = useIntegrations(list.toQuery());
  const statusFilter = useStatusFilter();
  const i = (key: string, options?: Record<string, string | number>) => t(`agencies.integration.${key}`, options);
  const columns: DataColumn<IntegrationRow>[] = [
    linkColumn('agency_name', i('agency'), (row) => recordPath(AGENCY_PATHS.integration, row.id), (row) => row.agency_name),
    { key: 'status', header: t('status.label'), render: (row) => <StatusWord status={row.status} /> },
    { key: 'flows', header: i('flows'), sortable: false, render: (row) => row.flows.map((f) => t(`agencies.flows.${f}`)).join(', ') || t('agencies.common.none') },
    { key: 'agents_ready', header: i('agentsReady'), sortable: false, render: (row) => i('agentsReadyOf', { ready: row.agents_ready, total: row.agents }) },
    { key: 'installer_app', header: i('installerApp'), sortable: false, render: (row) => row.channels.installer_app },
    { key: 'customer_app', header: i('customerApp'), sortable: false, render: (row) => row.channels.customer_app },
    { key: 'console', header: i('console'), sortable: false, render: (row) => row.channels.console },
    { key: 'other', header: i('other'), sortable: false, render: (row) => row.channels.other },
    { key: 'devices', header: i('devices'), sortable: false },
  ];
  const filters: FilterFieldDef[] = [
    { key: 'agency_name', label: i('agency') },
    statusFilter,
    { key: 'flows', label: i('flows'), kind: 'multi', options: FLOWS.map((f) => ({ value: f, label: t(`agencies.flows.${f}`) })) },
  ];
  return (
    <ListPage title={i('title')} list={list} result={integrations} columns={columns} filters={filters}
      intro={
        <Text fontSize="sm" color="fg.muted" mb="3">
          {i('intro')}
        </Text>
      }
    />
  );
}
