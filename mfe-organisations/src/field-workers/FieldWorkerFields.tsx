import type { UseFormReturn } from 'react-hook-form';
import { contactFields } from '../forms/contact-fields';
import { FieldGrid } from '../forms/FieldGrid';
import { useOrganisationsTranslation } from '../i18n/translation';
import type { FieldWorkerValues } from './field-worker-form';

export interface FieldWorkerFieldsProps {
  form: UseFormReturn<FieldWorkerValues>;
  /** The password box: required (add), optional (the electrician's edit), or none (Admin's edit). */
  password: 'required' | 'optional' | 'none';
}

/** First and last name, email, phone and (the electrician's forms) password of a field worker. */
export function FieldWorkerFields({ form, password }: FieldWorkerFieldsProps) {
  const { t } = useOrganisationsTranslation();
  return (
    <FieldGrid
      form={form}
      fields={[
        ...contactFields<FieldWorkerValues>(
          { firstName: t('electricians.form.firstName'), lastName: t('electricians.form.lastName'), email: t('electricians.fieldWorkers.email'), phone: t('electricians.fieldWorkers.phone') },
          'mobile',
        ),
        ...(password === 'none'
          ? []
          : [{ kind: 'password' as const, name: 'password' as const, label: t('electricians.form.password'), required: password === 'required', helperText: password === 'optional' ? t('electricians.form.passwordKept') : undefined }]),
      ]}
    />
  );
}
