import { useSession, Navigate } from '@fleet/shared-api';
import type { ReactNode } from 'react';

/** Spec 2.10: /admin routes need Admin, anyone else goes to /login (the shell checks first; a stale tab or the standalone page rely on this). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const userType = useSession((state) => (state.accessToken ? (state.loginUserInfo?.user_type ?? null) : null));
  if (userType !== 'Admin') return <Navigate to="/login" replace />;
  return <>{children}</>;
}
