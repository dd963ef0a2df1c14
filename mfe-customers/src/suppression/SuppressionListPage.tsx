import { EMAIL_PATTERN, Link as RouterLink } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { Box, Button, FormField, Input, Link, NativeSelect, Stack } from '@fleet/shared-ui';
import { EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { useDeleteConfirm, ListHeader, PagedTable, rowActionsColumn, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { useAddSuppression, useRemoveSuppression, useSuppressionList, type Suppressed } from '../api/suppression';
import { customerPaths } from '../description';
import { useCustomersTranslation } from '../i18n/translation';

/** What weekly reports are not sent to, and why (fleet-api's reasons). */
const REASONS = ['Unsubscribed', 'Bounced', 'Complaint', 'Requested by customer'] as const;
const REASON_KEYS: Record<(typeof REASONS)[number], 'unsubscribed' | 'bounced' | 'complaint' | 'requested'> = {
  Unsubscribed: 'unsubscribed',
  Bounced: 'bounced',
  Complaint: 'complaint',
  'Requested by customer': 'requested',
};

const addSchema = yup.object({
  email: yup.string().default('').trim().required('validation.emailRequired').matches(EMAIL_PATTERN, 'validation.emailInvalid'),
  reason: yup.string().default('').required('suppression.reasonRequired'),
});
type AddValues = yup.InferType<typeof addSchema>;


/**
 * Suppression List (spec: Weekly reports, /admin/weekly-reports): the addresses weekly reports are not
 * sent to. Admin adds one (with why) or takes one off; filters, page and sort live in the URL.
 */
export function SuppressionListPage() {
  const { t } = useCustomersTranslation();
  const list = useListState({ filterKeys: ['email', 'reason'] });
  const rows = useSuppressionList(list.toQuery());
  const remove = useRemoveSuppression();
  const [adding, setAdding] = useState(false);
  const deletion = useDeleteConfirm<Suppressed>({
    title: t('suppression.removeTitle'),
    text: (row) => t('suppression.removeText', { email: row.email ?? '' }),
    onDelete: (row) => remove.mutateAsync(row.id),
  });
  const reasonLabel = (reason: string | null) => (reason && reason in REASON_KEYS ? t(`suppression.reasons.${REASON_KEYS[reason as keyof typeof REASON_KEYS]}`) : (reason ?? '-'));

  const columns: DataColumn<Suppressed>[] = [
    { key: 'email', header: t('suppression.email') },
    {
      key: 'customer',
      header: t('suppression.customer'),
      sortable: false,
      render: (row) =>
        row.customer_id ? (
          <Link asChild colorPalette="teal">
            <RouterLink to={customerPaths('admin').detail.replace(':id', String(row.customer_id))}>{row.customer_name ?? row.email}</RouterLink>
          </Link>
        ) : (
          '-'
        ),
    },
    { key: 'reason', header: t('suppression.reason'), render: (row) => reasonLabel(row.reason) },
    { key: 'created_at', header: t('suppression.added'), render: (row) => formatDate(row.created_at) },
    rowActionsColumn(t('list.action'), (row) => ({ name: row.email, onDelete: () => deletion.ask(row) })),
  ];
  const filters: FilterFieldDef[] = [
    { key: 'email', label: t('suppression.email') },
    { key: 'reason', label: t('suppression.reason'), kind: 'multi', options: REASONS.map((r) => ({ value: r, label: reasonLabel(r) })) },
  ];
  return (
    <Box p="4">
      <ListHeader title={t('suppression.title')} list={list} filters={filters}>
        <Button size="sm" onClick={() => setAdding(true)}>
          {t('suppression.add')}
        </Button>
      </ListHeader>
      <PagedTable label={t('suppression.title')} list={list} result={rows} page={rows.data} columns={columns} />
      <AddDialog open={adding} onClose={() => setAdding(false)} reasonLabel={reasonLabel} />
      {deletion.dialog}
    </Box>
  );
}

const EMPTY_ADD: AddValues = { email: '', reason: '' };

function AddDialog({ open, onClose, reasonLabel }: { open: boolean; onClose: () => void; reasonLabel: (reason: string) => string }) {
  const { t } = useCustomersTranslation();
  const add = useAddSuppression();
  const form = useForm<AddValues>({ resolver: yupResolver(addSchema), defaultValues: EMPTY_ADD });
  const {
    register,
    formState: { errors },
  } = form;
  // each opening starts empty; a refusal is said in the dialog (and the toast), what was typed stays
  const { err, dialog, submit } = useDialogForm({ form, open, record: null, valuesOf: () => EMPTY_ADD, save: add, onClose, t });
  return (
    <EditDialog
      {...dialog}
      title={t('suppression.add')}
      submitLabel={t('property.add')}
      cancelLabel={t('property.cancel')}
      onSubmit={submit((values) => add.mutateAsync(values))}
    >
      <Stack gap="4">
        <FormField label={t('suppression.email')} required error={err(errors.email?.message)}>
          <Input size="sm" type="email" autoComplete="off" maxLength={254} {...register('email')} />
        </FormField>
        <FormField label={t('suppression.reason')} required error={err(errors.reason?.message)}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field {...register('reason')}>
              <option value="">{t('tariff.choose')}</option>
              {REASONS.map((r) => (
                <option key={r} value={r}>
                  {reasonLabel(r)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </Stack>
    </EditDialog>
  );
}
