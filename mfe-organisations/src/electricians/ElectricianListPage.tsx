import { useOpenWithBack } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import type { DataColumn, FilterFieldDef } from '@fleet/shared-ui/tables';
import { useAgencyElectricianDevices, useAggregatorChoices, useDeleteElectrician, useElectricians, type Electrician, type ElectricianArea } from '../api/electricians';
import { useDeviceColumns } from '../devices/device-columns';
import { PagedSection } from '../record-page/PagedSection';
import { ELECTRICIAN_PATHS } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { ListPage } from '../lists/ListPage';
import { recordPath } from '../record-page/route-record';
import { STATES } from '../forms/rules';
import { StatusWord, useStatusFilter } from '../forms/status';

/**
 * Electricians (spec 2.4 /admin/electricians, 2.5 /agency/electricians): the list with its drawer
 * filters; Admin adds, opens, edits and deletes, an agency opens the electricians of its slice.
 */
export function ElectricianListPage({ area }: { area: ElectricianArea }) {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ filterKeys: ['full_name', 'email', 'phone_no', 'company_name', 'abn_number', 'aggregator_id', 'state', 'postcode', 'status'] });
  const statusFilter = useStatusFilter();
  const electricians = useElectricians(area, list.toQuery());
  const aggregators = useAggregatorChoices();
  const remove = useDeleteElectrician();
  const open = useOpenWithBack();
  const admin = area === 'admin';
  const viewPath = admin ? ELECTRICIAN_PATHS.adminView : ELECTRICIAN_PATHS.agencyView;

  const columns: DataColumn<Electrician>[] = [
    { key: 'full_name', header: t('electricians.list.name') },
    { key: 'email', header: t('electricians.list.email') },
    { key: 'phone_no', header: t('electricians.list.phone'), render: (row) => row.phone_no ?? '-' },
    { key: 'company_name', header: t('electricians.list.company'), render: (row) => row.company_name ?? '-' },
    { key: 'aggregator_name', header: t('electricians.list.aggregator'), render: (row) => row.aggregator_name ?? '-' },
    { key: 'state', header: t('electricians.list.state'), render: (row) => row.state ?? '-' },
    { key: 'field_workers', header: t('electricians.list.fieldWorkers'), sortable: false },
    { key: 'status', header: t('status.label'), render: (row) => <StatusWord status={row.status} /> },
    { key: 'created_at', header: t('electricians.list.created'), render: (row) => formatDate(row.created_at) },
  ];
  const filters: FilterFieldDef[] = [
    { key: 'full_name', label: t('electricians.list.name') },
    { key: 'email', label: t('electricians.list.email') },
    { key: 'phone_no', label: t('electricians.list.phone') },
    { key: 'company_name', label: t('electricians.list.company') },
    { key: 'abn_number', label: t('electricians.list.abn') },
    { key: 'aggregator_id', label: t('electricians.list.aggregator'), kind: 'select', options: (aggregators.data ?? []).map((a) => ({ value: String(a.id), label: a.name })) },
    { key: 'state', label: t('electricians.list.state'), kind: 'multi', options: STATES.map((s) => ({ value: s, label: s })) },
    { key: 'postcode', label: t('electricians.list.postcode') },
    statusFilter,
  ];
  return (
    <ListPage title={t('electricians.list.title')} list={list} result={electricians} columns={columns} filters={filters}
      add={admin && { label: t('electricians.list.add'), onClick: () => open(ELECTRICIAN_PATHS.adminAdd) }}
      actionsOf={(row) => ({ name: row.full_name, onView: () => open(recordPath(viewPath, row.id)), ...(admin ? { onEdit: () => open(recordPath(ELECTRICIAN_PATHS.adminEdit, row.id)) } : {}) })}
      remove={admin ? { title: t('electricians.list.deleteTitle'), text: (row) => t('electricians.list.deleteText', { name: row.full_name ?? '' }), onDelete: (row) => remove.mutateAsync(row.id) } : undefined}
    >
      {!admin && <AgencyElectricianDevices />}
    </ListPage>
  );
}

/** The agency's devices its electricians installed, with who installed each (spec 7: /api/agency/electrician/devices). */
function AgencyElectricianDevices() {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ inPage: true });
  const devices = useAgencyElectricianDevices(list.toQuery(), true);
  const columns = useDeviceColumns({ electrician: true, fieldWorker: true });
  return <PagedSection title={t('electricians.list.devicesTitle')} list={list} result={devices} columns={columns} />;
}
