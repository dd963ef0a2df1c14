/**
 * Sessions and their tokens. A session is one sign-in; its refresh tokens form a chain where each
 * refresh uses up the current token and issues the next (stored as sha256). Presenting a used one
 * again means it was copied: the whole session ends, its access tokens with it (they carry `sid`).
 * Each refresh also moves the session to its next generation, which the new access token carries: the
 * access token it replaced is refused from then on (docs/auth-calls.md says what the console does).
 */
import { randomUUID } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import { isUserType, USER_TYPES } from '../../policy/roles';
import { sha256 } from '../../policy/tokens';
import { inSeconds, nowIso, nowSeconds, type AppContext } from '../../server/context';
import { MessageFields } from '../../server/schemas';
import { parseUserAgent } from './user-agent';
import { endSecondFactorSetup, secondFactorSetupNeeded } from '../mfa/requirement';

export interface TokenPair {
  token: string;
  refresh_token: string;
}

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableId = Type.Union([Type.Integer(), Type.Null()]);

/** The `info` of login-otp and token-refresh: what the console keeps as login-user-info. */
export const LoginUserInfoSchema = Type.Object({
  user_type: Type.Union(USER_TYPES.map((t) => Type.Literal(t))),
  userInfo: Type.Object({
    id: Type.Integer(),
    email: Type.String(),
    first_name: NullableString,
    last_name: NullableString,
    agency_id: NullableId,
    agency_name: NullableString,
    electrician_id: NullableId,
    company_id: NullableId,
    company_name: NullableString,
    site_manager_id: NullableId,
    customer_id: NullableId,
  }),
  /** The session may only set up the second factor its organisation requires (docs/second-factor.md); absent otherwise. */
  second_factor_setup: Type.Optional(Type.Literal(true)),
});
export type LoginUserInfo = Static<typeof LoginUserInfoSchema>;

/** What a finished sign-in answers (login-otp, a passkey's verify) and a refresh: the tokens and who signed in. */
export const TokenReply = Type.Object({
  status: Type.Boolean(),
  ...MessageFields,
  token: Type.String(),
  refresh_token: Type.String(),
  info: LoginUserInfoSchema,
});

/** The sign-in view of a user: what every auth step needs to decide. */
export interface SignInUser {
  id: number;
  email: string;
  password_hash: string;
  user_type: string;
  first_name: string | null;
  last_name: string | null;
  status: string;
  email_verified_at: string | null;
  token_version: number;
  agency_id: number | null;
  agency_name: string | null;
  agency_status: string | null;
  electrician_id: number | null;
  company_id: number | null;
  company_name: string | null;
  site_manager_id: number | null;
  customer_id: number | null;
  /** The authenticator is on: sign-in asks for its code instead of mailing one. */
  totp_enabled: boolean;
}

const SIGN_IN_USER_SQL = `
  SELECT u.id, u.email, u.password_hash, u.user_type, u.first_name, u.last_name, u.status,
         u.email_verified_at, u.token_version, u.agency_id, a.agency_name, a.status AS agency_status,
         u.electrician_id, u.company_id, c.company_name, u.site_manager_id, u.customer_id,
         (t.enabled_at IS NOT NULL) AS totp_enabled
    FROM users u
    LEFT JOIN agencies a ON a.id = u.agency_id
    LEFT JOIN multi_site_companies c ON c.id = u.company_id
    LEFT JOIN user_totp t ON t.user_id = u.id`;

export async function findUserByEmail(db: Db, email: string): Promise<SignInUser | null> {
  const { rows } = await db.query<SignInUser>(`${SIGN_IN_USER_SQL} WHERE lower(u.email) = $1`, [email]);
  return rows[0] ?? null;
}

