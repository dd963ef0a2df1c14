import { useOpenWithBack } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import type { DataColumn, FilterFieldDef } from '@fleet/shared-ui/tables';
import { useDeleteFieldWorker, useFieldWorkers, type FieldWorker, type FieldWorkerArea } from '../api/electricians';
import { FIELD_WORKER_PATHS } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { linkColumn } from '../lists/columns';
import { ListPage } from '../lists/ListPage';
import { recordPath } from '../record-page/route-record';
import { FIELD_WORKER_AREA_PATHS } from './area-paths';

/**
 * Field workers (spec 2.4 /admin/electricians-installers, 2.5 /agency/electricians-agents, 2.6
 * /electrician/installer-agents): Admin and an agency see whose they are; the electrician adds, edits
 * and deletes its own.
 */
export function FieldWorkerListPage({ area }: { area: FieldWorkerArea }) {
  const { t } = useOrganisationsTranslation();
  const own = area === 'electrician';
  const list = useListState({ filterKeys: own ? ['full_name', 'email', 'phone'] : ['full_name', 'email', 'phone', 'electrician_name', 'company_name'] });
  const workers = useFieldWorkers(area, list.toQuery());
  const remove = useDeleteFieldWorker();
  const open = useOpenWithBack();
  const paths = FIELD_WORKER_AREA_PATHS[area];
  const electricianView = paths.electrician;
  const title = area === 'agency' ? t('electricians.fieldWorkers.agencyTitle') : t('electricians.fieldWorkers.title');

  const columns: DataColumn<FieldWorker>[] = [
    { key: 'full_name', header: t('electricians.fieldWorkers.name') },
    { key: 'email', header: t('electricians.fieldWorkers.email') },
    { key: 'phone', header: t('electricians.fieldWorkers.phone'), render: (row) => row.phone ?? '-' },
    ...(electricianView
      ? [
          linkColumn<FieldWorker>('electrician_name', t('electricians.fieldWorkers.electrician'), (row) => recordPath(electricianView, row.electrician_id), (row) => row.electrician_name, { small: true }),
          { key: 'company_name', header: t('electricians.fieldWorkers.company'), render: (row: FieldWorker) => row.company_name ?? '-' },
        ]
      : []),
    { key: 'devices', header: t('electricians.fieldWorkers.devices'), sortable: false },
    { key: 'created_at', header: t('electricians.fieldWorkers.created'), render: (row) => formatDate(row.created_at) },
  ];
  const filters: FilterFieldDef[] = [
    { key: 'full_name', label: t('electricians.fieldWorkers.name') },
    { key: 'email', label: t('electricians.fieldWorkers.email') },
    { key: 'phone', label: t('electricians.fieldWorkers.phone') },
    ...(own
      ? []
      : [
          { key: 'electrician_name', label: t('electricians.fieldWorkers.electrician') },
          { key: 'company_name', label: t('electricians.fieldWorkers.company') },
        ]),
  ];
  return (
    <ListPage title={title} list={list} result={workers} columns={columns} filters={filters}
      add={own && { label: t('electricians.fieldWorkers.add'), onClick: () => open(FIELD_WORKER_PATHS.electricianAdd) }}
      actionsOf={(row) => ({ name: row.full_name, onView: () => open(recordPath(paths.view, row.id)), ...(own ? { onEdit: () => open(recordPath(FIELD_WORKER_PATHS.electricianEdit, row.id)) } : {}) })}
      remove={own ? { title: t('electricians.fieldWorkers.deleteTitle'), text: (row) => t('electricians.fieldWorkers.deleteText', { name: row.full_name ?? '' }), onDelete: (row) => remove.mutateAsync(row.id) } : undefined}
    />
  );
}
