/**
 * The second sign-in step: a 6-digit code from crypto.randomInt, stored as an HMAC (a plain hash of
 * a million possibilities would be reversed at once), single use, expiring, tied to the password
 * check that created it: a newer sign-in replaces it, 5 wrong codes end it.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db';
import { inSeconds, nowIso, type AppContext } from '../../server/context';

const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

function codeHash(ctx: AppContext, challengeId: string, code: string): string {
  return createHmac('sha256', ctx.otpKey).update(`${challengeId}:${code}`).digest('hex');
}

/** Replaces any open challenge of the user by a new one; answers the code to mail. */
export async function openChallenge(db: Db, ctx: AppContext, userId: number): Promise<string> {
  const now = nowIso(ctx);
  await db.query(
    'UPDATE otp_challenges SET dead_at = $2 WHERE user_id = $1 AND consumed_at IS NULL AND dead_at IS NULL',
    [userId, now],
  );
  const id = randomUUID();
  const code = newCode();
  await db.query(
    `INSERT INTO otp_challenges (id, user_id, code_hash, expires_at, sent_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $5)`,
    [id, userId, codeHash(ctx, id, code), inSeconds(ctx, ctx.config.otpTtlSeconds), now],
  );
  return code;
}

interface OpenChallenge {
  id: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  created_at: string;
}

async function currentChallenge(db: Db, userId: number): Promise<OpenChallenge | null> {
  const { rows } = await db.query<OpenChallenge>(
    `SELECT id, code_hash, expires_at, attempts, created_at FROM otp_challenges
      WHERE user_id = $1 AND consumed_at IS NULL AND dead_at IS NULL
      ORDER BY created_at DESC LIMIT 1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** A new code for the open challenge (same attempt count), or null when there is none to renew. */
export async function renewChallenge(db: Db, ctx: AppContext, userId: number): Promise<string | null> {
  const challenge = await currentChallenge(db, userId);
  if (!challenge) return null;
  // A sign-in left for longer than three code lifetimes has to start again with the password.
  const age = ctx.config.now().getTime() - Date.parse(challenge.created_at);
  if (age > 3 * ctx.config.otpTtlSeconds * 1000) return null;
  const code = newCode();
  await db.query('UPDATE otp_challenges SET code_hash = $2, expires_at = $3, sent_at = $4 WHERE id = $1', [
    challenge.id,
    codeHash(ctx, challenge.id, code),
    inSeconds(ctx, ctx.config.otpTtlSeconds),
    nowIso(ctx),
  ]);
  return code;
}

/**
 * True once, for the right code of the open, unexpired challenge; a wrong code counts an attempt.
 * Every failure runs the same statements, whether or not there is a challenge (or an account: the
 * caller passes user id 0 for an unknown address), so a wrong code tells nothing about the account.
 */
export async function consumeCode(db: Db, ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const challenge = await currentChallenge(db, userId);
  const now = nowIso(ctx);
  const id = challenge?.id ?? randomUUID();
  const live = challenge !== null && Date.parse(challenge.expires_at) > ctx.config.now().getTime();
  const expected = Buffer.from(challenge?.code_hash ?? '', 'hex');
  const given = Buffer.from(codeHash(ctx, id, code), 'hex');
  if (live && expected.length === given.length && timingSafeEqual(expected, given)) return spendChallenge(db, ctx, id, now);
  // no challenge: an id that matches nothing, the same statement
  await countAttempt(db, ctx, id, now);
  return false;
}

/** Single use even when two requests race: only one UPDATE finds consumed_at still empty. */
async function spendChallenge(db: Db, ctx: AppContext, id: string, now: string): Promise<boolean> {
  const used = await db.query(
    `UPDATE otp_challenges SET consumed_at = $2
      WHERE id = $1 AND consumed_at IS NULL AND dead_at IS NULL AND attempts < $3 RETURNING id`,
    [id, now, ctx.config.otpMaxAttempts],
  );
  return used.rowCount > 0;
}

/** A wrong code: one attempt more; the last allowed one ends the challenge. */
async function countAttempt(db: Db, ctx: AppContext, id: string, now: string): Promise<void> {
  await db.query(
    `UPDATE otp_challenges SET attempts = attempts + 1,
            dead_at = CASE WHEN attempts + 1 >= $3 THEN $2::timestamptz ELSE dead_at END
      WHERE id = $1`,
    [id, now, ctx.config.otpMaxAttempts],
  );
}

/**
 * The same rules for a code that is not mailed (the authenticator's, a recovery code): `check` is
 * asked only while the password step's challenge is open, unexpired and under its attempts, so no code
 * is used up without one; accepted, the challenge is used up; refused, it counts an attempt.
 */
export async function consumeChallenge(db: Db, ctx: AppContext, userId: number, check: () => Promise<boolean>): Promise<boolean> {
  const challenge = await currentChallenge(db, userId);
  const now = nowIso(ctx);
  const live =
    challenge !== null && Date.parse(challenge.expires_at) > ctx.config.now().getTime() && challenge.attempts < ctx.config.otpMaxAttempts;
  if (challenge && live && (await check())) return spendChallenge(db, ctx, challenge.id, now);
  await countAttempt(db, ctx, challenge?.id ?? randomUUID(), now);
  return false;
}

/** Ends every open challenge of a user (password reset). */
export async function closeChallenges(db: Db, ctx: AppContext, userId: number): Promise<void> {
  await db.query(
    'UPDATE otp_challenges SET dead_at = $2 WHERE user_id = $1 AND consumed_at IS NULL AND dead_at IS NULL',
    [userId, nowIso(ctx)],
  );
}
