import { SimpleGrid, Stack, TextField } from '@fleet/shared-ui';
import { EditDialog } from '@fleet/shared-ui/overlays';
import type { UseFormRegisterReturn } from 'react-hook-form';
import * as yup from 'yup';
import { useSaveContact, useSaveSiteManager, type ContactRow, type SiteManagerRow } from '../api/nms';
import { textsOf, useRecordDialog } from '../forms/useSchemaDialogForm';
import { useHeatPumpTranslation } from '../i18n/translation';
import { ChoiceField } from './ChoiceField';
import { COMPANY_CHOICES, nameSearch } from './PagedChoice';
import { NAME_MAX, VALID_EMAIL_RE } from './rules';

const names = {
  first_name: yup.string().trim().default('').required('validation.firstName').max(NAME_MAX, 'validation.firstNameLength'),
  last_name: yup.string().trim().default('').required('validation.lastName').max(NAME_MAX, 'validation.lastNameLength'),
};

const managerSchema = yup.object({
  site_ids: yup.array(yup.number().required()).default([]).min(1, 'validation.selectSite'),
  ...names,
  email: yup.string().trim().default('').required('validation.siteManagerEmail').matches(VALID_EMAIL_RE, 'validation.email'),
});
type ManagerValues = yup.InferType<typeof managerSchema>;
const managerValues = (m: SiteManagerRow | null): ManagerValues => ({ site_ids: m?.site_ids ?? [], ...textsOf(m, ['first_name', 'last_name', 'email']) });

/** First and last name side by side (a site manager's, a contact's). */
function NameFields({ first, last, errors: [firstError, lastError] }: { first: UseFormRegisterReturn; last: UseFormRegisterReturn; errors: [string | undefined, string | undefined] }) {
  const { t } = useHeatPumpTranslation();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <TextField label={t('people.firstName')} required maxLength={NAME_MAX} error={firstError} {...first} />
      <TextField label={t('people.lastName')} required maxLength={NAME_MAX} error={lastError} {...last} />
    </SimpleGrid>
  );
}

/** Add New or Update Site Manager (spec modal 5): Select Site (25 at a time), First Name, Last Name, Email (fixed once created). */
export function SiteManagerDialog({ open, manager, onClose }: { open: boolean; manager: SiteManagerRow | null; onClose: () => void }) {
  const save = useSaveSiteManager();
  const toBody = (v: ManagerValues) => ({ site_ids: v.site_ids, first_name: v.first_name.trim(), last_name: v.last_name.trim(), email: v.email.trim() });
  const titles = ['managerForm.updateTitle', 'managerForm.newTitle'] as const;
  const { t, err, editDialog, register, control, errors } = useRecordDialog({ schema: managerSchema, open, record: manager, valuesOf: managerValues, save, onClose, titles, toBody });
  return (
    <EditDialog {...editDialog}>
      <Stack gap="4">
        <ChoiceField
          control={control}
          name="site_ids"
          legend={t('managerForm.sites')}
          list="sites"
          search={nameSearch('site_name')}
          toOption={(row) => ({ id: Number(row.id), label: `${String(row.site_name)} (${String(row.company_name)})` })}
          known={manager?.sites.map((s) => ({ id: s.id, label: s.site_name })) ?? []}
          multiple
          error={err(errors.site_ids?.message)}
        />
        <NameFields first={register('first_name')} last={register('last_name')} errors={[err(errors.first_name?.message), err(errors.last_name?.message)]} />
        <TextField label={t('people.email')} required type="email" disabled={manager !== null} error={err(errors.email?.message)} {...register('email')} />
      </Stack>
    </EditDialog>
  );
}

/** Spec 5: a contact number is 8 to 13 digits. */
const CONTACT_NO_RE = /^[0-9]{8,13}$/;
function contactSchemaFor(chooseCompany: boolean) {
  return yup.object({
    company_ids: yup.array(yup.number().required()).default([]).test('company', 'assign.selectMultisiteAgain', (v) => !chooseCompany || (v?.length ?? 0) === 1),
    ...contactFields,
  });
}
const contactFields = {
  ...names,
  contact_no: yup.string().trim().default('').required('validation.contactNo').matches(CONTACT_NO_RE, 'validation.contactNoInvalid'),
  email: yup.string().trim().default('').required('validation.emailRequired').matches(VALID_EMAIL_RE, 'validation.email'),
};
type ContactValues = yup.InferType<ReturnType<typeof contactSchemaFor>>;
const contactValues = (c: ContactRow | null): ContactValues => ({ company_ids: c ? [c.company_id] : [], ...textsOf(c, ['first_name', 'last_name', 'contact_no', 'email']) });

/**
 * New or Update Multi Site Contact (spec modal 6): First Name, Last Name, Contact Number (digits only),
 * Email (fixed once created); Admin first chooses the company (the spec's modal is a company contact's).
 */
export function ContactDialog({ open, contact, chooseCompany, onClose }: { open: boolean; contact: ContactRow | null; chooseCompany: boolean; onClose: () => void }) {
  const save = useSaveContact();
  const choosing = chooseCompany && contact === null;
  const toBody = (v: ContactValues) => ({
    ...(choosing && v.company_ids[0] !== undefined ? { company_id: v.company_ids[0] } : {}),
    first_name: v.first_name.trim(), last_name: v.last_name.trim(), contact_no: v.contact_no.trim(), email: v.email.trim(),
  });
  const titles = ['contactForm.updateTitle', 'contactForm.newTitle'] as const;
  const { t, err, editDialog, register, control, errors } = useRecordDialog({ schema: contactSchemaFor(choosing), open, record: contact, valuesOf: contactValues, save, onClose, titles, toBody });
  const digits = register('contact_no');
  return (
    <EditDialog {...editDialog}>
      <Stack gap="4">
        {choosing && <ChoiceField control={control} name="company_ids" legend={t('siteForm.company')} {...COMPANY_CHOICES} multiple={false} error={err(errors.company_ids?.message)} />}
        <NameFields first={register('first_name')} last={register('last_name')} errors={[err(errors.first_name?.message), err(errors.last_name?.message)]} />
        <TextField
          label={t('people.contactNo')}
          required
          inputMode="numeric"
          maxLength={13}
          error={err(errors.contact_no?.message)}
          {...digits}
          // digits only: anything else is dropped as it is typed (spec 5)
          onChange={(e) => {
            e.target.value = e.target.value.replace(/\D/g, '');
            void digits.onChange(e);
          }}
        />
        <TextField label={t('people.email')} required type="email" disabled={contact !== null} error={err(errors.email?.message)} {...register('email')} />
      </Stack>
    </EditDialog>
  );
}
