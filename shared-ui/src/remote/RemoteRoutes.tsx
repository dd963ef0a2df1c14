// A remote's router, made from the route table its description.ts declares (docs/architecture.md,
// "The remote contract"): the table says path, access and products once; the screens come by the same
// names. The contract is imported by its subpath, bundled with this kit, so a remote does not depend
// on the host's shared-api having these helpers.
import { Route, Routes, type RemoteRoute } from '@fleet/shared-api';
import { routesOf, type RoutesPer, type RouteTable } from '@fleet/shared-api/remote-contract';
import type { ReactElement, ReactNode } from 'react';
import { RequireRole } from './guards';

/**
 * The screen of each entry of a route table, under the entry's name: every entry has one and there is
 * none besides (the compiler says which); a screen of routes per value is told the route's value.
 */
export type RouteScreens<Table extends RouteTable> = {
  readonly [Screen in keyof Table]: Table[Screen] extends RoutesPer<infer Value> ? (value: Value) => ReactNode : () => ReactNode;
};

export interface RemoteRoutesProps<Table extends RouteTable> {
  table: Table;
  screens: RouteScreens<Table>;
  /** What a path this remote does not own shows: nothing inside the console (the shell mounts its owner). */
  fallback?: ReactNode;
  /** The layout route the public screens sit in (mfe-auth's: a signed-in user goes home). */
  publicLayout?: ReactElement | undefined;
}

/**
 * Spec 2.10: a route for roles needs one of them (anyone else goes to /login); the shell checks first,
 * a stale tab or the standalone page rely on this. A route for a sign-in or the public has no guard here.
 */
function guarded(route: RemoteRoute, screen: ReactNode): ReactNode {
  return Array.isArray(route.access) ? <RequireRole role={route.access}>{screen}</RequireRole> : screen;
}

/** Every route of the table with its screen, then the fallback for any other path. */
export function RemoteRoutes<Table extends RouteTable>({ table, screens, fallback = null, publicLayout }: RemoteRoutesProps<Table>) {
  const routes = Object.entries(table).flatMap(([name, entry]) => {
    // RouteScreens gives every entry its screen, taking the entry's values
    const show = screens[name] as (value?: unknown) => ReactNode;
    return routesOf(entry).map(({ route, value }) => ({ route, element: <Route key={route.path} path={route.path} element={guarded(route, show(value))} /> }));
  });
  const isPublic = (route: RemoteRoute) => publicLayout !== undefined && route.access === 'public';
  return (
    <Routes>
      {publicLayout && <Route element={publicLayout}>{routes.filter(({ route }) => isPublic(route)).map(({ element }) => element)}</Route>}
      {routes.filter(({ route }) => !isPublic(route)).map(({ element }) => element)}
      <Route path="*" element={fallback} />
    </Routes>
  );
}
