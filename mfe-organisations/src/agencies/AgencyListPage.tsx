import { useOpenWithBack } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { exportListQuery, useListState } from '@fleet/shared-api/lists';
import { ExportJobButton, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useAgencies, useDeleteAgency, useStartAgencyExport, type AgencyRow } from '../api/agencies';
import { AGENCY_PATHS} from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { ListPage } from '../lists/ListPage';
import { recordPath } from '../record-page/route-record';
import { useProductLine } from './product-line';
import { StatusWord, useStatusFilter } from '../forms/status';

const FILTER_KEYS = ['agency_name', 'email', 'contact', 'postcode', 'status'] as const;

/**
 * Agencies (spec 2.4: /admin/installer-agencies): the filter drawer, each agency's status, agents and
 * devices of the selected product, add, view, edit and delete, and the whole filtered list as CSV.
 */
export function AgencyListPage() {
  const { t } = useOrganisationsTranslation();
  const openWithBack = useOpenWithBack();
  const { line, label } = useProductLine();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const agencies = useAgencies(line, list.toQuery());
  const remove = useDeleteAgency();
  const exportJob = useStartAgencyExport();
  const statusFilter = useStatusFilter();
  const a = (key: string, options?: Record<string, string>) => t(`agencies.agency.${key}`, options);

  const columns: DataColumn<AgencyRow>[] = [
    { key: 'agency_name', header: a('agencyName') },
    { key: 'email', header: a('email') },
    { key: 'contact_name', header: a('contactName'), render: (row) => [row.contact_first_name, row.contact_last_name].filter(Boolean).join(' ') || '-' },
    { key: 'contact', header: a('contact'), render: (row) => row.contact ?? '-' },
    { key: 'postcode', header: a('postcode'), render: (row) => row.postcode ?? '-' },
    { key: 'status', header: t('status.label'), render: (row) => <StatusWord status={row.status} /> },
    { key: 'agents', header: a('agents') },
    { key: 'devices', header: a('devicesOf', { product: label }), sortable: false },
    { key: 'created_at', header: t('agencies.common.created'), render: (row) => formatDate(row.created_at) },
  ];
  const filters: FilterFieldDef[] = [
    { key: 'agency_name', label: a('agencyName') },
    { key: 'email', label: a('email') },
    { key: 'contact', label: a('contact') },
    { key: 'postcode', label: a('postcode') },
    statusFilter,
  ];
  return (
    <ListPage title={a('title')} list={list} result={agencies} columns={columns} filters={filters}
      actions={<ExportJobButton fileName="Agencies.csv" start={async () => (await exportJob.mutateAsync(exportListQuery(list.toQuery()))).info} />}
      add={{ label: a('add'), onClick: () => openWithBack(AGENCY_PATHS.add) }}
      actionsOf={(row) => ({ name: row.agency_name, onView: () => openWithBack(recordPath(AGENCY_PATHS.view, row.id)), onEdit: () => openWithBack(recordPath(AGENCY_PATHS.edit, row.id)) })}
      remove={{ title: a('deleteTitle'), text: (row) => a('deleteText', { name: row.agency_name ?? '' }), onDelete: (row) => remove.mutateAsync(row.id) }}
    />
  );
}
