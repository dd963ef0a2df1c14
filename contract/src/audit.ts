// The audit trail (issue 23, docs/audit.md): what fleet-api records for every accepted write and what
// the audit screens read and filter by, written once.
import type { AnswerInfo, AnswerRow } from './answers';

/**
 * What was done. Routes name theirs beside their access rule; a route that names none gets `create`,
 * `update` or `delete` from its method and path, or `action` (the entry's `route` then says which call).
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'action',
  'bulk_update',
  'bulk_delete',
  'status_change',
  'assign',
  'resolve',
  'push',
  'flag_change',
  'rollout_action',
  'sign_in',
  'sign_out',
  'sign_up',
  'password_change',
  'password_reset',
  'second_factor_change',
  'export_started',
  'export_downloaded',
  'retention',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kind of object an entry is about, in the product's words. */
export const AUDIT_ENTITIES = [
  'device',
  'heat_pump',
  'smoke_alarm',
  'customer',
  'property',
  'property_member',
  'agency',
  'installer_agent',
  'partner',
  'integration',
  'electrician',
  'electrician_agent',
  'field_worker',
  'aggregator',
  'retailer',
  'tariff',
  'slider',
  'firmware',
  'ota_rule',
  'ota_group',
  'ota_push',
  'rollout',
  'fault',
  'company',
  'site',
  'site_manager',
  'contact',
  'heat_pump_model',
  'user',
  'session',
  'export',
  'feedback',
  'suppression',
  'audit_log',
  'other',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** One changed field: secrets (password hashes, codes, tokens, second-factor secrets) as `new: "changed"`, `old: null`. */
export interface AuditChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** Which organisation a user belongs to (none for Admin). */
export const AUDIT_ORGANISATION_KINDS = ['agency', 'electrician', 'company', 'site_manager', 'customer'] as const;
export type AuditOrganisationKind = (typeof AUDIT_ORGANISATION_KINDS)[number];

export interface AuditActor {
  /** null: nobody signed in (a sign-up, a reset by link) or the database itself (retention). */
  id: number | null;
  email: string | null;
  role: string | null;
  organisation: { kind: AuditOrganisationKind; id: number; name: string | null } | null;
}

/** A write of many rows: the filter it was given (as sent) and how many rows it touched. */
export interface AuditBulk {
  filter?: unknown;
  count: number;
}

/** A row of the audit lists (`info.data`). */
export interface AuditEntryRow {
  id: number;
  created_at: string;
  actor: AuditActor;
  action: AuditAction;
  entity: AuditEntity;
  entity_id: number | null;
  label: string | null;
  changes: AuditChange[];
  ip: string | null;
  request_id: string | null;
}

/** `GET /api/audit/info?id=`: the row, plus where it came from and a bulk write's ids. */
export interface AuditEntryInfo extends AuditEntryRow {
  user_agent: string | null;
  route: string | null;
  bulk: AuditBulk | null;
  touched_ids: number[];
  seq: number;
  hash: string;
}

/** `GET /api/audit/verify`. */
export interface AuditVerification {
  intact: boolean;
  /** Entries checked. */
  checked: number;
  /** The first entry that does not match (its hash, or its link to the one before), or null. */
  first_broken: { id: number; seq: number; reason: 'hash' | 'link' | 'missing' } | null;
}

export const SECURITY_EVENT_KINDS = ['sign_in_refused', 'code_refused', 'sign_in_held_back', 'token_refused', 'refresh_refused'] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** A row of `GET /api/audit/security-events`. */
export interface SecurityEventRow {
  id: number;
  created_at: string;
  kind: SecurityEventKind;
  email: string | null;
  user_id: number | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  route: string | null;
  status: number;
}

/**
 * Filter keys of the audit lists (the console's `filter` query): who (`actor`: e-mail contains;
 * `actor_id`), `action` and `entity` (one or several), `entity_id`, `label` (contains), `request_id`,
 * `created_at` (DD-MM-YYYY, with `end_value` a range of whole days).
 */
export const AUDIT_FILTER_KEYS = ['actor', 'actor_id', 'action', 'entity', 'entity_id', 'label', 'request_id', 'created_at'] as const;

/**
 * The filter key that says which time zone a list's date range is in: an IANA name (`Australia/Sydney`,
 * the browser's own, as every date on the page is shown in it). With it, `created_at`'s DD-MM-YYYY days
 * are whole local days, daylight saving included; an unknown zone is a 400; without it the days are UTC's.
 * The console adds it to the call, not to the address: a shared address means the reader's own days.
 */
export const TIME_ZONE_FILTER_KEY = 'time_zone';
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];
export const AUDIT_SORT_KEYS = ['created_at', 'action', 'entity', 'actor'] as const;

