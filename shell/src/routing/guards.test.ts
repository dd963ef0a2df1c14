import { homePath } from '@fleet/shared-api';
import type { ProductKey, UserType } from '@fleet/shared-api';
import { AUTH_PUBLIC_PATHS, authDescription, devicesDescription } from '../test-support/descriptions';
import { buildRouteTable, matchRoute } from './route-table';
import { decide } from './guards';

const table = buildRouteTable([authDescription, devicesDescription]);
const go = (path: string, userType: UserType | null, product: ProductKey = 'all') => decide(path, { userType, product }, table, homePath);

describe('home after login (spec 2.2)', () => {
  it.each<[UserType, ProductKey, string]>([
    ['Admin', 'all', '/admin/dashboard'],
    ['Agency', 'heat_pump', '/agency/dashboard'],
    ['Agency', 'livelink', '/agency/devices'],
    ['Electrician', 'all', '/electrician/devices'],
    ['User', 'all', '/user/dashboard'],
    ['mscc', 'all', '/multisite/dashboard'],
    ['sm', 'all', '/sitemanager/dashboard'],
    ['Customer', 'all', '/customer/devices'],
  ])('%s (product %s) opening /login goes to %s', (userType, product, home) => {
    expect(go('/login', userType, product)).toEqual({ kind: 'redirect', to: home });
    expect(go('/', userType, product)).toEqual({ kind: 'redirect', to: home });
  });
});

