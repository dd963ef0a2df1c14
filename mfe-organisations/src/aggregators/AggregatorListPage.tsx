import { NAME_MAX_LENGTH, useListState } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { Box, Button, FormField, Input } from '@fleet/shared-ui';
import { EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { useDeleteConfirm, ListHeader, PagedTable, rowActionsColumn, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { useAggregators, useDeleteAggregator, useSaveAggregator, type Aggregator } from '../api/organisations';
import { useOrganisationsTranslation } from '../i18n/translation';

const schema = yup.object({ name: yup.string().default('').trim().required('aggregators.nameRequired').max(NAME_MAX_LENGTH, 'aggregators.nameTooLong') });
type Values = yup.InferType<typeof schema>;

/** Aggregators (spec 2.4: /admin/aggregators): the list with its name filter; add, rename and delete in dialogs. */
export function AggregatorListPage() {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ filterKeys: ['name'] });
  const aggregators = useAggregators(list.toQuery());
  const remove = useDeleteAggregator();
  const [editing, setEditing] = useState<Aggregator | 'new' | null>(null);
  const deletion = useDeleteConfirm<Aggregator>({
    title: t('aggregators.deleteTitle'),
    text: (row) => t('aggregators.deleteText', { name: row.name ?? '' }),
    onDelete: (row) => remove.mutateAsync(row.id),
  });
  const columns: DataColumn<Aggregator>[] = [
    { key: 'name', header: t('aggregators.name') },
    { key: 'electricians', header: t('aggregators.electricians') },
    { key: 'created_at', header: t('common.created'), render: (row) => formatDate(row.created_at) },
    rowActionsColumn(t('common.action'), (row) => ({ name: row.name, onEdit: () => setEditing(row), onDelete: () => deletion.ask(row) })),
  ];
  const filters: FilterFieldDef[] = [{ key: 'name', label: t('aggregators.name') }];
  return (
    <Box p="4">
      <ListHeader title={t('aggregators.title')} list={list} filters={filters}>
        <Button size="sm" onClick={() => setEditing('new')}>
          {t('aggregators.add')}
        </Button>
      </ListHeader>
      <PagedTable label={t('aggregators.title')} list={list} result={aggregators} page={aggregators.data} columns={columns} />
      <AggregatorDialog editing={editing} onClose={() => setEditing(null)} />
      {deletion.dialog}
    </Box>
  );
}

function AggregatorDialog({ editing, onClose }: { editing: Aggregator | 'new' | null; onClose: () => void }) {
  const { t } = useOrganisationsTranslation();
  const save = useSaveAggregator();
  const form = useForm<Values>({ resolver: yupResolver(schema), defaultValues: { name: '' } });
  const {
    register,
    formState: { errors },
  } = form;
  // each opening starts from the row; a refusal is said in the dialog (and the toast), what was typed stays
  const { err, dialog, submit } = useDialogForm({ form, open: editing !== null, record: editing, valuesOf: (row) => ({ name: row === 'new' || row === null ? '' : row.name }), save, onClose, t });
  return (
    <EditDialog
      {...dialog}
      title={editing === 'new' ? t('aggregators.add') : t('aggregators.edit')}
      submitLabel={t('common.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit((values) => save.mutateAsync({ id: editing === 'new' || editing === null ? null : editing.id, name: values.name }))}
    >
      <FormField label={t('aggregators.name')} required error={err(errors.name?.message)}>
        <Input size="sm" autoComplete="off" maxLength={NAME_MAX_LENGTH} {...register('name')} />
      </FormField>
    </EditDialog>
  );
}
