// The route table is built at start from every remote's description: the shell owns no screen route
// of its own, it only knows which remote owns which path pattern (react-router patterns).
import { matchPath } from '@fleet/shared-api';
import type { ProductKey, RemoteDescription, RemoteRoute } from '@fleet/shared-api';

export interface OwnedRoute {
  remote: string;
  route: RemoteRoute;
}

export interface RouteMatch extends OwnedRoute {
  params: Record<string, string | undefined>;
}

/** More static segments first, so `/admin/customers/new` beats `/admin/customers/:id`. */
function specificity(path: string): number {
  return path
    .split('/')
    .filter(Boolean)
    .reduce((score, segment) => score + (segment === '*' ? 0 : segment.startsWith(':') ? 1 : 3), 0);
}

export function buildRouteTable(descriptions: RemoteDescription[]): OwnedRoute[] {
  const table: OwnedRoute[] = [];
  for (const description of descriptions) {
    for (const route of description.routes) table.push({ remote: description.name, route });
  }
  // Equally specific paths: a route that names products comes first, the others own the rest.
  const productBound = (o: OwnedRoute) => ((o.route.products?.length ?? 0) > 0 ? 1 : 0);
  return table.sort((a, b) => specificity(b.route.path) - specificity(a.route.path) || productBound(b) - productBound(a));
}

/**
 * The owner of a path. A route that names `products` owns it only while one of them is selected
 * (`/admin/dashboard`: the network dashboard with heat pumps selected, the device dashboard else;
 * `/agency/devices`: the agency's heat pumps, or its devices of the other lines).
 */
export function matchRoute(table: OwnedRoute[], pathname: string, product?: ProductKey): RouteMatch | null {
  for (const owned of table) {
    const products = owned.route.products;
    // no product known: the route bound to none owns the path
    if (products && products.length > 0 && (!product || !products.includes(product))) continue;
    const match = matchPath({ path: owned.route.path, end: true, caseSensitive: false }, pathname);
    if (match) return { ...owned, params: match.params };
  }
  return null;
}
