import { FormField, Input, PasswordInput, SimpleGrid } from '@fleet/shared-ui';
import type { UseFormReturn } from 'react-hook-form';
import { useFormFields } from '../forms/fields';
import { StatusField } from '../forms/status';
import type { AgentFormMode, AgentValues } from './agent-form';

/** The installation agent form's fields (spec 3), each with the spec's message under it. */
export function AgentFields({ form, mode }: { form: UseFormReturn<AgentValues>; mode: AgentFormMode }) {
  const { t, err, register, control, errors } = useFormFields(form);
  const g = (key: string) => t(`agencies.agent.${key}`);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField label={g('firstName')} required error={err(errors.first_name?.message)}>
        <Input size="sm" autoComplete="off" {...register('first_name')} />
      </FormField>
      <FormField label={g('lastName')} required error={err(errors.last_name?.message)}>
        <Input size="sm" autoComplete="off" {...register('last_name')} />
      </FormField>
      <FormField label={g('email')} required error={err(errors.email?.message)}>
        <Input size="sm" type="email" autoComplete="off" maxLength={254} {...register('email')} />
      </FormField>
      <FormField label={g('phone')} required error={err(errors.phone?.message)}>
        <Input size="sm" type="tel" autoComplete="off" maxLength={13} {...register('phone')} />
      </FormField>
      <StatusField control={control} name="status" />
      {mode !== 'admin' && (
        <FormField label={g('password')} required={mode === 'add'} error={err(errors.password?.message)} helperText={mode === 'edit' ? g('passwordKeep') : undefined}>
          <PasswordInput size="sm" autoComplete="new-password" maxLength={128} {...register('password')} />
        </FormField>
      )}
    </SimpleGrid>
  );
}