async function findUserById(db: Db, id: number): Promise<SignInUser | null> {
  const { rows } = await db.query<SignInUser>(`${SIGN_IN_USER_SQL} WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Disabled users and users of an inactive agency cannot sign in or refresh. */
export function mayUseAccount(user: SignInUser): boolean {
  return user.status === 'active' && user.agency_status !== 'In-Active' && isUserType(user.user_type);
}

export function loginUserInfo(user: SignInUser, secondFactorSetup = false): LoginUserInfo {
  if (!isUserType(user.user_type)) throw new Error(`Unknown user type ${user.user_type}`);
  return {
    user_type: user.user_type,
    userInfo: {
      id: Number(user.id),
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      agency_id: user.agency_id,
      agency_name: user.agency_name,
      electrician_id: user.electrician_id,
      company_id: user.company_id,
      company_name: user.company_name,
      site_manager_id: user.site_manager_id,
      customer_id: user.customer_id,
    },
    ...(secondFactorSetup ? { second_factor_setup: true as const } : {}),
  };
}

/** A pair of the session's `generation`: an access token of an older generation is refused (policy/access). */
function issuePair(ctx: AppContext, user: SignInUser, sessionId: string, generation: number): { pair: TokenPair; refreshHash: string } {
  const iat = nowSeconds(ctx);
  const base = { sub: String(user.id), sid: sessionId, tv: user.token_version, gen: generation, iat };
  const token = ctx.tokens.sign({ ...base, typ: 'access', exp: iat + ctx.config.accessTokenTtlSeconds });
  const refresh = ctx.tokens.sign({ ...base, typ: 'refresh', exp: iat + ctx.config.refreshTokenTtlSeconds });
  return { pair: { token, refresh_token: refresh }, refreshHash: sha256(refresh) };
}

async function storeRefresh(db: Db, ctx: AppContext, hash: string, sessionId: string, userId: number): Promise<void> {
  await db.query(
    'INSERT INTO refresh_tokens (token_hash, session_id, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
    [hash, sessionId, userId, inSeconds(ctx, ctx.config.refreshTokenTtlSeconds), nowIso(ctx)],
  );
}

/** Where a session is used from, as the session list shows it (the User-Agent, the trusted client address). */
export interface SessionClient {
  userAgent: string | null;
  address: string | null;
}

/** The client of a request: its User-Agent (kept to 500 characters) and `request.ip` (Fastify's trustProxy decides). */
export function clientOf(request: { headers: Record<string, string | string[] | undefined>; ip: string }): SessionClient {
  const ua = request.headers['user-agent'];
  return { userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null, address: request.ip || null };
}

/**
 * Starts a session for a user who has just proven password and code; `secondFactorPending`: one that
 * may only set up the second factor its organisation requires (policy/access.ts).
 */
export async function startSession(db: Db, ctx: AppContext, user: SignInUser, client: SessionClient, secondFactorPending = false): Promise<TokenPair> {
  const sessionId = randomUUID();
  await db.query(
    'INSERT INTO auth_sessions (id, user_id, created_at, user_agent, client_address, second_factor_pending) VALUES ($1, $2, $3, $4, $5, $6)',
    [sessionId, user.id, nowIso(ctx), client.userAgent, client.address, secondFactorPending],
  );
  const { pair, refreshHash } = issuePair(ctx, user, sessionId, 0);
  await storeRefresh(db, ctx, refreshHash, sessionId, user.id);
  return pair;
}

export type RefreshOutcome = { ok: true; pair: TokenPair; user: SignInUser; generation: number; secondFactorPending: boolean } | { ok: false };

/** Uses up a refresh token and issues the next pair of its session; a reused token ends the session. */
export async function rotateRefresh(ctx: AppContext, refreshToken: string, client: SessionClient): Promise<RefreshOutcome> {
  const claims = ctx.tokens.verify(refreshToken, 'refresh', nowSeconds(ctx));
  if (!claims) return { ok: false };
  const hash = sha256(refreshToken);
  const outcome = await ctx.db.transaction(async (tx): Promise<RefreshOutcome | 'reused'> => {
    const used = await tx.query<{ session_id: string; user_id: number }>(
      `UPDATE refresh_tokens SET used_at = $2
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
        RETURNING session_id, user_id`,
      [hash, nowIso(ctx)],
    );
    const row = used.rows[0];
    if (!row) {
      const known = await tx.query('SELECT 1 FROM refresh_tokens WHERE token_hash = $1', [hash]);
      return known.rowCount > 0 ? 'reused' : { ok: false };
    }
    if (row.session_id !== claims.sid || Number(row.user_id) !== Number(claims.sub)) return { ok: false };
    const session = await tx.query<{ revoked_at: string | null }>('SELECT revoked_at FROM auth_sessions WHERE id = $1', [
      row.session_id,
    ]);
    if (!session.rows[0] || session.rows[0].revoked_at) return { ok: false };
    const user = await findUserById(tx, Number(row.user_id));
    if (!user || !mayUseAccount(user) || user.token_version !== claims.tv) return { ok: false };
    // the next generation: from this commit on, the access token this refresh replaces is refused;
    // the refresh is also the session's "last used" (and where from) in the session list
    const renewed = await tx.query<{ generation: number; second_factor_pending: boolean }>(
      `UPDATE auth_sessions SET refreshed_at = $2, generation = generation + 1, user_agent = $3, client_address = $4
        WHERE id = $1 RETURNING generation, second_factor_pending`,
      [row.session_id, nowIso(ctx), client.userAgent, client.address],
    );
    const generation = renewed.rows[0]?.generation ?? 0;
    // still waiting for a second factor, unless the organisation stopped requiring it meanwhile
    let secondFactorPending = renewed.rows[0]?.second_factor_pending ?? false;
    if (secondFactorPending && !(await secondFactorSetupNeeded(tx, ctx.config, user.id))) {
      await endSecondFactorSetup(tx, user.id);
      secondFactorPending = false;
    }
    const { pair, refreshHash } = issuePair(ctx, user, row.session_id, generation);
    await storeRefresh(tx, ctx, refreshHash, row.session_id, user.id);
    return { ok: true, pair, user, generation, secondFactorPending };
  });
  if (typeof outcome === 'object' && outcome.ok) await closeLiveSockets(ctx, [claims.sid], 4000, outcome.generation);
  if (outcome === 'reused') {
    // Outside the transaction above so the revocation stands even though the request fails.
    await revokeSession(ctx.db, ctx, claims.sid, 'refresh token reused');
    return { ok: false };
  }
  return outcome;
}

export async function revokeSession(db: Db, ctx: AppContext, sessionId: string, reason: string): Promise<void> {
  await db.query(
    'UPDATE auth_sessions SET revoked_at = $2, revoked_reason = $3 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, nowIso(ctx), reason],
  );
  await closeLiveSockets(ctx, [sessionId], 4401);
}

/**
 * The live sockets of these sessions close at once on every instance (SECURITY.md 17): 4401 when the
 * session ended, 4000 when it renewed its tokens (the console reconnects with the new one).
 */
async function closeLiveSockets(ctx: AppContext, sessionIds: string[], code: 4000 | 4401, generation?: number): Promise<void> {
  const at = ctx.config.now().getTime();
  // a renewal's new generation: sockets already opened with the new token (another tab) stay open
  await ctx.live.publish(sessionIds.map((session_id) => ({ kind: 'session' as const, at, session_id, code, ...(generation === undefined ? {} : { generation }) })));
}

/**
 * Ends every session of a user, except `keep` when given (a password change keeps the current one);
 * answers how many ended.
 */
export async function revokeUserSessions(
  db: Db,
  ctx: AppContext,
  userId: number,
  reason: string,
  keep?: string,
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE auth_sessions SET revoked_at = $2, revoked_reason = $3
      WHERE user_id = $1 AND revoked_at IS NULL AND ($4::text IS NULL OR id <> $4::text) RETURNING id`,
    [userId, nowIso(ctx), reason, keep ?? null],
  );
  await closeLiveSockets(ctx, rows.map((r) => r.id), 4401);
  return rows.length;
}

