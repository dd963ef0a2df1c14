/**
 * Who calls: the seven user types, the signed-in caller a request carries, and the access rule every
 * route declares in `config.access`.
 */
export const USER_TYPES = ['Admin', 'Agency', 'Electrician', 'User', 'mscc', 'sm', 'Customer'] as const;
export type UserType = (typeof USER_TYPES)[number];

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

/**
 * A route is either public or for the listed roles. There is no default. `duringSecondFactorSetup`:
 * also callable by a session that must first set up the second factor its organisation requires
 * (docs/second-factor.md); every other route refuses such a session.
 */
export type RouteAccess = { public: true } | { roles: readonly UserType[]; duringSecondFactorSetup?: true };

/** The signed-in user of a request, read from the users row on every call (never from the token alone). */
export interface Caller {
  userId: number;
  userType: UserType;
  email: string;
  sessionId: string;
  agencyId: number | null;
  electricianId: number | null;
  companyId: number | null;
  siteManagerId: number | null;
  customerId: number | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set by the access policy for every route that is not public. */
    caller: Caller | null;
  }
}

/** Shorthands for route configs. */
export const PUBLIC: RouteAccess = { public: true };
export const only = (...roles: UserType[]): RouteAccess => ({ roles });
/** The setup calls (the second factor's state and setup, sessions, the own profile, logout). */
export const duringSecondFactorSetup = (roles: readonly UserType[]): RouteAccess => ({ roles, duringSecondFactorSetup: true });
