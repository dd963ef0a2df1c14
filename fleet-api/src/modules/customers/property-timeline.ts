/**
 * One timeline per customer property (issue 23, docs/audit.md "Property timeline"): members added and
 * removed, its tariffs, devices installed, replaced, removed or moved in and out, and its own edits, with
 * who made them, newest first, paged with an exact total, filtered by kind. Scoped as the property is:
 * outside the caller's slice it is 404, as its detail call. Read by server/timeline.ts, each source on
 * its own index (migration 0032).
 */
import { PROPERTY_TIMELINE_KINDS, type PropertyTimelineEntry, type PropertyTimelineKind } from '@fleet/contract';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { scopeFor } from '../../policy/scope';
import { notFound } from '../../server/errors';
import type { ListInfo, ListQuery } from '../../server/listing';
import { say } from '../../server/messages';
import { SqlParams } from '../../server/sql';
import { AUDIT_ENTRY_COLUMNS, HAS_OWN_FIELD_CHANGE, OWN_FIELD_CHANGES, readTimeline, timelineEntrySchema, timelineKindsOf, type TimelineSource } from '../../server/timeline';

export const PropertyTimelineEntrySchema = timelineEntrySchema(PROPERTY_TIMELINE_KINDS);

/** Audit entries whose changes name the property (the partial index of 0032: both conditions). */
const NAMES_PROPERTY = `fleet_audit_property_ids(a.changes) <> '{}' AND fleet_audit_property_ids(a.changes) @> ARRAY[$1::bigint]`;
/** The property's own creation or change, recorded (a `created` row needs none of these). */
const CREATION_RECORDED = `EXISTS (SELECT 1 FROM audit_entries a WHERE a.entity = 'property' AND a.entity_id = p.id AND a.action = 'create')`;

/** Every source, in the order entries at the same instant are shown. */
const SOURCES: Array<TimelineSource<PropertyTimelineKind>> = [
  // members added and removed through the console (their entries name the property)
  {
    kind: 'member',
    from: `FROM audit_entries a WHERE a.entity = 'property_member' AND ${NAMES_PROPERTY}`,
    ...AUDIT_ENTRY_COLUMNS,
    event: `CASE a.action WHEN 'create' THEN 'added' WHEN 'delete' THEN 'removed' ELSE a.action END`,
  },
  // members no entry added (the seed's, or added before the trail): their row says when
  {
    kind: 'member',
    from: `FROM property_members m WHERE m.property_id = $1
      AND NOT EXISTS (SELECT 1 FROM audit_entries a WHERE a.entity = 'property_member' AND a.entity_id = m.id AND a.action = 'create')`,
    at: 'm.created_at',
    ref: 'm.id',
    event: `'added'`,
    subject: 'm.email',
    detail: `nullif(trim(concat_ws(' ', m.first_name, m.last_name)), '')`,
  },
  {
    kind: 'tariff',
    from: `FROM customer_tariff_details t LEFT JOIN electricity_retailers r ON r.id = t.electricity_retailer_id
      LEFT JOIN users u ON u.id = t.created_by WHERE t.property_id = $1`,
    at: 't.created_at',
    ref: 't.id',
    event: `'set'`,
    subject: 't.tariff_structure_type',
    detail: 'r.retailer_name',
    actor: ['t.created_by', 'u.email', 'u.user_type', 'NULL'],
  },
  {
    kind: 'device',
    from: `FROM device_history h WHERE h.property_id = $1 AND h.event IN ('installed', 'replaced', 'removed')`,
    at: 'h.created_at',
    ref: 'h.id',
    event: 'h.event',
    subject: 'h.serial_number',
    detail: 'h.note',
  },
  // a device whose property changed to or from this one
  {
    kind: 'device',
    from: `FROM audit_entries a WHERE a.entity IN ('device', 'heat_pump') AND ${NAMES_PROPERTY}`,
    ...AUDIT_ENTRY_COLUMNS,
    event: `CASE WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(a.changes) c
                               WHERE (c->>'field' = 'property_id' OR c->>'field' LIKE '%.property_id') AND c->>'new' = $1::bigint::text)
             THEN 'moved_in' ELSE 'moved_out' END`,
  },
  // the property's own fields (a tariff saved with it is the tariff's entry)
  { kind: 'edit', from: `FROM audit_entries a WHERE a.entity = 'property' AND a.entity_id = $1 AND ${HAS_OWN_FIELD_CHANGE}`, ...AUDIT_ENTRY_COLUMNS, changes: OWN_FIELD_CHANGES },
  { kind: 'edit', from: `FROM properties p WHERE p.id = $1 AND NOT ${CREATION_RECORDED}`, at: 'p.created_at', ref: 'p.id', event: `'created'`, subject: 'p.property_name', detail: 'NULL' },
];

/** The property's timeline page, newest first; 404 when the property is not in the caller's slice. */
export async function propertyTimeline(db: Db, caller: Caller, id: number, query: ListQuery): Promise<ListInfo<PropertyTimelineEntry>> {
  const params = new SqlParams();
  const { rows: found } = await db.query(`SELECT 1 FROM properties p WHERE p.id = ${params.add(id)} AND (${scopeFor(caller).properties('p', params)})`, params.values);
  if (found.length === 0) throw notFound(say('properties.notFound'));
  return readTimeline(db, SOURCES, id, timelineKindsOf(query, PROPERTY_TIMELINE_KINDS), query);
}
