import type { UseFormReturn } from 'react-hook-form';
import { contactFields } from '../forms/contact-fields';
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
        ...contactFields<AgentValues>({ firstName: g('firstName'), lastName: g('lastName'), email: g('email'), phone: g('phone') }, 'phone', true),
        { kind: 'status', name: 'status' },
        ...(mode === 'admin' ? [] : [{ kind: 'password' as const, name: 'password' as const, label: g('password'), required: mode === 'add', helperText: mode === 'edit' ? g('passwordKeep') : undefined, maxLength: 128 }]),
      ]}
    />
  );
}
