/**
 * Sign-in state that no rule needs any more: old failures and cooldowns, finished or expired codes,
 * tokens and sessions. main.ts runs it every 10 minutes; it only deletes what can no longer matter.
 */
import type { Db } from '../../db';

const HOUR = 3600 * 1000;

export interface PruneCounts {
  failures: number;
  addressRequests: number;
  cooldowns: number;
  challenges: number;
  passkeyChallenges: number;
  refreshTokens: number;
  resetTokens: number;
  verificationTokens: number;
  sessions: number;
}

export async function pruneAuthState(db: Db, now: Date): Promise<PruneCounts> {
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const nowIso = now.toISOString();
  const run = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rowCount;
  return {
    // The longest window a limit looks at is one hour.
    failures: await run('DELETE FROM auth_failures WHERE created_at < $1', [ago(2 * HOUR)]),
    addressRequests: await run('DELETE FROM address_requests WHERE created_at < $1', [ago(2 * HOUR)]),
    cooldowns: await run('DELETE FROM mail_cooldowns WHERE last_sent_at < $1', [ago(HOUR)]),
    challenges: await run('DELETE FROM otp_challenges WHERE created_at < $1', [ago(24 * HOUR)]),
    passkeyChallenges: await run('DELETE FROM webauthn_challenges WHERE expires_at < $1', [nowIso]),
    refreshTokens: await run('DELETE FROM refresh_tokens WHERE expires_at < $1', [nowIso]),
    resetTokens: await run('DELETE FROM password_reset_tokens WHERE expires_at < $1', [ago(24 * HOUR)]),
    verificationTokens: await run('DELETE FROM email_verification_tokens WHERE expires_at < $1', [ago(24 * HOUR)]),
    // A session is over once revoked, or once its last refresh token has expired.
    sessions: await run(
      `DELETE FROM auth_sessions s
        WHERE (s.revoked_at IS NOT NULL AND s.revoked_at < $1)
           OR (s.revoked_at IS NULL AND s.created_at < $1
               AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.session_id = s.id))`,
      [ago(24 * HOUR)],
    ),
  };
}
