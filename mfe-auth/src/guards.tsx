import { homePath, isProductKey, SELECTED_PRODUCT_KEY, useSession, type UserType, Navigate, Outlet } from '@fleet/shared-api';
import type { ReactNode } from 'react';
import { LOGIN_PATHS } from './portals';

export function storedProduct() {
  const value = localStorage.getItem(SELECTED_PRODUCT_KEY);
  return isProductKey(value) ? value : null;
}

/**
 * Spec 2.1: a logged-in user who opens a public screen goes home. The shell applies the same rule
 * before mounting this remote; repeating it here keeps the standalone page and a stale tab right.
 */
export function PublicOnly() {
  const userType = useSession((state) => (state.accessToken ? (state.loginUserInfo?.user_type ?? null) : null));
  if (userType) return <Navigate to={homePath(userType, storedProduct())} replace />;
  return <Outlet />;
}

/** Spec 2.10: a profile needs its role; anyone else is sent to /login. */
export function RequireRole({ role, children }: { role: UserType; children: ReactNode }) {
  const userType = useSession((state) => (state.accessToken ? (state.loginUserInfo?.user_type ?? null) : null));
  if (userType !== role) return <Navigate to={LOGIN_PATHS.main} replace />;
  return <>{children}</>;
}
