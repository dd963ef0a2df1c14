/**
 * The audit list as a CSV export job (issue 23, docs/audit.md): exactly the entries the caller's list
 * shows for the same filter and sort (its slice, no page), written by the export jobs service
 * (modules/exports/jobs.ts) by COPY, streamed, like every other list export. Starting it and
 * downloading its file are entries of the trail themselves (`export_started`, `export_downloaded`).
 */
import { AUDIT_ACTION_WORDS, AUDIT_ENTITY_WORDS, AUDIT_ORGANISATION_WORDS } from '@fleet/contract';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import type { ListQuery } from '../../server/listing';
import { ISO, SqlParams } from '../../server/sql';
import { sqlLiteral, type CsvExport } from '../exports/jobs';
import { entrySelection } from './entries';

/** `CASE column WHEN 'key' THEN 'word' ... ELSE column END`: the product's words for a stored key. */
const wordOf = (column: string, words: Record<string, string>): string =>
  `CASE ${column} ${Object.entries(words)
    .map(([key, word]) => `WHEN ${sqlLiteral(key)} THEN ${sqlLiteral(word)}`)
    .join(' ')} ELSE ${column} END`;

/** One recorded value as the screen shows it: text as is, nothing as "(empty)", anything else as JSON. */
const VALUE = (v: string) => `CASE WHEN (${v}) IS NULL OR (${v}) = 'null'::jsonb OR (${v}) = '""'::jsonb THEN '(empty)'
  WHEN jsonb_typeof(${v}) = 'string' THEN (${v}) #>> '{}' ELSE (${v})::text END`;

/**
 * Every changed field on one line, as the list's summary says it: "field: old → new", a secret (recorded
 * as old null, new "changed") as "field: changed"; fields joined by "; " in the entry's order.
 */
const CHANGES = `(SELECT string_agg(CASE WHEN c.v->'old' = 'null'::jsonb AND c.v->'new' = '"changed"'::jsonb THEN (c.v->>'field') || ': changed'
    ELSE (c.v->>'field') || ': ' || ${VALUE("c.v->'old'")} || ' → ' || ${VALUE("c.v->'new'")} END, '; ' ORDER BY c.n)
  FROM jsonb_array_elements(e.changes) WITH ORDINALITY AS c(v, n))`;

const ORGANISATION = `CASE WHEN e.actor_org_kind IS NULL THEN NULL
  ELSE ${wordOf('e.actor_org_kind', AUDIT_ORGANISATION_WORDS)} || ': ' || coalesce(e.actor_org_name, '#' || e.actor_org_id) END`;

const COLUMNS: CsvExport['columns'] = [
  ['Entry ID', 'e.id'],
  ['When (UTC)', ISO('e.created_at')],
  // nobody signed in (a sign-up) or the database itself (retention): the system, as on the screen
  ['Who', `fleet_csv_safe(coalesce(e.actor_email, 'System'))`],
  ['User ID', 'e.actor_id'],
  ['Role', 'fleet_csv_safe(e.actor_role)'],
  ['Organisation', `fleet_csv_safe(${ORGANISATION})`],
  ['Action', wordOf('e.action', AUDIT_ACTION_WORDS)],
  ['Object Type', wordOf('e.entity', AUDIT_ENTITY_WORDS)],
  ['Object ID', 'e.entity_id'],
  ['Object Name', 'fleet_csv_safe(e.label)'],
  ['Changes', `fleet_csv_safe(${CHANGES})`],
  ['IP Address', 'fleet_csv_safe(e.ip)'],
  ['Request ID', 'fleet_csv_safe(e.request_id)'],
];

/**
 * The export of the caller's audit list with its filter and sort (a bad filter or zone is a 400 here,
 * before any job), as the list was when it was asked for: entries up to the chain's last committed one
 * (its own `export_started`, and entries written while the file is written, are not in it).
 */
export async function auditExport(db: Db, caller: Caller, query: ListQuery): Promise<CsvExport> {
  const params = new SqlParams();
  const { listing, conditions } = await entrySelection(db, caller, query, params);
  const head = (await db.query<{ last_seq: string }>('SELECT last_seq::text AS last_seq FROM audit_chain WHERE id = 1')).rows[0];
  const asked = `e.seq <= ${params.add(Number(head?.last_seq ?? 0))}`;
  return { kind: 'audit', from: 'audit_entries e', idColumn: 'e.id', orderBy: listing.orderBy, columns: COLUMNS, conditions: [...conditions, asked], values: params.values };
}