/** Ends one session of this user; false when it is not theirs or already over (the caller answers 404). */
export async function revokeOwnSession(db: Db, ctx: AppContext, userId: number, sessionId: string, reason: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE auth_sessions SET revoked_at = $3, revoked_reason = $4
      WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id`,
    [sessionId, userId, nowIso(ctx), reason],
  );
  await closeLiveSockets(ctx, rows.map((r) => r.id), 4401);
  return rows.length > 0;
}

interface SessionListRow {
  id: string;
  user_agent: string | null;
  client_address: string | null;
  started_at: string;
  last_used_at: string;
}

/**
 * The user's signed-in sessions, the one in use first, then the most recently used: not ended, and
 * with a refresh token that can still renew it (an abandoned one drops out when its chain expires).
 */
export async function listSessions(db: Db, ctx: AppContext, userId: number, currentId: string) {
  const { rows } = await db.query<SessionListRow>(
    `SELECT s.id, s.user_agent, s.client_address, s.created_at AS started_at,
            COALESCE(s.refreshed_at, s.created_at) AS last_used_at
       FROM auth_sessions s
      WHERE s.user_id = $1 AND s.revoked_at IS NULL
        AND EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.session_id = s.id AND r.used_at IS NULL AND r.expires_at > $2)
      ORDER BY (s.id = $3) DESC, COALESCE(s.refreshed_at, s.created_at) DESC, s.id`,
    [userId, nowIso(ctx), currentId],
  );
  return rows.map((r) => ({
    id: r.id,
    ...parseUserAgent(r.user_agent),
    address: r.client_address,
    started_at: new Date(r.started_at).toISOString(),
    last_used_at: new Date(r.last_used_at).toISOString(),
    current: r.id === currentId,
  }));
}