describe('every public route of spec 2.1', () => {
  const ROLES: UserType[] = ['Admin', 'Agency', 'Electrician', 'User', 'mscc', 'sm', 'Customer'];
  // '/' is the sign-in form's other address: the shell sends a visitor on to /login
  const screens = AUTH_PUBLIC_PATHS.filter((path) => path !== '/');

  it.each(screens)('%s opens its own mfe-auth screen, full-page, signed out', (path) => {
    expect(go(path, null)).toEqual({ kind: 'remote', layout: 'public', match: { remote: 'mfe-auth', route: { path, access: 'public' }, params: {} } });
    // a mailed link keeps its query string out of the path: the same screen
    expect(go(path.toUpperCase(), null)).toMatchObject({ kind: 'remote', match: { route: { path } } });
  });

  it.each(AUTH_PUBLIC_PATHS.flatMap((path) => ROLES.map((role) => [path, role] as const)))('%s sends a signed-in %s home', (path, role) => {
    expect(go(path, role)).toEqual({ kind: 'redirect', to: homePath(role, 'all') });
  });

  it('waits for the route table before sending a path under a role prefix to /login', () => {
    // the descriptions are still on their way: /sm/login may well be mfe-auth's public screen
    expect(decide('/sm/login', { userType: null, product: 'all' }, [], homePath, { describing: true })).toEqual({ kind: 'not-found', layout: 'public' });
    expect(decide('/sm/profile', { userType: 'Admin', product: 'all' }, [], homePath, { describing: true })).toEqual({ kind: 'not-found', layout: 'console' });
    // a route known to need the role still redirects at once
    expect(decide('/sm/profile', { userType: null, product: 'all' }, table, homePath, { describing: true })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide('/sm/anything', { userType: null, product: 'all' }, [], homePath)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('keeps the role prefixes to their roles everywhere else', () => {
    for (const who of [null, 'Admin', 'mscc'] as const) {
      expect(go('/sm/profile', who)).toEqual({ kind: 'redirect', to: '/login' });
      expect(go('/sm/not-a-screen', who)).toEqual({ kind: 'redirect', to: '/login' });
      expect(go('/mscc/profile', who === 'mscc' ? 'sm' : who)).toEqual({ kind: 'redirect', to: '/login' });
    }
    expect(go('/sm/profile', 'sm')).toMatchObject({ kind: 'remote', layout: 'console' });
  });
});

describe('a session that must set up the second factor its organisation requires (issue 24)', () => {
  const setup = (path: string, userType: UserType) => decide(path, { userType, product: 'all', secondFactorSetup: true }, table, homePath);

  it.each<[UserType, string]>([
    ['Admin', '/admin/profile'],
    ['Agency', '/agency/profile'],
    ['mscc', '/mscc/profile'],
    ['sm', '/sm/profile'],
  ])("sends %s from every path to its profile (%s), and opens the profile there", (userType, profile) => {
    for (const path of ['/', '/login', homePath(userType, 'all'), '/admin/all/devices', '/no-such-screen']) {
      expect(setup(path, userType)).toEqual({ kind: 'redirect', to: profile });
    }
    expect(setup(profile, userType)).toMatchObject({ kind: 'remote', layout: 'console', match: { remote: 'mfe-auth' } });
    // without the flag the same path is the console as usual
    expect(go(homePath(userType, 'all'), userType)).not.toEqual({ kind: 'redirect', to: profile });
  });
});

describe('route guards (spec 2.10)', () => {
  it('sends a visitor from / to /login and shows public routes full-page', () => {
    expect(go('/', null)).toEqual({ kind: 'redirect', to: '/login' });
    expect(go('/login', null)).toMatchObject({ kind: 'remote', layout: 'public', match: { remote: 'mfe-auth' } });
    expect(go('/msc/login', null)).toMatchObject({ kind: 'remote', layout: 'public' });
  });

  it('keeps admin routes to Admin, even where no remote owns the path', () => {
    expect(go('/admin/dashboard', 'Admin')).toMatchObject({ kind: 'remote', layout: 'console', match: { remote: 'mfe-devices' } });
    expect(go('/admin/devices/view/12', 'Admin')).toMatchObject({ kind: 'remote', match: { params: { id: '12' } } });
    for (const who of [null, 'Agency', 'Electrician', 'User', 'mscc', 'sm', 'Customer'] as const) {
      expect(go('/admin/dashboard', who)).toEqual({ kind: 'redirect', to: '/login' });
      expect(go('/admin/not-built-yet', who)).toEqual({ kind: 'redirect', to: '/login' });
    }
    expect(go('/admin/not-built-yet', 'Admin')).toEqual({ kind: 'not-found', layout: 'console' });
  });

  it.each<[string, UserType]>([
    ['/agency/devices', 'Agency'],
    ['/electrician/devices', 'Electrician'],
    ['/multisite/dashboard', 'mscc'],
    ['/sitemanager/dashboard', 'sm'],
    ['/mscc/profile', 'mscc'],
    ['/sm/profile', 'sm'],
  ])('%s needs %s', (path, role) => {
    expect(go(path, 'Admin')).toEqual({ kind: 'redirect', to: '/login' });
    expect(go(path, null)).toEqual({ kind: 'redirect', to: '/login' });
    expect(go(path, role).kind).not.toBe('redirect');
  });

  it('lets any login open customer and user routes, and no login none of them', () => {
    for (const who of ['Admin', 'Agency', 'Customer', 'User'] as const) {
      expect(go('/customer/devices', who)).toMatchObject({ kind: 'remote', layout: 'console' });
      expect(go('/user/dashboard', who)).toMatchObject({ kind: 'remote' });
    }
    expect(go('/customer/devices', null)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('shows not-found for unknown paths, inside the menus when signed in', () => {
    expect(go('/no/such/page', null)).toEqual({ kind: 'not-found', layout: 'public' });
    expect(go('/no/such/page', 'Customer')).toEqual({ kind: 'not-found', layout: 'console' });
    // the electrician login screen is not under the /electrician prefix
    expect(go('/electrician-login', null)).toMatchObject({ kind: 'remote', layout: 'public' });
  });

  it("opens the site manager's public screens under /sm to a visitor (the prefix guards the role's own screens)", () => {
    expect(go('/sm/login', null)).toMatchObject({ kind: 'remote', layout: 'public', match: { remote: 'mfe-auth' } });
    // a signed-in site manager on its login screen goes home, like on /login
    expect(go('/sm/login', 'sm')).toEqual({ kind: 'redirect', to: '/sitemanager/dashboard' });
    // the prefix still keeps the rest of /sm to the role
    expect(go('/sm/profile', null)).toEqual({ kind: 'redirect', to: '/login' });
    expect(go('/sm/not-built-yet', 'Agency')).toEqual({ kind: 'redirect', to: '/login' });
  });
});

describe('the route table', () => {
  it('prefers static segments over parameters', () => {
    const t = buildRouteTable([
      { ...devicesDescription, routes: [{ path: '/admin/customer/:id', access: ['Admin'] }] },
      { ...authDescription, name: 'mfe-x', routes: [{ path: '/admin/customer/new', access: ['Admin'] }] },
    ]);
    expect(matchRoute(t, '/admin/customer/new')?.remote).toBe('mfe-x');
    expect(matchRoute(t, '/admin/customer/7')?.remote).toBe('mfe-devices');
  });

  it('gives a path to the route of the selected product when routes name products', () => {
    const t = buildRouteTable([
      { ...devicesDescription, routes: [{ path: '/admin/dashboard', access: ['Admin'], products: ['all', 'livelink'] }] },
      { ...authDescription, name: 'mfe-heatpump-nms', routes: [{ path: '/admin/dashboard', access: ['Admin'], products: ['heat_pump'] }] },
    ]);
    expect(matchRoute(t, '/admin/dashboard', 'heat_pump')?.remote).toBe('mfe-heatpump-nms');
    expect(matchRoute(t, '/admin/dashboard', 'livelink')?.remote).toBe('mfe-devices');
    // a product nobody names it for: nobody owns it (the not-found page)
    expect(matchRoute(t, '/admin/dashboard', 'bulb')).toBeNull();
  });

  it('lets a route bound to a product win the path from one bound to none, while that product is selected', () => {
    const t = buildRouteTable([
      { ...devicesDescription, routes: [{ path: '/agency/devices', access: ['Agency'] }] },
      { ...authDescription, name: 'mfe-heatpump-nms', routes: [{ path: '/agency/devices', access: ['Agency'], products: ['heat_pump'] }] },
    ]);
    expect(matchRoute(t, '/agency/devices', 'heat_pump')?.remote).toBe('mfe-heatpump-nms');
    expect(matchRoute(t, '/agency/devices', 'livelink')?.remote).toBe('mfe-devices');
    expect(matchRoute(t, '/agency/devices')?.remote).toBe('mfe-devices');
  });
});
