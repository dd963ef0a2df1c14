/**
 * A second factor required where an organisation wants it (issue 24, docs/second-factor.md, "Required
 * where wanted"). Admin ticks it on an agency, an electrician company or a multi-site company; Admin
 * accounts follow the platform's setting (second_factor_policy, else configuration). A covered user
 * without the authenticator or a passkey signs in to a session that can only set one up
 * (auth_sessions.second_factor_pending, policy/access.ts), and cannot remove the last one.
 */
import type { Db } from '../../db';
import type { Config } from '../../config';
import { ApiError } from '../../server/errors';
import { say } from '../../server/messages';

/** The user's factors: the authenticator on, and how many passkeys. */
export interface SecondFactors {
  totp: boolean;
  passkeys: number;
}

/** What the user has: the one place that reads both for the requirement. */
export async function secondFactorsOf(db: Db, userId: number): Promise<SecondFactors> {
  const { rows } = await db.query<{ totp: boolean; passkeys: number }>(
    `SELECT EXISTS (SELECT 1 FROM user_totp WHERE user_id = $1 AND enabled_at IS NOT NULL) AS totp,
            (SELECT count(*)::int FROM user_passkeys WHERE user_id = $1) AS passkeys`,
    [userId],
  );
  return { totp: rows[0]?.totp ?? false, passkeys: Number(rows[0]?.passkeys ?? 0) };
}

export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  const factors = await secondFactorsOf(db, userId);
  return factors.totp || factors.passkeys > 0;
}

/** Admin accounts: Admin's choice once made, else configuration's. */
export async function adminSecondFactorRequired(db: Db, config: Pick<Config, 'adminSecondFactor'>): Promise<boolean> {
  const { rows } = await db.query<{ admin_required: boolean }>('SELECT admin_required FROM second_factor_policy');
  return rows[0]?.admin_required ?? config.adminSecondFactor === 'required';
}

/**
 * Whether user $1's organisation requires a second factor ($2: configuration's default for Admin
 * accounts): an agency's users (agency_id), an electrician company's (electrician_id), a multi-site
 * company's account admins (company_id) and its site managers (their site manager's company); Admin by
 * the platform's setting. A customer, an electrician working for an agency or a company's contact is
 * not covered by that agency or company. Null for an unknown user.
 */
const REQUIRED_SQL = `(SELECT CASE WHEN u.user_type = 'Admin'
                 THEN COALESCE((SELECT admin_required FROM second_factor_policy LIMIT 1), $2::boolean)
                 ELSE COALESCE(a.second_factor_required, false) OR COALESCE(e.second_factor_required, false)
                   OR COALESCE(c.second_factor_required, false) OR COALESCE(mc.second_factor_required, false) END
       FROM users u
       LEFT JOIN agencies a ON a.id = u.agency_id
       LEFT JOIN electricians e ON e.id = u.electrician_id
       LEFT JOIN multi_site_companies c ON c.id = u.company_id
       LEFT JOIN site_managers sm ON sm.id = u.site_manager_id
       LEFT JOIN multi_site_companies mc ON mc.id = sm.company_id
      WHERE u.id = $1)`;

const adminDefault = (config: Pick<Config, 'adminSecondFactor'>) => config.adminSecondFactor === 'required';

export async function secondFactorRequired(db: Db, config: Pick<Config, 'adminSecondFactor'>, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ required: boolean }>(`SELECT COALESCE(${REQUIRED_SQL}, false) AS required`, [userId, adminDefault(config)]);
  return rows[0]?.required ?? false;
}

/** A sign-in by password and mailed code that must set up a second factor before anything else. */
export async function secondFactorSetupNeeded(db: Db, config: Pick<Config, 'adminSecondFactor'>, userId: number): Promise<boolean> {
  return (await secondFactorRequired(db, config, userId)) && !(await hasSecondFactor(db, userId));
}

/** What the code step of a password sign-in takes, and what the session it opens may do. */
export interface CodeStep {
  /**
   * The authenticator's code when it is on; nothing when the organisation requires a second factor and
   * the user's only one is a passkey (a mailed code proves the mailbox, not a second factor: the
   * passkey signs in, replacing password and code); else the mailed code. A user not covered keeps the
   * mailed code beside a passkey (a lost passkey does not lock them out).
   */
  factor: 'totp' | 'passkey' | 'mail';
  /** A mailed code where a second factor is required and the user has none: a session that can only set one up. */
  setupNeeded: boolean;
}

export async function codeStepOf(db: Db, config: Pick<Config, 'adminSecondFactor'>, user: { id: number; totp_enabled: boolean }): Promise<CodeStep> {
  if (user.totp_enabled) return { factor: 'totp', setupNeeded: false };
  // one statement whatever the user has, so a wrong code costs the same for every address (and for
  // none: user id 0), as sign-in-alike.test.ts holds
  const { rows } = await db.query<{ passkeys: number; required: boolean }>(
    `SELECT (SELECT count(*)::int FROM user_passkeys WHERE user_id = $1) AS passkeys, COALESCE(${REQUIRED_SQL}, false) AS required`,
    [user.id, adminDefault(config)],
  );
  const required = rows[0]?.required ?? false;
  if (Number(rows[0]?.passkeys ?? 0) > 0) return { factor: required ? 'passkey' : 'mail', setupNeeded: false };
  return { factor: 'mail', setupNeeded: required };
}

/**
 * The user now has a factor: every session of theirs waiting for one works fully (in the caller's
 * unit of work, with the write that turned it on). Passkey registration calls it too.
 */
export async function endSecondFactorSetup(db: Db, userId: number): Promise<void> {
  await db.query('UPDATE auth_sessions SET second_factor_pending = false WHERE user_id = $1 AND second_factor_pending', [userId]);
}

/**
 * 409 when removing this factor (the authenticator, or one passkey) leaves a covered user with none.
 * Call before the removal, in the same unit of work.
 */
export async function keepRequiredSecondFactor(db: Db, config: Pick<Config, 'adminSecondFactor'>, userId: number, removing: 'totp' | 'passkey'): Promise<void> {
  const factors = await secondFactorsOf(db, userId);
  const left = removing === 'totp' ? factors.passkeys : (factors.totp ? 1 : 0) + Math.max(0, factors.passkeys - 1);
  if (left === 0 && (await secondFactorRequired(db, config, userId))) throw new ApiError(409, say('mfa.requiredKept'));
}
