import { FormField, Input, SimpleGrid } from '@fleet/shared-ui';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useCustomersTranslation } from '../i18n/translation';
import type { PersonValues } from './person-fields';

/** Email, first and last name, phone: the fields of Add Member and Edit Customer. */
export function PersonFields({ register, errors }: { register: UseFormRegister<PersonValues>; errors: FieldErrors<PersonValues> }) {
  const { t } = useCustomersTranslation();
  const err = (message: string | undefined) => (message ? t(message) : undefined);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField label={t('property.memberEmail')} required error={err(errors.email?.message)}>
        <Input size="sm" type="email" autoComplete="off" maxLength={254} {...register('email')} />
      </FormField>
      <FormField label={t('property.memberPhone')} required error={err(errors.phone_no?.message)}>
        <Input size="sm" type="tel" autoComplete="off" maxLength={13} {...register('phone_no')} />
      </FormField>
      <FormField label={t('property.memberFirstName')} required error={err(errors.first_name?.message)}>
        <Input size="sm" autoComplete="off" maxLength={199} {...register('first_name')} />
      </FormField>
      <FormField label={t('property.memberLastName')} required error={err(errors.last_name?.message)}>
        <Input size="sm" autoComplete="off" maxLength={199} {...register('last_name')} />
      </FormField>
    </SimpleGrid>
  );
}
