import { FormField, Input, Stack } from '@fleet/shared-ui';
import { EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { useSavePartner, type PartnerRow } from '../api/partners';
import { useOrganisationsTranslation } from '../i18n/translation';
import { partnerSchema, partnerValues, type PartnerValues } from './partner-form';

/** Add or edit a partner in a dialog; a refusal shows inside it and what was typed stays. */
export function PartnerDialog({ editing, onClose }: { editing: PartnerRow | 'new' | null; onClose: () => void }) {
  const { t } = useOrganisationsTranslation();
  const save = useSavePartner();
  const form = useForm<PartnerValues>({ resolver: yupResolver(partnerSchema), defaultValues: partnerValues(null) });
  const {
    register,
    formState: { errors },
  } = form;
  // each opening starts from the row; a refusal is said in the dialog (and the toast), what was typed stays
  const { err, dialog, submit } = useDialogForm({ form, open: editing !== null, record: editing, valuesOf: (row) => partnerValues(row === 'new' ? null : row), save, onClose, t });
  const p = (key: string) => t(`agencies.partner.${key}`);
  return (
    <EditDialog
      {...dialog}
      title={editing === 'new' ? p('add') : p('edit')}
      submitLabel={t('agencies.common.save')}
      cancelLabel={t('agencies.common.cancel')}
      onSubmit={submit((values) => save.mutateAsync({ id: editing === 'new' || editing === null ? null : editing.id, body: values }))}
    >
      <Stack gap="4">
        <FormField label={p('name')} required error={err(errors.name?.message)}>
          <Input size="sm" autoComplete="off" {...register('name')} />
        </FormField>
        <FormField label={p('email')} error={err(errors.email?.message)}>
          <Input size="sm" type="email" autoComplete="off" maxLength={254} {...register('email')} />
        </FormField>
        <FormField label={p('phone')} error={err(errors.phone?.message)}>
          <Input size="sm" type="tel" autoComplete="off" maxLength={13} {...register('phone')} />
        </FormField>
        <FormField label={p('website')} error={err(errors.website?.message)}>
          <Input size="sm" type="url" autoComplete="off" maxLength={500} {...register('website')} />
        </FormField>
      </Stack>
    </EditDialog>
  );
}
