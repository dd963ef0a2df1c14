import { Navigate, useLocation, useParams } from '@fleet/shared-api';

/**
 * Spec 2.4 writes Admin's heat-pump extras without `heat_pump/` (`/admin/models`,
 * `/admin/sites/view/{id}`): such a path leads to the screen under /admin/heat_pump/, replacing itself
 * in the history (Back does not bounce), with its id, query string and hash.
 */
export function AdminAlias({ to }: { to: string }) {
  const params = useParams();
  const { search, hash } = useLocation();
  const path = to.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return <Navigate to={`${path}${search}${hash}`} replace />;
}
