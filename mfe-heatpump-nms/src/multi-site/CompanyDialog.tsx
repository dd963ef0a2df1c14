import { Stack, TextField } from '@fleet/shared-ui';
import { Checkbox } from '@fleet/shared-ui/fields';
import { EditDialog } from '@fleet/shared-ui/overlays';
import { Controller } from 'react-hook-form';
import * as yup from 'yup';
import { useSaveCompany, type CompanyRow } from '../api/nms';
import { textsOf, useRecordDialog } from '../forms/useSchemaDialogForm';
import { NAME_MAX, VALID_EMAIL_RE } from './rules';
import { AddressField } from './AddressField';
import { ChoiceField } from './ChoiceField';

function schemaFor(admin: boolean) {
  return yup.object({
    agency_ids: yup.array(yup.number().required()).default([]).test('agency', 'validation.selectAgency', (v) => !admin || (v?.length ?? 0) > 0),
    company_name: yup.string().trim().default('').required('validation.companyName').max(NAME_MAX, 'validation.companyNameLength'),
    company_address: yup.string().trim().default('').required('validation.companyAddress'),
    contact_person_email: yup.string().trim().default('').required('validation.contactEmail').matches(VALID_EMAIL_RE, 'validation.email'),
    second_factor_required: yup.boolean().default(false),
  });
}
type CompanyValues = yup.InferType<ReturnType<typeof schemaFor>>;

const valuesOf = (c: CompanyRow | null): CompanyValues => ({
  agency_ids: c?.agencies.map((a) => a.id) ?? [],
  ...textsOf(c, ['company_name', 'company_address', 'contact_person_email']),
  second_factor_required: c?.second_factor_required ?? false,
});

/**
 * New or Update Multi-Site Company (spec modal 2): Agency (Admin only, 25 at a time), Company Name,
 * Company Address (with suggestions), Account Admin Email (fixed once created).
 */
export function CompanyDialog({ open, company, admin, onClose }: { open: boolean; company: CompanyRow | null; admin: boolean; onClose: () => void }) {
  const save = useSaveCompany();
  const toBody = (v: CompanyValues) => ({
    ...(admin ? { agency_ids: v.agency_ids } : {}),
    company_name: v.company_name.trim(),
    company_address: v.company_address.trim(),
    ...(company ? {} : { contact_person_email: v.contact_person_email.trim() }),
    // Admin's update only (issue 24): an agency may not change who must use a second factor
    ...(admin && company ? { second_factor_required: v.second_factor_required } : {}),
  });
  const { t, err, editDialog, register, control, errors } = useRecordDialog({ schema: schemaFor(admin), open, record: company, valuesOf, save, onClose, titles: ['companyForm.updateTitle', 'companyForm.newTitle'], toBody });

  return (
    <EditDialog {...editDialog}>
      <Stack gap="4">
        {admin && (
          <ChoiceField
            control={control}
            name="agency_ids"
            legend={t('companyForm.agency')}
            list="agencies"
            search={(text): Record<string, string> => (text ? { agency_name: text } : {})}
            toOption={(row) => ({ id: Number(row.id), label: String(row.agency_name) })}
            known={company?.agencies.map((a) => ({ id: a.id, label: a.agency_name })) ?? []}
            multiple
            error={err(errors.agency_ids?.message)}
          />
        )}
        <TextField label={t('companyForm.name')} required maxLength={NAME_MAX} error={err(errors.company_name?.message)} {...register('company_name')} />
        <AddressField label={t('companyForm.address')} required error={err(errors.company_address?.message)} {...register('company_address')} />
        <TextField label={t('companyForm.email')} required type="email" disabled={company !== null} error={err(errors.contact_person_email?.message)} {...register('contact_person_email')} />
        {admin && company && (
          <Controller
            control={control}
            name="second_factor_required"
            render={({ field }) => (
              <Checkbox.Root size="sm" checked={field.value} onCheckedChange={(d) => field.onChange(d.checked === true)}>
                <Checkbox.HiddenInput name="second_factor_required" />
                <Checkbox.Control />
                <Checkbox.Label>{t('companyForm.twoStep')}</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
        )}
      </Stack>
    </EditDialog>
  );
}
