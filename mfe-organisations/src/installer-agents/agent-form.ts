// Spec 5 (Installation agent): first and last name required and under 200 characters, email, mobile
// of 8 to 13 characters, the password required only on create (and strong whenever given).
import * as yup from 'yup';
import type { AgencyStatus } from '../api/agencies';
import type { AgentFormBody, AgentRecord } from '../api/agents';
import { email, name, password, phone } from '../forms/rules';

/** add and edit: the agency's form; admin: Admin's edit, which sets no password (spec 7). */
export type AgentFormMode = 'add' | 'edit' | 'admin';

export function agentSchema(mode: AgentFormMode) {
  return yup.object({
    first_name: name('firstName'),
    last_name: name('lastName'),
    email: email(),
    phone: phone(),
    status: yup.string().default('Active'),
    password: password(mode === 'add'),
  });
}

export type AgentValues = yup.InferType<ReturnType<typeof agentSchema>>;

export const EMPTY_AGENT: AgentValues = { first_name: '', last_name: '', email: '', phone: '', status: 'Active', password: '' };

export const agentValues = (agent: Pick<AgentRecord, 'first_name' | 'last_name' | 'email' | 'phone' | 'status'>): AgentValues => ({
  first_name: agent.first_name,
  last_name: agent.last_name,
  email: agent.email,
  phone: agent.phone ?? '',
  status: agent.status,
  password: '',
});

export function agentBody(values: AgentValues): AgentFormBody {
  const status: AgencyStatus = values.status === 'Active' ? 'Active' : 'In-Active';
  return { first_name: values.first_name, last_name: values.last_name, email: values.email, phone: values.phone, status, ...(values.password ? { password: values.password } : {}) };
}
