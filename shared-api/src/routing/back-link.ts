// A detail page opened from a list returns to the list as it was (filters, page, sort): the list's
// path and query travel in the detail's `back` parameter. Only a path of this console is followed.
// The Back button never adds a history entry: when the page was opened from the page Back leads to,
// that page is the entry before this one and Back goes back to it (the browser's Forward still works);
// otherwise Back replaces this entry.
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

export const BACK_PARAM = 'back';

/** The history state of an entry opened by useOpenWithBack or with useBackState: the page it was opened from. */
export const BACK_STATE = 'fleetOpenedFrom';

/** A path of this site ("/admin/…"), never another origin ("//evil.test", "https://…"). */
export function isLocalPath(value: string | null): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}

const pathnameOf = (path: string) => path.split(/[?#]/)[0];

/** The page a history entry was opened from (its state), if it says. */
function openedFrom(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const from = (state as Record<string, unknown>)[BACK_STATE];
  return typeof from === 'string' ? from : null;
}

/**
 * The state to give a link or navigation whose target's Back button should return here by going back
 * in history (`<Link to={…} state={backState}>`).
 */
export function useBackState(): Record<string, string> {
  const location = useLocation();
  return { [BACK_STATE]: `${location.pathname}${location.search}` };
}

/** Opens `target` remembering the current page for its Back button. */
export function useOpenWithBack(): (target: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (target: string) => {
      const here = `${location.pathname}${location.search}`;
      const joiner = target.includes('?') ? '&' : '?';
      navigate(`${target}${joiner}${new URLSearchParams({ [BACK_PARAM]: here }).toString()}`, { state: { [BACK_STATE]: here } });
    },
    [navigate, location.pathname, location.search],
  );
}

/**
 * The Back button of a detail page: the page it was opened from, else `fallback`. Goes back in history
 * when this entry was opened from that page (so the list keeps its scroll and Forward returns here),
 * else replaces this entry; it never pushes one.
 */
export function useBackTo(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const from = params.get(BACK_PARAM);
  const target = isLocalPath(from) ? from : fallback;
  const previous = openedFrom(location.state);
  const previousIsTarget = previous !== null && pathnameOf(previous) === pathnameOf(target);
  return useCallback(() => {
    if (previousIsTarget) navigate(-1);
    else navigate(target, { replace: true });
  }, [navigate, target, previousIsTarget]);
}
