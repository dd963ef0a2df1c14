// Route guards (spec 2.10 and 2.2) as one pure function, used by the layout (to redirect) and by
// single-spa's activeWhen (so a remote is never mounted on a path the user may not open).
import { profilePath } from '@fleet/shared-api';
import type { ProductKey, UserType } from '@fleet/shared-api';
import { matchRoute } from './route-table';
import type { OwnedRoute, RouteMatch } from './route-table';

const LOGIN_PATH = '/login';

/**
 * Role areas by path prefix: they need their role even where no installed remote owns the path.
 * A public route under a prefix (/sm/login, /sm/forgot-password, /sm/reset-password) stays public.
 */
const PREFIX_ROLES: ReadonlyArray<readonly [prefix: string, role: UserType]> = [
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
  /**
   * The organisation requires a second factor and this session has none yet (the sign-in's
   * `second_factor_setup`): every path leads to the role's profile, where it is set up.
   */
  secondFactorSetup?: boolean;
}

type Layout = 'public' | 'console';

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

export interface DecideOptions {
  /**
   * Some remotes' descriptions are still on their way, so `table` may lack the owner of the path.
   * A path nobody owns yet is then "not found" (the layout shows a loading area) rather than sent
   * to /login: under /sm it may be mfe-auth's public sign-in or reset screen.
   */
  describing?: boolean;
}

export function decide(
  pathname: string,
  viewer: Viewer,
  table: OwnedRoute[],
  home: (userType: UserType, product: ProductKey) => string,
  { describing = false }: DecideOptions = {},
): Decision {
  const { userType } = viewer;
  const homeOf = (t: UserType) => home(t, viewer.product);

  // fleet-api refuses every other call of this session: the profile is the one screen that works
  if (userType && viewer.secondFactorSetup) {
    const setup = profilePath(userType);
    if (pathname.toLowerCase() !== setup.toLowerCase()) return { kind: 'redirect', to: setup };
  }

  if (pathname === '/' || pathname === '') {
    return { kind: 'redirect', to: userType ? homeOf(userType) : LOGIN_PATH };
  }

  const match = matchRoute(table, pathname, viewer.product);

  // Public screens first: the site manager's sign-in, forgot and reset screens live under /sm
  // (spec 2.1), and a mailed reset link must open them signed out.
  if (match?.route.access === 'public') {
    if (userType) {
      const target = homeOf(userType);
      // a home that is itself public would loop: stay
      const homeMatch = matchRoute(table, target, viewer.product);
      if (target !== pathname && homeMatch?.route.access !== 'public') return { kind: 'redirect', to: target };
    }
    return { kind: 'remote', match, layout: 'public' };
  }

  if (!match && describing) return { kind: 'not-found', layout: userType ? 'console' : 'public' };

  const needed = prefixRole(pathname);
  if (needed && userType !== needed) return { kind: 'redirect', to: LOGIN_PATH };

  if (!match) return { kind: 'not-found', layout: userType ? 'console' : 'public' };

  const { access } = match.route;
  if (!userType) return { kind: 'redirect', to: LOGIN_PATH };
  if (access !== 'login' && !access.includes(userType)) return { kind: 'redirect', to: LOGIN_PATH };
  return { kind: 'remote', match, layout: 'console' };
}
