import { Link as RouterLink, useListState, useOpenWithBack } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { Box, Button, Link } from '@fleet/shared-ui';
import { useDeleteConfirm, ListHeader, PagedTable, rowActionsColumn, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useDeleteFieldWorker, useFieldWorkers, type FieldWorker, type FieldWorkerArea } from '../api/electricians';
import { FIELD_WORKER_PATHS } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
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
  const deletion = useDeleteConfirm<FieldWorker>({
    title: t('electricians.fieldWorkers.deleteTitle'),
    text: (row) => t('electricians.fieldWorkers.deleteText', { name: row.full_name ?? '' }),
    onDelete: (row) => remove.mutateAsync(row.id),
  });
  const paths = FIELD_WORKER_AREA_PATHS[area];
  const electricianView = paths.electrician;
  const title = area === 'agency' ? t('electricians.fieldWorkers.agencyTitle') : t('electricians.fieldWorkers.title');

  const columns: DataColumn<FieldWorker>[] = [
    { key: 'full_name', header: t('electricians.fieldWorkers.name') },
    { key: 'email', header: t('electricians.fieldWorkers.email') },
    { key: 'phone', header: t('electricians.fieldWorkers.phone'), render: (row) => row.phone ?? '-' },
    ...(electricianView
      ? [
          {
            key: 'electrician_name',
            header: t('electricians.fieldWorkers.electrician'),
            render: (row: FieldWorker) => (
              <Link asChild colorPalette="teal" fontSize="sm">
                <RouterLink to={recordPath(electricianView, row.electrician_id)}>{row.electrician_name}</RouterLink>
              </Link>
            ),
          },
          { key: 'company_name', header: t('electricians.fieldWorkers.company'), render: (row: FieldWorker) => row.company_name ?? '-' },
        ]
      : []),
    { key: 'devices', header: t('electricians.fieldWorkers.devices'), sortable: false },
    { key: 'created_at', header: t('electricians.fieldWorkers.created'), render: (row) => formatDate(row.created_at) },
    rowActionsColumn(t('electricians.list.action'), (row) => ({
      name: row.full_name,
      onView: () => open(recordPath(paths.view, row.id)),
      ...(own ? { onEdit: () => open(recordPath(FIELD_WORKER_PATHS.electricianEdit, row.id)), onDelete: () => deletion.ask(row) } : {}),
    })),
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
    <Box p="4">
      <ListHeader title={title} list={list} filters={filters}>
        {own && (
          <Button size="sm" onClick={() => open(FIELD_WORKER_PATHS.electricianAdd)}>
            {t('electricians.fieldWorkers.add')}
          </Button>
        )}
      </ListHeader>
      <PagedTable label={title} list={list} result={workers} page={workers.data} columns={columns} />
      {deletion.dialog}
    </Box>
  );
}
