// Issue 21: a screen's data requests start with its code, not after it. Signed in, on a route whose
// description declares `firstRequest`, the shell sends that GET while the remote's code is loading;
// the screen's identical GET takes the answer (shared-api startEarlyRequest). Loaded only when
// signed in, so /login does not carry it.
import { homePath, sessionStore, startEarlyRequest, useSelectedProduct } from '@fleet/shared-api';
import type { RemoteDescription } from '@fleet/shared-api';
import { decide } from '../routing/guards';
import { buildRouteTable } from '../routing/route-table';
import { InlineComposition } from './registry';

/**
 * Sends the first request of the route at `location` when the signed-in role may open it and the
 * page has no query string (the screen then shows its default list). Anything unexpected (a
 * malformed description) sends nothing: the screen sends its own request as before.
 */
export function startFirstRequest(
  location: Pick<Location, 'pathname' | 'search'> = window.location,
  inline: InlineComposition = InlineComposition.fromPage(),
  send: (path: string) => void = startEarlyRequest,
): void {
  const { accessToken, loginUserInfo } = sessionStore.getState();
  if (!accessToken || !loginUserInfo || location.search !== '') return;
  try {
    const table = buildRouteTable(inline.inlineDescriptions() as RemoteDescription[]);
    const decision = decide(location.pathname, { userType: loginUserInfo.user_type, product: useSelectedProduct.getState().product }, table, homePath);
    const firstRequest = decision.kind === 'remote' ? decision.match.route.firstRequest : undefined;
    if (typeof firstRequest === 'string' && firstRequest.startsWith('/api/')) send(firstRequest);
  } catch (err) {
    console.warn('[fleet] the first request was not sent early', err);
  }
}
