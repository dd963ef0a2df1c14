/**
 * Every mail goes through the outbox table, written in the same transaction as the change that
 * caused it. Outside production it is readable at GET /api/dev/outbox; in production the SMTP
 * sender (sender.ts) drains it.
 */
import type { Db } from '../db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxEntry extends Mail {
  created_at: string;
}

export async function queueMail(db: Db, mail: Mail): Promise<void> {
  await db.query('INSERT INTO outbox (to_email, subject, text_body) VALUES ($1, $2, $3)', [
    mail.to,
    mail.subject,
    mail.text,
  ]);
}

/** Mails to one address (case-insensitive), newest first. */
export async function mailsTo(db: Db, to: string, limit = 50): Promise<OutboxEntry[]> {
  const { rows } = await db.query<{ to_email: string; subject: string; text_body: string; created_at: string }>(
    `SELECT to_email, subject, text_body, created_at FROM outbox
      WHERE lower(to_email) = lower($1) ORDER BY id DESC LIMIT $2`,
    [to.trim(), limit],
  );
  return rows.map((r) => ({ to: r.to_email, subject: r.subject, text: r.text_body, created_at: r.created_at }));
}

// The texts of the mails auth sends. Links come from PUBLIC_URL, never from the request.

export function otpMail(to: string, code: string): Mail {
  return {
    to,
    subject: 'Your sign-in code',
    text: `Your sign-in code is ${code}. It expires in 10 minutes and can be used once.\n\nIf you did not try to sign in, change your password.`,
  };
}

export function verificationMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Verify your email address',
    text: `Welcome to the fleet console. Please verify your email address by opening this link:\n\n${link}\n\nThe link expires in 24 hours.`,
  };
}

export function alreadyRegisteredMail(to: string, loginUrl: string): Mail {
  return {
    to,
    subject: 'You already have an account',
    text: `Someone tried to sign up with this email address, which already has an account. You can sign in at ${loginUrl}.\n\nIf you forgot your password, use "Forgot password" on that page.`,
  };
}

export function resetMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your password',
    text: `A password reset was requested for this address. Open this link to choose a new password:\n\n${link}\n\nThe link expires in 1 hour and can be used once. If you did not ask for it, ignore this mail.`,
  };
}

/** A sign-in made for someone by an operator (a company's account admin, a site manager). */
export function invitationMail(to: string, role: string, link: string, days: number): Mail {
  return {
    to,
    subject: 'Your fleet console account',
    text: `An account was made for you on the fleet console as ${role}. Open this link to choose your password:\n\n${link}\n\nThe link expires in ${days} days and can be used once. After that, use "Forgot password" on the sign-in page.`,
  };
}

/** Spec: export-feedback-email: a customer's feedback as CSV, mailed to the operator who asked (text mails: the CSV is the body). */
export function feedbackMail(to: string, customerEmail: string, csv: string): Mail {
  return {
    to,
    subject: `Feedback of ${customerEmail}`,
    text: `The feedback of ${customerEmail}, as CSV (copy it into a .csv file to open it in a spreadsheet):\n\n${csv}`,
  };
}

// The account's own security changes (issue 24): each one mails the user, so a change they did not
// make does not go unnoticed. What to do then is the same in each.
const notYou = 'If this was not you, reset your password now and tell your administrator.';

export function passkeyAddedMail(to: string, name: string): Mail {
  return {
    to,
    subject: 'A passkey was added to your account',
    text: `A passkey named "${name}" was added to your Fleet Console account. It can sign in without your password.\n\n${notYou}`,
  };
}

export function passkeyRemovedMail(to: string, name: string): Mail {
  return {
    to,
    subject: 'A passkey was removed',
    text: `The passkey named "${name}" was removed from your Fleet Console account. It can no longer sign in.\n\n${notYou}`,
  };
}

/** Sessions ended from the profile's list (`byAdmin` false) or by an administrator. */
export function sessionsEndedMail(to: string, count: number, byAdmin: boolean): Mail {
  const what = count === 1 ? '1 session of your account was ended' : `${count} sessions of your account were ended`;
  const who = byAdmin ? 'by an administrator' : 'from your profile';
  return {
    to,
    subject: count === 1 ? 'A session of your account was ended' : `${count} sessions of your account were ended`,
    text: `${what} ${who}: the browsers signed in with them are signed out.\n\n${byAdmin ? 'If you do not know why, ask your administrator.' : notYou}`,
  };
}
