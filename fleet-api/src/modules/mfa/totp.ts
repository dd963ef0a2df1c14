/**
 * Authenticator codes (RFC 6238: 30 s, 6 digits, SHA-1, what every app reads) and recovery codes.
 * Secrets are kept encrypted (AES-256-GCM, a key derived from the server secret) and never answered
 * back; a code is accepted once: the step it belongs to is stored and no code of that step or an
 * earlier one is accepted again. One step of drift either way.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_PARAMETERS } from '@fleet/contract';
import type { Db } from '../../db';
import { nowIso, type AppContext } from '../../server/context';

/** Steps either side of now that a code may come from (clock drift of the phone). */
const DRIFT_STEPS = 1;

const keyOf = (ctx: AppContext, purpose: string): Buffer => createHmac('sha256', ctx.otpKey).update(purpose).digest();

/** `iv.tag.ciphertext` in base64url: the secret readable only with the server secret. */
export function sealSecret(ctx: AppContext, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(ctx, 'fleet-api totp secrets'), iv);
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

export function openSecret(ctx: AppContext, stored: string): string {
  const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) throw new Error('malformed sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(ctx, 'fleet-api totp secrets'), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}

function totpOf(base32: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_PARAMETERS.issuer,
    label,
    algorithm: TOTP_PARAMETERS.algorithm,
    digits: TOTP_PARAMETERS.digits,
    period: TOTP_PARAMETERS.period,
    secret: Secret.fromBase32(base32),
  });
}

/** A new secret (160 bits, RFC 4226's recommendation) and the otpauth:// address the QR code carries. */
export function newSecret(email: string): { base32: string; otpauthUrl: string } {
  const base32 = new Secret({ size: 20 }).base32;
  return { base32, otpauthUrl: totpOf(base32, email).toString() };
}

/** The time step of a moment (RFC 6238's T). */
export const stepAt = (ms: number): number => Math.floor(ms / 1000 / TOTP_PARAMETERS.period);

/** The code of a secret at a step: what an authenticator app shows (tests compute theirs with it). */
export function codeAt(base32: string, step: number): string {
  return totpOf(base32).generate({ timestamp: step * TOTP_PARAMETERS.period * 1000 });
}

/** The step within the drift whose code this is, or null (every step is compared, in constant time). */
export function matchingStep(base32: string, code: string, nowMs: number): number | null {
  const now = stepAt(nowMs);
  const given = Buffer.from(code.padEnd(TOTP_PARAMETERS.digits, ' ').slice(0, TOTP_PARAMETERS.digits));
  let found: number | null = null;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step += 1) {
    if (timingSafeEqual(Buffer.from(codeAt(base32, step)), given) && found === null) found = step;
  }
  return found;
}

interface TotpRow {
  secret_enc: string | null;
  pending_secret_enc: string | null;
  last_used_step: string | number | null;
}

export async function totpRow(db: Db, userId: number): Promise<TotpRow | null> {
  const { rows } = await db.query<TotpRow>('SELECT secret_enc, pending_secret_enc, last_used_step FROM user_totp WHERE user_id = $1', [userId]);
  return rows[0] ?? null;
}

/**
 * True once for a current code of the user's authenticator: its step is stored in the same statement
 * that checks it is newer than the last one used, so two requests with one code cannot both pass.
 */
export async function acceptAuthenticatorCode(db: Db, ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const row = await totpRow(db, userId);
  if (!row?.secret_enc) return false;
  const step = matchingStep(openSecret(ctx, row.secret_enc), code, ctx.config.now().getTime());
  if (step === null) return false;
  const used = await db.query(
    `UPDATE user_totp SET last_used_step = $2
      WHERE user_id = $1 AND secret_enc IS NOT NULL AND (last_used_step IS NULL OR last_used_step < $2) RETURNING user_id`,
    [userId, step],
  );
  return used.rowCount > 0;
}

// Recovery codes: 32 letters and digits that are not read as one another (no 0/o, 1/l/i, u)
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstvwxyz23456789';

/** The code as stored and compared: lower case, no hyphen or spaces. */
const canonical = (code: string): string => code.replace(/[\s-]/g, '').toLowerCase();

function recoveryHash(ctx: AppContext, userId: number, code: string): string {
  return createHmac('sha256', keyOf(ctx, 'fleet-api recovery codes')).update(`${userId}:${canonical(code)}`).digest('hex');
}

/** Replaces the user's recovery codes with ten new ones; answers them as shown (`k7m2p-x9q4r`), once. */
export async function newRecoveryCodes(db: Db, ctx: AppContext, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await db.query('DELETE FROM user_recovery_codes WHERE user_id = $1', [userId]);
  await db.query(
    `INSERT INTO user_recovery_codes (user_id, code_hash, created_at)
     SELECT $1, h, $3 FROM unnest($2::text[]) AS h`,
    [userId, codes.map((c) => recoveryHash(ctx, userId, c)), nowIso(ctx)],
  );
  return codes;
}

/** True once for an unused recovery code of the user (the UPDATE that marks it used decides a race). */
export async function acceptRecoveryCode(db: Db, ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const used = await db.query(
    'UPDATE user_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id',
    [userId, recoveryHash(ctx, userId, code), nowIso(ctx)],
  );
  return used.rowCount > 0;
}

/** An authenticator code (six digits) or else a recovery code: what the sign-in and disable steps take. */
export async function acceptSecondFactorCode(db: Db, ctx: AppContext, userId: number, code: string): Promise<boolean> {
  return /^[0-9]{6}$/.test(code) ? acceptAuthenticatorCode(db, ctx, userId, code) : acceptRecoveryCode(db, ctx, userId, code);
}
