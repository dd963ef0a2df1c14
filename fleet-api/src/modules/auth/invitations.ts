/**
 * Sign-ins made for someone by an operator: a multi-site company's account admin (its contact email,
 * role mscc) when the company is created, and a site manager (role sm) when one is added. The account
 * has no usable password; a single-use link in an invitation mail (the msc or sm reset screen) lets
 * its owner choose one, which also verifies the address.
 *
 * An address that already signs in keeps its one account: nothing is made and nothing is mailed, and
 * the caller's answer is the same either way (an agency must not learn who has an account here).
 */
import type { Db } from '../../db';
import { invitationMail, queueMail } from '../../mail/outbox';
import { randomToken, sha256 } from '../../policy/tokens';
import { normaliseEmail } from '../../server/schemas';
import { holdStartUpLock } from '../../server/singleton';

const INVITATION_DAYS = 7;

export type Invitation =
  | { userType: 'mscc'; email: string; companyId: number }
  | { userType: 'sm'; email: string; siteManagerId: number; firstName: string; lastName: string }
  /** A production install's first Admin (FLEET_ADMIN_EMAIL, main.ts): there is no demo account there. */
  | { userType: 'Admin'; email: string };

export interface InvitationSettings {
  publicUrl: string;
  now: () => Date;
}

/** Spec 2.12: the msc and sm variants of reset password. */
const SCREENS = {
  mscc: { path: '/msc/reset-password', variant: 'msc', role: 'multi-site company contact' },
  sm: { path: '/sm/reset-password', variant: 'sm', role: 'site manager' },
  Admin: { path: '/reset-password', variant: 'default', role: 'Admin' },
} as const;

/**
 * While no Admin account exists, makes `email` the first one with an invitation mail (production's way
 * in: main.ts with FLEET_ADMIN_EMAIL). Answers whether it did; once an Admin exists it never does, so
 * a restart with the setting still there changes nothing.
 */
export async function inviteFirstAdmin(db: Db, settings: InvitationSettings, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // one start at a time decides (several instances starting together)
    await holdStartUpLock(tx, 'firstAdmin');
    const { rows } = await tx.query<{ admins: number }>("SELECT count(*)::int AS admins FROM users WHERE user_type = 'Admin'");
    if (Number(rows[0]?.admins ?? 0) > 0) return false;
    return inviteUser(tx, settings, { userType: 'Admin', email });
  });
}

/** Makes the account and queues its mail, inside the caller's transaction (tx). Returns whether it did. */
export async function inviteUser(tx: Db, settings: InvitationSettings, invitation: Invitation): Promise<boolean> {
  const email = normaliseEmail(invitation.email);
  const now = settings.now();
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, user_type, first_name, last_name, company_id, site_manager_id, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', $8, $8)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id::int AS id`,
    [
      email,
      // not an argon2 hash: no password matches it until the link sets one
      `!invited:${randomToken()}`,
      invitation.userType,
      invitation.userType === 'sm' ? invitation.firstName.trim() : null,
      invitation.userType === 'sm' ? invitation.lastName.trim() : null,
      invitation.userType === 'mscc' ? invitation.companyId : null,
      invitation.userType === 'sm' ? invitation.siteManagerId : null,
      now.toISOString(),
    ],
  );
  const userId = inserted.rows[0]?.id;
  if (userId === undefined) return false;
  const token = randomToken();
  const screen = SCREENS[invitation.userType];
  await tx.query('INSERT INTO password_reset_tokens (token_hash, user_id, variant, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)', [
    sha256(token),
    userId,
    screen.variant,
    new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString(),
    now.toISOString(),
  ]);
  const link = `${settings.publicUrl}${screen.path}?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
  await queueMail(tx, invitationMail(email, screen.role, link, INVITATION_DAYS));
  return true;
}
