/**
 * Passkeys (WebAuthn, issue 24, docs/second-factor.md): the relying party, the challenges, the stored
 * credentials, and the checks of @simplewebauthn/server. The relying party's id and origins come from
 * configuration only. A challenge is a row (any instance can verify it) that its verify deletes with
 * `DELETE ... RETURNING`, so of two verifies of one challenge only one can pass.
 */
import { createHmac, randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  PasskeyRow,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@fleet/contract';
import { TOTP_PARAMETERS } from '@fleet/contract';
import type { Db } from '../../db';
import { inSeconds, nowIso, type AppContext } from '../../server/context';

/** The name an authenticator shows for the site: the product's, as the authenticator app's issuer is. */
const RP_NAME = TOTP_PARAMETERS.issuer;

/** How long the browser may take, and how long the challenge lives (WebAuthn's advice with user verification: 5 to 10 minutes). */
const CEREMONY_SECONDS = 300;

type Purpose = 'register' | 'authenticate';

/**
 * The user handle a passkey stores: opaque (neither the e-mail nor the numeric id), the same at every
 * registration so an authenticator keeps one passkey per account, and kept nowhere: derived from the
 * server secret. A sign-in finds the passkey by its credential id, so a new secret loses nothing.
 */
export function userHandle(ctx: AppContext, userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHmac('sha256', ctx.otpKey).update(`fleet-api passkey user ${userId}`).digest());
}

async function storeChallenge(db: Db, ctx: AppContext, challenge: string, purpose: Purpose, userId: number | null): Promise<void> {
  await db.query('INSERT INTO webauthn_challenges (challenge, purpose, user_id, expires_at) VALUES ($1, $2, $3, $4)', [
    challenge,
    purpose,
    userId,
    inSeconds(ctx, CEREMONY_SECONDS),
  ]);
}

/** The challenge the browser signed, as its clientDataJSON says (the library checks it again against the row). */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = typeof parsed === 'object' && parsed !== null ? (parsed as { challenge?: unknown }).challenge : null;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

/** Uses up a live challenge of this purpose (and user, for a registration); null when there is none. */
async function takeChallenge(db: Db, ctx: AppContext, clientDataJSON: string, purpose: Purpose, userId: number | null): Promise<string | null> {
  const challenge = signedChallenge(clientDataJSON);
  if (!challenge) return null;
  const { rows } = await db.query<{ challenge: string }>(
    `DELETE FROM webauthn_challenges
      WHERE challenge = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3 AND expires_at > $4
      RETURNING challenge`,
    [challenge, purpose, userId, nowIso(ctx)],
  );
  return rows[0]?.challenge ?? null;
}

interface StoredPasskey {
  id: string;
  user_id: number;
  credential_id: string;
  public_key: Uint8Array;
  counter: string | number;
  transports: string[];
  name: string;
}

const rowOf = (r: { id: string; name: string; created_at: string | Date; last_used_at: string | Date | null }): PasskeyRow => ({
  id: r.id,
  name: r.name,
  created_at: new Date(r.created_at).toISOString(),
  last_used_at: r.last_used_at === null ? null : new Date(r.last_used_at).toISOString(),
});

/** The user's passkeys, newest first. */
export async function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  const { rows } = await db.query<{ id: string; name: string; created_at: string; last_used_at: string | null }>(
    'SELECT id, name, created_at, last_used_at FROM user_passkeys WHERE user_id = $1 ORDER BY created_at DESC, id',
    [userId],
  );
  return rows.map(rowOf);
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_passkeys WHERE user_id = $1', [userId]);
  return Number(rows[0]?.n ?? 0);
}

