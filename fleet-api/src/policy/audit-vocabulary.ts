/**
 * The audit trail's vocabulary (issue 23, docs/audit.md): which object a captured table's row is, what a
 * route's path says it does, which fields are secrets or bookkeeping, how a row is labelled, and the
 * organisations whose slice a row belongs to. policy/audit.ts records with it.
 */
import type { AuditAction, AuditChange, AuditEntity, AuditOrganisationKind } from '@fleet/contract';

/** Each captured table's object, in the product's words. */
export const ENTITY_OF_TABLE: Record<string, AuditEntity> = {
  devices: 'device',
  smoke_alarms: 'smoke_alarm',
  device_flashes: 'device',
  device_rate_changes: 'device',
  customers: 'customer',
  customer_lines: 'customer',
  customer_apps: 'customer',
  customer_tariff_details: 'property',
  customer_feedback: 'feedback',
  airlink_trials: 'customer',
  properties: 'property',
  property_members: 'property_member',
  agencies: 'agency',
  agents: 'installer_agent',
  partners: 'partner',
  partner_agencies: 'partner',
  electricians: 'electrician',
  electrician_agents: 'electrician_agent',
  aggregators: 'aggregator',
  electricity_retailers: 'retailer',
  tariff_companies: 'tariff',
  tariff_structures: 'tariff',
  sliders: 'slider',
  firmwares: 'firmware',
  firmware_files: 'firmware',
  ota_rules: 'ota_rule',
  ota_groups: 'ota_group',
  ota_group_devices: 'ota_group',
  ota_pushes: 'ota_push',
  ota_jobs: 'ota_push',
  rollouts: 'rollout',
  rollout_waves: 'rollout',
  rollout_devices: 'rollout',
  faults: 'fault',
  multi_site_companies: 'company',
  multi_site_company_agencies: 'company',
  multi_site_contacts: 'contact',
  sites: 'site',
  site_managers: 'site_manager',
  site_manager_sites: 'site_manager',
  heat_pump_models: 'heat_pump_model',
  users: 'user',
  export_jobs: 'export',
  suppression_list: 'suppression',
};

/** Path words that name an object, for a write that touched no row (default entity). */
const ENTITY_OF_PATH_WORD: Array<[RegExp, AuditEntity]> = [
  [/heat-?pump\/model|\/model/, 'heat_pump_model'],
  [/heat-?pump/, 'heat_pump'],
  [/rollout/, 'rollout'],
  [/ota.*group|group/, 'ota_group'],
  [/ota.*rule|rule/, 'ota_rule'],
  [/push|ota/, 'ota_push'],
  [/firmware/, 'firmware'],
  [/fault/, 'fault'],
  [/export/, 'export'],
  [/site-?manager/, 'site_manager'],
  [/site/, 'site'],
  [/contact/, 'contact'],
  [/multi-?site|company/, 'company'],
  [/propert/, 'property'],
  [/customer/, 'customer'],
  [/field-?worker|installer/, 'field_worker'],
  [/electrician-?agent/, 'electrician_agent'],
  [/electrician/, 'electrician'],
  [/agent/, 'installer_agent'],
  [/partner/, 'partner'],
  [/integration/, 'integration'],
  [/agency/, 'agency'],
  [/aggregator/, 'aggregator'],
  [/retailer/, 'retailer'],
  [/tariff/, 'tariff'],
  [/slider/, 'slider'],
  [/device|smoke|flash/, 'device'],
  [/profile|password|user/, 'user'],
  [/authenticate|token|logout/, 'session'],
];

/** What a route's path says it does, before its method: the first match wins. */
const ACTION_OF_PATH: Array<[RegExp, AuditAction]> = [
  [/export/, 'export_started'],
  [/logout|sign-?out/, 'sign_out'],
  [/sign-?up|register/, 'sign_up'],
  [/reset-password/, 'password_reset'],
  [/password/, 'password_change'],
  [/totp|two-factor|second-factor|mfa/, 'second_factor_change'],
  [/rollout\/(pause|resume|abort|approve|retry)/, 'rollout_action'],
  [/update-firmware/, 'push'],
  [/resolve/, 'resolve'],
  [/assign|move/, 'assign'],
  [/push/, 'push'],
  [/\/(delete|remove)(\/|-|$)/, 'delete'],
  [/bulk|many|\/all(\/|$)/, 'bulk_update'],
  [/\/(add|create|new|upload)(\/|-|$)/, 'create'],
  [/status|active|flag/, 'status_change'],
  [/\/(edit|update|change|set|save)(\/|-|$)/, 'update'],
];