export const SECURITY_EVENT_FILTER_KEYS = ['kind', 'email', 'ip', 'created_at'] as const;

/**
 * The audit list's CSV export, `POST /api/audit/export` (Admin) and `POST /api/{prefix}/audit/export`
 * (AUDIT_ROLE_PREFIXES): the list's filter and sort, every row of the caller's slice, as an export job.
 */
export const AUDIT_EXPORT_FILE_NAME = 'Audit Log.csv';

/** The English words of actions, objects and organisations: the screens' and the CSV export's. */
export const AUDIT_ACTION_WORDS = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  action: 'Other action',
  bulk_update: 'Bulk update',
  bulk_delete: 'Bulk delete',
  status_change: 'Status changed',
  assign: 'Assigned',
  resolve: 'Resolved',
  push: 'OTA push',
  flag_change: 'Flag changed',
  rollout_action: 'Rollout action',
  sign_in: 'Signed in',
  sign_out: 'Signed out',
  sign_up: 'Signed up',
  password_change: 'Password changed',
  password_reset: 'Password reset',
  second_factor_change: 'Two-factor changed',
  export_started: 'Export started',
  export_downloaded: 'Export downloaded',
  retention: 'Old entries removed',
} satisfies Record<AuditAction, string>;

export const AUDIT_ENTITY_WORDS = {
  device: 'Device',
  heat_pump: 'Heat Pump',
  smoke_alarm: 'Smoke Alarm',
  customer: 'Customer',
  property: 'Property',
  property_member: 'Property Member',
  agency: 'Agency',
  installer_agent: 'Installer Agent',
  partner: 'Partner',
  integration: 'Integration',
  electrician: 'Electrician',
  electrician_agent: 'Electrician Agent',
  field_worker: 'Field Worker',
  aggregator: 'Aggregator',
  retailer: 'Electricity Retailer',
  tariff: 'Tariff',
  slider: 'Slider',
  firmware: 'Firmware',
  ota_rule: 'OTA Rule',
  ota_group: 'OTA Group',
  ota_push: 'OTA Push',
  rollout: 'Rollout',
  fault: 'Fault',
  company: 'Company',
  site: 'Site',
  site_manager: 'Site Manager',
  contact: 'Contact',
  heat_pump_model: 'Heat Pump Model',
  user: 'User',
  session: 'Session',
  export: 'Export',
  feedback: 'Feedback',
  suppression: 'Suppression',
  audit_log: 'Audit Log',
  other: 'Other',
} satisfies Record<AuditEntity, string>;

export const AUDIT_ORGANISATION_WORDS = {
  agency: 'Agency',
  electrician: 'Electrician',
  company: 'Multi-site company',
  site_manager: 'Site Manager',
  customer: 'Customer',
} satisfies Record<AuditOrganisationKind, string>;

/**
 * The organisations' audit lists, `GET /api/{prefix}/audit/list`, under the prefixes their other calls
 * use (spec 6): prefix -> role. Admin's is `GET /api/audit/list`; `/api/audit/info` serves every role.
 */
export const AUDIT_ROLE_PREFIXES = {
  agency: 'Agency',
  electrician: 'Electrician',
  mscc: 'mscc',
  sm: 'sm',
} as const;

// The rows above are fleet-api's answers as generated from its OpenAPI document (./answers): the
// type-check fails here when the two drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const AUDIT_TYPES_MATCH_ANSWERS: [
  Same<AuditEntryRow, AnswerRow<'/api/audit/list'>>,
  Same<AuditEntryInfo, AnswerInfo<'/api/audit/info'>>,
  Same<AuditVerification, AnswerInfo<'/api/audit/verify'>>,
  Same<SecurityEventRow, AnswerRow<'/api/audit/security-events'>>,
] = [true, true, true, true];