/** The transports the library knows (what a browser reported at registration, the unknown ones dropped). */
const TRANSPORTS: readonly AuthenticatorTransport[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb'];
const transportsOf = (given: readonly string[] | undefined): AuthenticatorTransport[] =>
  (given ?? []).filter((t): t is AuthenticatorTransport => (TRANSPORTS as readonly string[]).includes(t));

/**
 * Registration options for the signed-in user: a discoverable credential (resident key) with user
 * verification, no attestation, the user's passkeys excluded. A newer request replaces the older challenge.
 */
export async function registrationOptions(db: Db, ctx: AppContext, user: { id: number; email: string }): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rows } = await db.query<{ credential_id: string; transports: string[] }>('SELECT credential_id, transports FROM user_passkeys WHERE user_id = $1', [user.id]);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: ctx.config.webauthn.rpId,
    userID: userHandle(ctx, user.id),
    userName: user.email,
    userDisplayName: user.email,
    timeout: CEREMONY_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: rows.map((r) => ({ id: r.credential_id, transports: transportsOf(r.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await db.query(`DELETE FROM webauthn_challenges WHERE purpose = 'register' AND user_id = $1`, [user.id]);
  await storeChallenge(db, ctx, options.challenge, 'register', user.id);
  return { ...options, excludeCredentials: options.excludeCredentials?.map((c) => ({ id: c.id, type: 'public-key' as const, transports: transportsOf(c.transports) })) };
}

/**
 * Checks a registration against the caller's own live challenge, the configured origins and relying
 * party, with user verification; stores the passkey and answers its row, or null when it is refused.
 */
export async function registerPasskey(db: Db, ctx: AppContext, userId: number, name: string, response: RegistrationResponseJSON): Promise<PasskeyRow | null> {
  const challenge = await takeChallenge(db, ctx, response.response.clientDataJSON, 'register', userId);
  if (!challenge) return null;
  let verified: VerifiedRegistrationResponse;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: ctx.config.webauthn.origins,
      expectedRPID: ctx.config.webauthn.rpId,
      requireUserVerification: true,
    });
  } catch {
    return null;
  }
  const info = verified.registrationInfo;
  if (!verified.verified || !info) return null;
  const { rows } = await db.query<{ id: string; name: string; created_at: string; last_used_at: string | null }>(
    `INSERT INTO user_passkeys (id, user_id, credential_id, public_key, counter, transports, name, device_type, backed_up, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id, name, created_at, last_used_at`,
    [
      randomUUID(),
      userId,
      info.credential.id,
      Buffer.from(info.credential.publicKey),
      info.credential.counter,
      transportsOf(response.response.transports),
      name,
      info.credentialDeviceType,
      info.credentialBackedUp,
      nowIso(ctx),
    ],
  );
  const row = rows[0];
  return row ? rowOf(row) : null;
}

/** The name of one of the user's passkeys, or null when it is not theirs. */
export async function passkeyName(db: Db, userId: number, id: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM user_passkeys WHERE id = $1 AND user_id = $2', [id, userId]);
  return rows[0]?.name ?? null;
}

/** Removes one of the user's passkeys; its name, or null when it is not theirs. */
export async function removePasskey(db: Db, userId: number, id: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('DELETE FROM user_passkeys WHERE id = $1 AND user_id = $2 RETURNING name', [id, userId]);
  return rows[0]?.name ?? null;
}

/** Sign-in options: a fresh challenge, no credentials named (the browser offers the passkeys it holds). */
export async function signInOptions(db: Db, ctx: AppContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: ctx.config.webauthn.rpId,
    timeout: CEREMONY_SECONDS * 1000,
    userVerification: 'required',
  });
  await storeChallenge(db, ctx, options.challenge, 'authenticate', null);
  return { challenge: options.challenge, timeout: options.timeout, rpId: options.rpId, userVerification: options.userVerification };
}

/** The passkey a sign-in names and the e-mail of its user (the account its failures count against). */
export async function passkeyOfCredential(db: Db, credentialId: string): Promise<(StoredPasskey & { email: string }) | null> {
  const { rows } = await db.query<StoredPasskey & { email: string }>(
    `SELECT p.id, p.user_id, p.credential_id, p.public_key, p.counter, p.transports, p.name, lower(u.email) AS email
       FROM user_passkeys p JOIN users u ON u.id = p.user_id WHERE p.credential_id = $1`,
    [credentialId],
  );
  return rows[0] ?? null;
}

/**
 * Checks a sign-in's assertion: a live sign-in challenge (used up here, whatever the outcome), the
 * configured origins and relying party, user verification, the user handle when the browser sends one,
 * and a counter that moves forward (a clone's goes backwards); then records the use. True when it passes.
 */
export async function verifySignIn(db: Db, ctx: AppContext, passkey: StoredPasskey, response: AuthenticationResponseJSON): Promise<boolean> {
  const challenge = await takeChallenge(db, ctx, response.response.clientDataJSON, 'authenticate', null);
  if (!challenge) return false;
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandle(ctx, Number(passkey.user_id))).toString('base64url')) return false;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: ctx.config.webauthn.origins,
      expectedRPID: ctx.config.webauthn.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: true,
    });
    if (!verified) return false;
    // the counter only moves forward: a parallel sign-in that read the same counter cannot both pass
    const used = await db.query(
      `UPDATE user_passkeys SET counter = $2, backed_up = $3, last_used_at = $4
        WHERE id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0)) RETURNING id`,
      [passkey.id, authenticationInfo.newCounter, authenticationInfo.credentialBackedUp, nowIso(ctx)],
    );
    return used.rowCount > 0;
  } catch {
    // the library throws for every mismatch (origin, rp id, flags, signature, counter)
    return false;
  }
}
