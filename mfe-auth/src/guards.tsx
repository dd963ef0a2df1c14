import { homePath, isProductKey, Navigate, Outlet, SELECTED_PRODUCT_KEY } from '@fleet/shared-api';
import { useSignedInRole } from '@fleet/shared-ui/remote';

function storedProduct() {
  const value = localStorage.getItem(SELECTED_PRODUCT_KEY);
  return isProductKey(value) ? value : null;
}

/**
 * Spec 2.1: a logged-in user who opens a public screen goes home. The shell applies the same rule
 * before mounting this remote; repeating it here keeps the standalone page and a stale tab right.
 */
export function PublicOnly() {
  const userType = useSignedInRole();
  if (userType) return <Navigate to={homePath(userType, storedProduct())} replace />;
  return <Outlet />;
}
