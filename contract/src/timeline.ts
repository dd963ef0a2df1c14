// One timeline per device (issue 23, docs/audit.md "Device timeline"): what fleet-api merges for a
// device's Timeline tab and what the console filters and shows, written once.
import type { AnswerRow } from './answers';
import type { AuditChange } from './audit';

/**
 * The kinds of entry, in the order the kind filter offers them. `fault`: raised and resolved (faults);
 * `connection`: online and offline, `work_state`: its work-state steps (a heat pump's activity);
 * `ota`: a job pushed and its outcome; `rollout`: joining a staged rollout and the device's outcome in
 * it; `install`: installed, replaced, removed (device history); `edit` and `assignment`: audit entries
 * about the device, with who made them (`assignment`: a move to another site, company or customer).
 */
export const TIMELINE_KINDS = ['fault', 'connection', 'work_state', 'ota', 'rollout', 'install', 'edit', 'assignment'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** The one filter key of a timeline (`filter=[{"key":"kind","value":[...],"type":"multi"}]`). */
export const TIMELINE_FILTER_KEYS = ['kind'] as const;

/**
 * The kinds of a customer property's timeline: `member` added or removed (property_members and the
 * audit entries that added or removed one), `tariff` each tariff it was given (customer_tariff_details,
 * with who saved it), `device` a device installed, replaced or removed there (device history) or moved in
 * or out by a change of its property (audit entries), `edit` the property's own changes (audit entries;
 * `created` from the property's row when no entry recorded it).
 */
export const PROPERTY_TIMELINE_KINDS = ['member', 'tariff', 'device', 'edit'] as const;
export type PropertyTimelineKind = (typeof PROPERTY_TIMELINE_KINDS)[number];

/** Who made an entry (resolved a fault, pushed, started a rollout, changed the device), where known. */
export interface TimelineActor {
  id: number | null;
  email: string | null;
  role: string | null;
  /** A person's name (a fault's resolver) or the actor's organisation (an audit entry). */
  name: string | null;
}

/**
 * A row of `info.data`, newest first. `event` says what happened within its kind: fault `raised` or
 * `resolved`; connection `online` or `offline`; work_state `work_state` (`subject` the heat pump's work
 * state: 0 Off, 1 In Progress, 2 Completed); ota `pushed` (subject the version, detail the one it ran) or its job's `installed` /
 * `failed`; rollout `joined` (subject the rollout's name, detail the device's state in it) or its
 * `installed` / `failed` / `timed_out` / `cancelled`; install `installed`, `replaced`, `removed`
 * (subject the serial number, detail the note); edit and assignment: the audit action (subject the
 * entry's label, `changes` its fields).
 */
export interface TimelineEntry<K extends string = TimelineKind> {
  /** Unique in the timeline: kind, source row and event. */
  key: string;
  kind: K;
  event: string;
  at: string;
  subject: string | null;
  detail: string | null;
  actor: TimelineActor | null;
  changes: AuditChange[];
}

/**
 * A row of a property timeline's `info.data`, newest first, the same shape as a device's. `event`: member
 * `added` / `removed` (subject the member's e-mail); tariff `set` (subject the tariff structure, detail the
 * retailer); device `installed` / `replaced` / `removed` (subject the serial number, detail the note) or
 * `moved_in` / `moved_out` (subject the device's label, `changes` its fields); edit `created` or the audit
 * action (subject the property's name, `changes` its own fields).
 */
export type PropertyTimelineEntry = TimelineEntry<PropertyTimelineKind>;

/**
 * The property timeline call of each role that has the property screen: under its customer prefix, as
 * the property's other calls (`?property_id=&filter=&page=&limit=`, spec: customer/property/timeline).
 */
export const PROPERTY_TIMELINE_PATHS = {
  Admin: '/api/customer/property/timeline',
  Agency: '/api/agency/customer/property/timeline',
  mscc: '/api/mscc/customer/property/timeline',
  sm: '/api/sm/customer/property/timeline',
} as const;

/**
 * The timeline call of each role, under the prefix its device calls use (spec 6): Customer and User
 * share the customer's device calls, mscc and sm read their heat pumps under their NMS prefix.
 */
export const DEVICE_TIMELINE_PATHS = {
  Admin: '/api/device/timeline',
  Agency: '/api/agency/device/timeline',
  Electrician: '/api/electrician/device/timeline',
  Customer: '/api/customer/device/timeline',
  User: '/api/customer/device/timeline',
  mscc: '/api/mscc/nms/device/timeline',
  sm: '/api/sm/nms/device/timeline',
} as const;

// fleet-api's generated answer row (./answers): the type-check fails here when the two drift apart. A type,
// not a value: nothing of it reaches the page (contract modules ride in shared-api's first-paint chunk).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type TimelineTypesMatchAnswers = Holds<Same<TimelineEntry, AnswerRow<'/api/device/timeline'>>>;
export type PropertyTimelineTypesMatchAnswers = Holds<Same<PropertyTimelineEntry, AnswerRow<'/api/customer/property/timeline'>>>;
