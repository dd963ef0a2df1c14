// Route guards (spec 2.10 and 2.2) as one pure function, used by the layout (to redirect) and by
// single-spa's activeWhen (so a remote is never mounted on a path the user may not open).
import type { ProductKey, UserType } from '@fleet/shared-api';
import { matchRoute } from './route-table';
import type { OwnedRoute, RouteMatch } from './route-table';

export const LOGIN_PATH = '/login';

/** Role areas by path prefix: they need their role even where no installed remote owns the path. */
export const PREFIX_ROLES: ReadonlyArray<readonly [prefix: string, role: UserType]> = [
  ['/admin', 'Admin'],
  ['/agency', 'Agency'],
  ['/electrician', 'Electrician'],
  ['/multisite', 'mscc'],
  ['/mscc', 'mscc'],
  ['/sitemanager', 'sm'],
  ['/sm', 'sm'],
];

export interface Viewer {
  /** null when nobody is signed in */
  userType: UserType | null;
  product: ProductKey;
}

export type Layout = 'public' | 'console';

export type Decision =
  | { kind: 'redirect'; to: string }
  | { kind: 'remote'; match: RouteMatch; layout: Layout }
  | { kind: 'not-found'; layout: Layout };

function underPrefix(pathname: string, prefix: string): boolean {
  const path = pathname.toLowerCase();
  return path === prefix || path.startsWith(`${prefix}/`);
}

function prefixRole(pathname: string): UserType | null {
  for (const [prefix, role] of PREFIX_ROLES) if (underPrefix(pathname, prefix)) return role;
  return null;
}

export function decide(
  pathname: string,
  viewer: Viewer,
  table: OwnedRoute[],
  home: (userType: UserType, product: ProductKey) => string,
): Decision {
  const { userType } = viewer;
  const homeOf = (t: UserType) => home(t, viewer.product);

  if (pathname === '/' || pathname === '') {
    return { kind: 'redirect', to: userType ? homeOf(userType) : LOGIN_PATH };
  }

  const match = matchRoute(table, pathname, viewer.product);
  // A role's prefix guards its screens, not the public ones a remote puts under it (/sm/login,
  // /sm/forgot-password: the site manager signs in there before being one).
  const needed = prefixRole(pathname);
  if (needed && userType !== needed && match?.route.access !== 'public') return { kind: 'redirect', to: LOGIN_PATH };
  if (!match) return { kind: 'not-found', layout: userType ? 'console' : 'public' };

  const { access } = match.route;
  if (access === 'public') {
    if (userType) {
      const target = homeOf(userType);
      // a home that is itself public would loop: stay
      const homeMatch = matchRoute(table, target, viewer.product);
      if (target !== pathname && homeMatch?.route.access !== 'public') return { kind: 'redirect', to: target };
    }
    return { kind: 'remote', match, layout: 'public' };
  }
  if (!userType) return { kind: 'redirect', to: LOGIN_PATH };
  if (access !== 'login' && !access.includes(userType)) return { kind: 'redirect', to: LOGIN_PATH };
  return { kind: 'remote', match, layout: 'console' };
}
