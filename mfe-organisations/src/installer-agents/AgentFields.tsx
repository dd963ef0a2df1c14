import type { UseFormReturn } from 'react-hook-form';
import { FieldGrid } from '../forms/FieldGrid';
import { useOrganisationsTranslation } from '../i18n/translation';
import type { AgentFormMode, AgentValues } from './agent-form';

/** The installation agent form's fields (spec 3), each with the spec's message under it. */
export function AgentFields({ form, mode }: { form: UseFormReturn<AgentValues>; mode: AgentFormMode }) {
  const { t } = useOrganisationsTranslation();
  const g = (key: string) => t(`agencies.agent.${key}`);
  return (
    <FieldGrid
      form={form}
      fields={[
        { name: 'first_name', label: g('firstName'), required: true },
        { name: 'last_name', label: g('lastName'), required: true },
        { name: 'email', label: g('email'), required: true, type: 'email', maxLength: 254 },
        { name: 'phone', label: g('phone'), required: true, type: 'tel', maxLength: 13 },
        { kind: 'status', name: 'status' },
        ...(mode === 'admin' ? [] : [{ kind: 'password' as const, name: 'password' as const, label: g('password'), required: mode === 'add', helperText: mode === 'edit' ? g('passwordKeep') : undefined, maxLength: 128 }]),
      ]}
    />
  );
}
