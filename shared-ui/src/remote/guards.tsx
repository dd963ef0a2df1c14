import { Navigate, useSession, type UserType } from '@fleet/shared-api';
import type { ReactNode } from 'react';

/** The signed-in user's role, or null (no session). */
export function useSignedInRole(): UserType | null {
  return useSession((state) => (state.accessToken ? (state.loginUserInfo?.user_type ?? null) : null));
}

export interface RequireRoleProps {
  /** The role (or roles) the screens need. */
  role: UserType | readonly UserType[];
  children: ReactNode;
  /** Where anyone else goes (spec 2.10: /login). */
  redirectTo?: string;
}

/**
 * Spec 2.10: a screen needs its role; anyone else is sent to /login. The shell checks first; a stale
 * tab or the standalone page rely on this.
 */
export function RequireRole({ role, children, redirectTo = '/login' }: RequireRoleProps) {
  const userType = useSignedInRole();
  const allowed = typeof role === 'string' ? [role] : role;
  if (!userType || !allowed.includes(userType)) return <Navigate to={redirectTo} replace />;
  return <>{children}</>;
}
