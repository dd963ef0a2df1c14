import type { UseFormReturn } from 'react-hook-form';
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
        { name: 'first_name', label: t('electricians.form.firstName'), required: true },
        { name: 'last_name', label: t('electricians.form.lastName'), required: true },
        { name: 'email', label: t('electricians.fieldWorkers.email'), type: 'email', required: true },
        { name: 'mobile', label: t('electricians.fieldWorkers.phone'), type: 'tel', required: true },
        ...(password === 'none'
          ? []
          : [{ kind: 'password' as const, name: 'password' as const, label: t('electricians.form.password'), required: password === 'required', helperText: password === 'optional' ? t('electricians.form.passwordKept') : undefined }]),
      ]}
    />
  );
}
