/**
 * A customer's Auto Sync and Weekly Report histories and its feedback (spec: feedback history by
 * sync_type, export-feedback; the list's Download CSV of survey and auto-sync feedback). The rows are
 * what the customer's app recorded (migration 0014); the customer's slice decides who reads them.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { requireVisible } from '../../policy/scope';
import { filterBy, buildListing, type ListInfo, type ListQuery, type ListSpec, pagedList } from '../../server/listing';
import { ISO, SqlParams } from '../../server/sql';
import { csvField, type CsvExport, type ExportKind } from '../exports/jobs';
import { customerConditions, type CustomerLine } from './customers';
import { NullableText } from '../../server/schemas';
import { say } from '../../server/messages';

const SYNC_TYPES = ['auto_sync', 'weekly_report'] as const;
export type SyncType = (typeof SYNC_TYPES)[number];
const FEEDBACK_TYPES = ['auto_sync', 'weekly_report', 'survey'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const SyncTypeField = Type.Unsafe<SyncType>({ type: 'string', enum: [...SYNC_TYPES], errorMessage: say('feedback.syncTypeInvalid') });
export const FeedbackTypeField = Type.Unsafe<FeedbackType>({ type: 'string', enum: [...FEEDBACK_TYPES], errorMessage: say('feedback.syncTypeOrSurveyInvalid') });

export const SyncEventRow = Type.Object({ id: Type.Integer(), status: Type.String(), detail: NullableText, created_at: Type.String() });
export type SyncEventRowT = Static<typeof SyncEventRow>;
export const FeedbackRow = Type.Object({ id: Type.Integer(), sync_type: Type.String(), rating: Type.Integer(), comment: NullableText, created_at: Type.String() });
export type FeedbackRowT = Static<typeof FeedbackRow>;

const SYNC_LIST: ListSpec = { sortable: { created_at: 'e.created_at', status: 'e.status' }, filters: { status: filterBy.multi('e.status') } };
const FEEDBACK_LIST: ListSpec = { sortable: { created_at: 'f.created_at', rating: 'f.rating' }, filters: { rating: filterBy.multi('f.rating') } };

/** The customer's auto syncs or weekly reports (and when it switched them), newest first. */
export async function syncHistory(db: Db, caller: Caller, customerId: number, syncType: SyncType, query: ListQuery): Promise<ListInfo<SyncEventRowT>> {
  await requireVisible(db, caller, 'customers', customerId);
  const params = new SqlParams();
  const listing = buildListing(query, SYNC_LIST, params, 'e.id');
  const where = `WHERE ${[`e.customer_id = ${params.add(customerId)}`, `e.sync_type = ${params.add(syncType)}`, ...listing.conditions].join(' AND ')}`;
  return pagedList<SyncEventRowT>(db, listing, params, `e.id::int AS id, e.status, e.detail, ${ISO('e.created_at')} AS created_at`, `FROM customer_sync_events e ${where}`);
}

/** The customer's feedback of one sync type (or the survey), newest first. */
export async function feedbackHistory(db: Db, caller: Caller, customerId: number, syncType: FeedbackType, query: ListQuery): Promise<ListInfo<FeedbackRowT>> {
  await requireVisible(db, caller, 'customers', customerId);
  const params = new SqlParams();
  const listing = buildListing(query, FEEDBACK_LIST, params, 'f.id');
  const where = `WHERE ${[`f.customer_id = ${params.add(customerId)}`, `f.sync_type = ${params.add(syncType)}`, ...listing.conditions].join(' AND ')}`;
  return pagedList<FeedbackRowT>(
    db,
    listing,
    params,
    `f.id::int AS id, f.sync_type, f.rating::int AS rating, f.comment, ${ISO('f.created_at')} AS created_at`,
    `FROM customer_feedback f ${where}`,
  );
}

/** Spec: export-feedback (customer_id): every feedback of one customer as a CSV, answered at once (a customer has few). */
export async function customerFeedbackCsv(db: Db, caller: Caller, customerId: number): Promise<string> {
  await requireVisible(db, caller, 'customers', customerId);
  const { rows } = await db.query<{ created_at: string; sync_type: string; rating: number; comment: string | null; email: string }>(
    `SELECT ${ISO('f.created_at')} AS created_at, f.sync_type, f.rating::int AS rating, f.comment, c.email
       FROM customer_feedback f JOIN customers c ON c.id = f.customer_id WHERE f.customer_id = $1 ORDER BY f.created_at DESC, f.id DESC`,
    [customerId],
  );
  const lines = [['Date', 'Email ID', 'Type', 'Rating', 'Comment'].join(',')];
  for (const r of rows) lines.push([r.created_at, r.email, r.sync_type, r.rating, r.comment].map(csvField).join(','));
  return `${lines.join('\n')}\n`;
}

const FEEDBACK_COLUMNS: Array<[string, string]> = [
  ['Record ID', 'f.id'],
  ['Date', `to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI')`],
  ['Customer ID', 'c.id'],
  ['Email ID', 'fleet_csv_safe(c.email)'],
  ['Name', `fleet_csv_safe(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')))`],
  ['Type', 'f.sync_type'],
  ['Rating', 'f.rating'],
  ['Comment', 'fleet_csv_safe(f.comment)'],
];

const EXPORT_KIND: Record<FeedbackType | 'all', ExportKind> = { survey: 'survey_feedback', auto_sync: 'auto_sync_feedback', weekly_report: 'feedback', all: 'feedback' };

/**
 * The feedback of the caller's customers (the customer list's filters and product) as an export job:
 * one sync type (the list's Survey Feedback and Auto-Sync feedback), or all of it (feedback-all).
 */
export function feedbackExport(caller: Caller, syncType: FeedbackType | 'all', line: CustomerLine, query: ListQuery): CsvExport {
  const params = new SqlParams();
  const { conditions, listing } = customerConditions(caller, line, query, params);
  if (syncType !== 'all') conditions.push(`f.sync_type = ${params.add(syncType)}`);
  return {
    kind: EXPORT_KIND[syncType],
    from: 'customer_feedback f JOIN customers c ON c.id = f.customer_id',
    idColumn: 'f.id',
    // the customers in the list's order, each customer's feedback oldest first
    orderBy: `${listing.orderBy}, f.id`,
    columns: FEEDBACK_COLUMNS,
    conditions,
    values: params.values,
  };
}

export const FEEDBACK_COMMENT_MAX = 1000;

/** The customer's app records its feedback (the customer's own record; the spec does not show this call). */
export async function recordFeedback(db: Db, customerId: number, feedback: { sync_type: FeedbackType; rating: number; comment?: string | null }, now: Date): Promise<number> {
  const comment = feedback.comment?.trim() ? feedback.comment.trim() : null;
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO customer_feedback (customer_id, sync_type, rating, comment, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id',
    [customerId, feedback.sync_type, feedback.rating, comment, now.toISOString()],
  );
  return rows[0]?.id ?? 0;
}
