import { formatHeatPumpDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { Box, Button } from '@fleet/shared-ui';
import { useDeleteConfirm, ListHeader, PagedTable, rowActionsColumn, type DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useDeleteModel, useModels, type HeatPumpModel } from '../api/models';
import { useHeatPumpTranslation } from '../i18n/translation';
import { ModelDialog } from './ModelDialog';

const FILTER_KEYS = ['model_name'] as const;

/** /admin/heat_pump/models: the heat-pump models, with how many heat pumps each; add, edit, delete. */
export function ModelsPage() {
  const { t } = useHeatPumpTranslation();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const models = useModels(list.toQuery());
  const remove = useDeleteModel();
  const [dialog, setDialog] = useState<{ open: boolean; model: HeatPumpModel | null }>({ open: false, model: null });
  const deletion = useDeleteConfirm<HeatPumpModel>({
    title: t('models.deleteTitle'),
    text: (row) => t('models.deleteText', { name: row.model_name ?? '' }),
    onDelete: (model) => remove.mutateAsync(model.id),
  });
  const title = t('models.title');

  const columns: DataColumn<HeatPumpModel>[] = [
    { key: 'model_name', header: t('models.name') },
    { key: 'capacity_litres', header: t('models.capacity'), align: 'end' },
    { key: 'description', header: t('models.description'), sortable: false },
    { key: 'heat_pumps', header: t('models.heatPumps'), align: 'end' },
    { key: 'created_at', header: t('models.addedAt'), render: (row) => formatHeatPumpDate(row.created_at) },
    rowActionsColumn(t('list.action'), (row) => ({
      name: row.model_name,
      onEdit: () => setDialog({ open: true, model: row }),
      onDelete: () => deletion.ask(row),
    })),
  ];

  return (
    <Box p="4">
      <ListHeader title={title} list={list} filters={[{ key: 'model_name', label: t('models.name') }]}>
        <Button size="sm" onClick={() => setDialog({ open: true, model: null })}>
          {t('models.add')}
        </Button>
      </ListHeader>
      <PagedTable label={title} list={list} result={models} page={models.data} columns={columns} />
      <ModelDialog open={dialog.open} model={dialog.model} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
      {deletion.dialog}
    </Box>
  );
}
