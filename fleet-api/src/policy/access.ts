/**
 * Per-call access. Every route declares `config.access` ({public: true} or {roles: [...]}); a route
 * without one stops the server at start-up. One onRequest hook (before any body is read) checks the
 * bearer token against the users row and the session, then the route's roles: 401 or 403. A session
 * that must still set up the second factor its organisation requires reaches only the routes that say
 * `duringSecondFactorSetup` (403 `mfa.setupRequired` elsewhere: docs/second-factor.md).
 * The rule is per call, never per path prefix.
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { Db } from '../db';
import { ApiError } from '../server/errors';
import { isUserType, type Caller, type RouteAccess } from './roles';
import type { TokenService } from './tokens';
import { say } from '../server/messages';
import { recordSecurityEvent, type ResolvedAudit } from './audit';

const UNAUTHORIZED_MESSAGE = say('auth.sessionExpired');
const FORBIDDEN_MESSAGE = say('auth.forbidden');
const SETUP_REQUIRED_MESSAGE = say('mfa.setupRequired');

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route's schema (body, querystring, params, response), for the fuzz and OpenAPI tests. */
  schema: FastifySchema | undefined;
  /** How its writes reach the audit trail (policy/audit.ts); absent on a read. */
  audit?: ResolvedAudit;
}

/** Paths served by plugins (the OpenAPI page and its assets) that are public by nature. */
const PLUGIN_PUBLIC_PREFIXES = ['/api/docs'];

function describe(route: RouteOptions): string {
  return `${Array.isArray(route.method) ? route.method.join(',') : route.method} ${route.url}`;
}

/** Checks every route's declaration as it is registered and records it (tests walk the list). */
export function enforceDeclarations(app: FastifyInstance, registry: RegisteredRoute[]): void {
  app.addHook('onRoute', (route) => {
    let access = route.config?.access;
    if (!access && PLUGIN_PUBLIC_PREFIXES.some((p) => route.url === p || route.url.startsWith(`${p}/`))) {
      access = { public: true };
      route.config = { ...(route.config ?? {}), access };
    }
    if (!access) {
      throw new Error(`Route ${describe(route)} declares no access rule (config.access)`);
    }
    if (!('public' in access) && (!Array.isArray(access.roles) || access.roles.length === 0)) {
      throw new Error(`Route ${describe(route)} names no roles`);
    }
    if ('roles' in access && !access.roles.every(isUserType)) {
      throw new Error(`Route ${describe(route)} names an unknown role`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) registry.push({ method: String(method), url: route.url, access, schema: route.schema });
  });
}

interface CallerRow {
  id: number;
  email: string;
  user_type: string;
  status: string;
  token_version: number;
  agency_id: number | null;
  electrician_id: number | null;
  company_id: number | null;
  site_manager_id: number | null;
  customer_id: number | null;
  session_revoked: boolean;
  session_generation: number;
  second_factor_pending: boolean;
  agency_inactive: boolean;
}

/** A caller as the token check reads it: with whether its session still has to set up a second factor. */
export interface SignedInCaller extends Caller {
  secondFactorPending: boolean;
}

export interface AccessDeps {
  db: Db;
  tokens: TokenService;
  now: () => Date;
}

/**
 * The caller of an `Authorization: Bearer <access token>` header, or null. The users row decides:
 * a deleted or disabled user, a bumped token_version, a revoked session or an inactive agency end it,
 * and a refresh ends the access token it replaced (the session's generation moved past the token's).
 */
export async function authenticate(deps: AccessDeps, authorization: string | undefined): Promise<SignedInCaller | null> {
  if (!authorization) return null;
  const m = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(authorization.trim());
  if (!m?.[1]) return null;
  const claims = deps.tokens.verify(m[1], 'access', Math.floor(deps.now().getTime() / 1000));
  if (!claims) return null;
  const { rows } = await deps.db.query<CallerRow>(
    `SELECT u.id, u.email, u.user_type, u.status, u.token_version, u.agency_id, u.electrician_id,
            u.company_id, u.site_manager_id, u.customer_id,
            (s.revoked_at IS NOT NULL) AS session_revoked, s.generation AS session_generation, s.second_factor_pending,
            COALESCE(a.status = 'In-Active', false) AS agency_inactive
       FROM users u
       JOIN auth_sessions s ON s.id = $2 AND s.user_id = u.id
       LEFT JOIN agencies a ON a.id = u.agency_id
      WHERE u.id = $1`,
    [Number(claims.sub), claims.sid],
  );
  const row = rows[0];
  if (!row || row.status !== 'active' || row.session_revoked || row.agency_inactive) return null;
  if (row.token_version !== claims.tv || !isUserType(row.user_type)) return null;
  if (row.session_generation !== (claims.gen ?? 0)) return null;
  return {
    userId: Number(row.id),
    userType: row.user_type,
    email: row.email,
    sessionId: claims.sid,
    agencyId: row.agency_id,
    electricianId: row.electrician_id,
    companyId: row.company_id,
    siteManagerId: row.site_manager_id,
    customerId: row.customer_id,
    secondFactorPending: row.second_factor_pending,
  };
}

/** The onRequest hook: public routes pass, others need a caller of one of the route's roles. */
export function installAccessCheck(app: FastifyInstance, deps: AccessDeps): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || 'public' in access) return; // not-found answers and public routes
    const caller = await authenticate(deps, request.headers.authorization);
    if (!caller) {
      // a token was shown and refused (none at all is no event: a signed-out page)
      if (request.headers.authorization) await recordSecurityEvent(deps.db, request, 'token_refused', 401);
      throw new ApiError(401, UNAUTHORIZED_MESSAGE);
    }
    if (!access.roles.includes(caller.userType)) throw new ApiError(403, FORBIDDEN_MESSAGE);
    // signed in by password and mailed code where a second factor is required: only its setup works
    if (caller.secondFactorPending && !('duringSecondFactorSetup' in access && access.duringSecondFactorSetup)) {
      throw new ApiError(403, SETUP_REQUIRED_MESSAGE);
    }
    request.caller = caller;
  });
}

/** The caller of a route that declared roles (the hook guarantees one). */
export function callerOf(request: { caller: Caller | null }): Caller {
  if (!request.caller) throw new ApiError(401, UNAUTHORIZED_MESSAGE);
  return request.caller;
}
