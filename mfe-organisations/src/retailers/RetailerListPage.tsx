import { NAME_MAX_LENGTH, useListState } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { Box, Button, FormField, Input, Stack } from '@fleet/shared-ui';
import { Checkbox } from '@fleet/shared-ui/fields';
import { EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { useDeleteConfirm, ListHeader, PagedTable, rowActionsColumn, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as yup from 'yup';
import { useDeleteRetailer, useRetailers, useSaveRetailer, type Retailer } from '../api/organisations';
import { useOrganisationsTranslation } from '../i18n/translation';

const schema = yup.object({
  retailer_name: yup.string().default('').trim().required('retailers.nameRequired').max(NAME_MAX_LENGTH, 'retailers.nameTooLong'),
  is_top_listed: yup.boolean().default(false),
});
type Values = yup.InferType<typeof schema>;

/** Electricity Retailers (spec 2.4: /admin/electricity-retailers): the list; add, edit and delete in dialogs. */
export function RetailerListPage() {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ filterKeys: ['retailer_name'] });
  const retailers = useRetailers(list.toQuery());
  const remove = useDeleteRetailer();
  const [editing, setEditing] = useState<Retailer | 'new' | null>(null);
  const deletion = useDeleteConfirm<Retailer>({
    title: t('retailers.deleteTitle'),
    text: (row) => t('retailers.deleteText', { name: row.retailer_name ?? '' }),
    onDelete: (row) => remove.mutateAsync(row.electricity_retailer_id),
  });
  const columns: DataColumn<Retailer>[] = [
    { key: 'retailer_name', header: t('retailers.name') },
    { key: 'is_top_listed', header: t('retailers.topListed'), render: (row) => (row.is_top_listed === 1 ? t('common.yes') : t('common.no')) },
    { key: 'properties', header: t('retailers.properties'), sortable: false },
    { key: 'created_at', header: t('common.created'), render: (row) => formatDate(row.created_at) },
    rowActionsColumn(t('common.action'), (row) => ({ name: row.retailer_name, onEdit: () => setEditing(row), onDelete: () => deletion.ask(row) })),
  ];
  const filters: FilterFieldDef[] = [{ key: 'retailer_name', label: t('retailers.name') }];
  return (
    <Box p="4">
      <ListHeader title={t('retailers.title')} list={list} filters={filters}>
        <Button size="sm" onClick={() => setEditing('new')}>
          {t('retailers.add')}
        </Button>
      </ListHeader>
      <PagedTable label={t('retailers.title')} list={list} result={retailers} page={retailers.data} columns={columns} />
      <RetailerDialog editing={editing} onClose={() => setEditing(null)} />
      {deletion.dialog}
    </Box>
  );
}

const retailerValues = (row: Retailer | 'new' | null): Values =>
  row === 'new' || row === null ? { retailer_name: '', is_top_listed: false } : { retailer_name: row.retailer_name, is_top_listed: row.is_top_listed === 1 };

function RetailerDialog({ editing, onClose }: { editing: Retailer | 'new' | null; onClose: () => void }) {
  const { t } = useOrganisationsTranslation();
  const save = useSaveRetailer();
  const form = useForm<Values>({ resolver: yupResolver(schema), defaultValues: { retailer_name: '', is_top_listed: false } });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  // each opening starts from the row; a refusal is said in the dialog (and the toast), what was typed stays
  const { err, dialog, submit } = useDialogForm({ form, open: editing !== null, record: editing, valuesOf: retailerValues, save, onClose, t });
  return (
    <EditDialog
      {...dialog}
      title={editing === 'new' ? t('retailers.add') : t('retailers.edit')}
      submitLabel={t('common.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit((values) => save.mutateAsync({ id: editing === 'new' || editing === null ? null : editing.electricity_retailer_id, ...values }))}
    >
      <Stack gap="4">
        <FormField label={t('retailers.name')} required error={err(errors.retailer_name?.message)}>
          <Input size="sm" autoComplete="off" maxLength={NAME_MAX_LENGTH} {...register('retailer_name')} />
        </FormField>
        <Controller
          control={control}
          name="is_top_listed"
          render={({ field }) => (
            <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} size="sm">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('retailers.topListed')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
      </Stack>
    </EditDialog>
  );
}
