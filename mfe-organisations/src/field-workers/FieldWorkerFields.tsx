import { FormField, PasswordInput, SimpleGrid, TextField } from '@fleet/shared-ui';
import type { FieldError, FieldErrors, UseFormRegister } from 'react-hook-form';
import { useOrganisationsTranslation } from '../i18n/translation';
import type { FieldWorkerValues } from './field-worker-form';

export interface FieldWorkerFieldsProps {
  register: UseFormRegister<FieldWorkerValues>;
  errors: FieldErrors<FieldWorkerValues>;
  /** The password box: required (add), optional (the electrician's edit), or none (Admin's edit). */
  password: 'required' | 'optional' | 'none';
}

/** First and last name, email, phone and (the electrician's forms) password of a field worker. */
export function FieldWorkerFields({ register, errors, password }: FieldWorkerFieldsProps) {
  const { t } = useOrganisationsTranslation();
  const error = (field: FieldError | undefined) => (field?.message ? t(field.message) : undefined);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <TextField size="sm" label={t('electricians.form.firstName')} required autoComplete="off" error={error(errors.first_name)} {...register('first_name')} />
      <TextField size="sm" label={t('electricians.form.lastName')} required autoComplete="off" error={error(errors.last_name)} {...register('last_name')} />
      <TextField size="sm" label={t('electricians.fieldWorkers.email')} type="email" required autoComplete="off" error={error(errors.email)} {...register('email')} />
      <TextField size="sm" label={t('electricians.fieldWorkers.phone')} type="tel" required autoComplete="off" error={error(errors.mobile)} {...register('mobile')} />
      {password !== 'none' && (
        <FormField
          label={t('electricians.form.password')}
          required={password === 'required'}
          error={error(errors.password)}
          helperText={password === 'optional' ? t('electricians.form.passwordKept') : undefined}
        >
          <PasswordInput size="sm" autoComplete="new-password" {...register('password')} />
        </FormField>
      )}
    </SimpleGrid>
  );
}
