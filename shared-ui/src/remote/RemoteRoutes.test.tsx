// A remote's router is made from its route table (issue 21, item 2): each route shows its screen behind
// the guard its access names, and a route without a screen or a screen without a route does not
// compile (the @ts-expect-error lines fail `npm run typecheck -w shared-ui` if the types let them by).
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Outlet, useLocation, useSession } from '@fleet/shared-api';
import { adminInfo } from '@fleet/shared-api/src/test-support';
import { routesPer, type RouteTable } from '@fleet/shared-api/remote-contract';
import type { ReactElement } from 'react';
import { RemoteRoutes, type RouteScreens } from './RemoteRoutes';

const TABLE = {
  list: { path: '/admin/things', access: ['Admin'] },
  line: routesPer(['livelink', 'bulb'] as const, (product) => ({ path: `/admin/${product}/things`, access: ['Admin', 'Agency'] })),
  mine: { path: '/customer/things', access: 'login' },
  signIn: { path: '/login', access: 'public' },
} satisfies RouteTable;

const SCREENS: RouteScreens<typeof TABLE> = {
  list: () => <h1>All things</h1>,
  line: (product) => <h1>{product} things</h1>,
  mine: () => <h1>My things</h1>,
  signIn: () => <h1>Sign in</h1>,
};

function Where() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderAt(path: string, publicLayout?: ReactElement) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <RemoteRoutes table={TABLE} screens={SCREENS} fallback={<p>Not this remote&apos;s</p>} publicLayout={publicLayout} />
      <Where />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  useSession.getState().signOut();
});

test("each route shows its screen, a screen per value told the route's value", () => {
  useSession.getState().signIn({ token: 'access', refresh_token: 'refresh', info: adminInfo });
  renderAt('/admin/bulb/things');
  expect(screen.getByRole('heading')).toHaveTextContent('bulb things');
});

test('a route for roles sends anyone else to /login (spec 2.10)', () => {
  useSession.getState().signIn({ token: 'access', refresh_token: 'refresh', info: { ...adminInfo, user_type: 'Customer' } });
  renderAt('/admin/things');
  expect(screen.getByRole('heading')).toHaveTextContent('Sign in');
  expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/login');
});

test('a route for a sign-in or the public has no guard of its own (the shell checks the sign-in)', () => {
  renderAt('/customer/things');
  expect(screen.getByRole('heading')).toHaveTextContent('My things');
});

test('public screens sit in the layout given for them', () => {
  renderAt('/login', (
    <main aria-label="public">
      <Outlet />
    </main>
  ));
  expect(screen.getByRole('main', { name: 'public' })).toContainElement(screen.getByRole('heading', { name: 'Sign in' }));
});

test("a path the table does not name shows the fallback (the shell mounts the path's owner)", () => {
  renderAt('/admin/firmwares');
  expect(screen.getByText("Not this remote's")).toBeInTheDocument();
});

test('a route without a screen, or a screen without a route, does not compile', () => {
  // @ts-expect-error the route `mine` has no screen
  const missing: RouteScreens<typeof TABLE> = { list: SCREENS.list, line: SCREENS.line, signIn: SCREENS.signIn };
  const extra: RouteScreens<typeof TABLE> = {
    ...SCREENS,
    // @ts-expect-error the screen `history` has no route
    history: () => <h1>History</h1>,
  };
  const wrongValue: RouteScreens<typeof TABLE> = {
    ...SCREENS,
    // @ts-expect-error a screen per product is told a product
    line: (product: number) => <h1>{product + 1} things</h1>,
  };
  expect([missing, extra, wrongValue].map((screens) => Object.keys(screens).length)).toEqual([3, 5, 4]);
});