/** The default action of a route: from its path's words, else its method (POST: `action`). */
export function defaultAction(method: string, url: string): AuditAction {
  const path = url.toLowerCase();
  if (method === 'DELETE') return /bulk|many/.test(path) ? 'bulk_delete' : 'delete';
  const said = ACTION_OF_PATH.find(([re]) => re.test(path))?.[1];
  if (said) return said;
  return method === 'PUT' || method === 'PATCH' ? 'update' : 'action';
}

export function entityOfPath(url: string): AuditEntity {
  const path = url.toLowerCase();
  return ENTITY_OF_PATH_WORD.find(([re]) => re.test(path))?.[1] ?? 'other';
}

/** Fields never recorded with their value: the name and "changed" only. */
const SECRET_FIELD = /(^|_)(password|passwd|secret|token|otp|totp|code_hash|signature)(_|$)|_hash$|^hash$/i;
/** Bookkeeping that every update moves: not a change anyone asked for. */
const UNRECORDED_FIELDS = new Set(['updated_at', 'search_text', 'version_key']);
/** Fields that name an object, in the order a label is taken from. */
const LABEL_FIELDS = ['name', 'agency_name', 'company_name', 'site_name', 'title', 'serial_number', 'mac_address', 'email', 'version', 'file_name', 'code'];

function isSecretField(field: string): boolean {
  return SECRET_FIELD.test(field);
}

export type Row = Record<string, unknown>;

/** The fields of one row that a write changed (secrets as "changed"), `prefix.` before each when given. */
export function rowChanges(op: string, before: Row | null, after: Row | null, prefix = ''): AuditChange[] {
  const out: AuditChange[] = [];
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (UNRECORDED_FIELDS.has(field) || (op !== 'UPDATE' && (field === 'id' || field === 'created_at'))) continue;
    const old = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (op === 'UPDATE' && JSON.stringify(old) === JSON.stringify(now)) continue;
    if (op !== 'UPDATE' && old === null && now === null) continue;
    const name = `${prefix}${field}`;
    out.push(isSecretField(field) ? { field: name, old: null, new: 'changed' } : { field: name, old, new: now });
  }
  return out;
}

export function labelOf(row: Row | null): string | null {
  if (!row) return null;
  for (const field of LABEL_FIELDS) {
    const v = row[field];
    if (typeof v === 'string' && v !== '') return v;
  }
  // a model_name, retailer_name, group_name...
  for (const [field, v] of Object.entries(row)) {
    if (field.endsWith('_name') && field !== 'first_name' && field !== 'last_name' && typeof v === 'string' && v !== '') return v;
  }
  const name = [row.first_name, row.last_name].filter((v) => typeof v === 'string' && v !== '').join(' ');
  return name === '' ? null : name;
}

/** Slice keys of an object's row: the organisations whose lists show its entries. */
const KEY_OF_FIELD: Record<string, AuditOrganisationKind | 'site'> = {
  agency_id: 'agency',
  created_by_agency_id: 'agency',
  electrician_id: 'electrician',
  company_id: 'company',
  multi_site_company_id: 'company',
  site_id: 'site',
  site_manager_id: 'site_manager',
  customer_id: 'customer',
};
const KEY_OF_TABLE: Record<string, AuditOrganisationKind | 'site'> = {
  agencies: 'agency',
  electricians: 'electrician',
  multi_site_companies: 'company',
  sites: 'site',
  site_managers: 'site_manager',
  customers: 'customer',
};

export function rowKeys(table: string, row: Row | null, into: Set<string>): void {
  if (!row) return;
  const own = KEY_OF_TABLE[table];
  if (own && row.id !== null && row.id !== undefined) into.add(`${own}:${String(row.id)}`);
  for (const [field, kind] of Object.entries(KEY_OF_FIELD)) {
    const v = row[field];
    if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v))) into.add(`${kind}:${String(v)}`);
  }
}
