/**
 * Airlink trials (spec 2.4: /admin/customer/trial/{id}, the screen only): a customer tries an airlink
 * device for a period, then keeps it or sends it back. Admin sees a customer's trials, extends a
 * running one, or ends it as purchased or returned. An ended trial is kept as it ended.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { requireVisible } from '../../policy/scope';
import { ApiError, badRequest } from '../../server/errors';
import { checkSaveDate } from '../devices/queries';
import { NullableInt, NullableText } from '../../server/schemas';
import { say } from '../../server/messages';

const TRIAL_ENDED = say('trials.ended');
const END_BEFORE_START = say('trials.endBeforeStart');

export const TrialRow = Type.Object({
  id: Type.Integer(),
  device_id: NullableInt,
  serial_number: NullableText,
  started_on: Type.String(),
  ends_on: Type.String(),
  status: Type.String(),
  ended_on: NullableText,
  /** Days until the end of a running trial (0 on its last day, negative when overdue); null once ended. */
  days_left: NullableInt,
});
export type TrialRowT = Static<typeof TrialRow>;

const COLUMNS = (today: string) => `t.id::int AS id, t.device_id::int AS device_id, d.serial_number,
  to_char(t.started_on, 'YYYY-MM-DD') AS started_on, to_char(t.ends_on, 'YYYY-MM-DD') AS ends_on, t.status,
  to_char(t.ended_on, 'YYYY-MM-DD') AS ended_on,
  CASE WHEN t.status = 'active' THEN (t.ends_on - ${today}::date)::int END AS days_left`;

const isoDay = (now: Date) => now.toISOString().slice(0, 10);

export async function customerTrials(db: Db, caller: Caller, customerId: number, now: Date): Promise<TrialRowT[]> {
  await requireVisible(db, caller, 'customers', customerId);
  const { rows } = await db.query<TrialRowT>(
    `SELECT ${COLUMNS('$2')} FROM airlink_trials t LEFT JOIN devices d ON d.id = t.device_id
      WHERE t.customer_id = $1 ORDER BY t.started_on DESC, t.id DESC`,
    [customerId, isoDay(now)],
  );
  return rows;
}

export interface TrialChange {
  trial_id: number;
  ends_on?: string;
  status?: 'purchased' | 'returned';
}

/** Extends a running trial (a new end date) or ends it (purchased or returned, today). */
export async function changeTrial(db: Db, caller: Caller, change: TrialChange, now: Date): Promise<void> {
  const { rows } = await db.query<{ customer_id: number; status: string; started_on: string }>(
    "SELECT customer_id::int AS customer_id, status, to_char(started_on, 'YYYY-MM-DD') AS started_on FROM airlink_trials WHERE id = $1",
    [change.trial_id],
  );
  const trial = rows[0];
  if (!trial) throw new ApiError(404, say('trials.notFound'));
  await requireVisible(db, caller, 'customers', trial.customer_id);
  if (trial.status !== 'active') throw new ApiError(409, TRIAL_ENDED);
  if (change.ends_on !== undefined && checkSaveDate(change.ends_on, 'End date') < trial.started_on) throw badRequest(END_BEFORE_START);
  const today = isoDay(now);
  await db.query(
    `UPDATE airlink_trials SET ends_on = coalesce($2::date, ends_on), status = coalesce($3, status),
            ended_on = CASE WHEN $3::text IS NULL THEN ended_on ELSE $4::date END, updated_at = $5
      WHERE id = $1 AND status = 'active'`,
    [change.trial_id, change.ends_on ?? null, change.status ?? null, today, now.toISOString()],
  );
}
