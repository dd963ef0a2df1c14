// A detail page opened from a list returns to the list as it was (filters, page, sort): the list's
// path and query travel in the detail's `back` parameter. Only a path of this console is followed.
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

export const BACK_PARAM = 'back';

/** A path of this site ("/admin/…"), never another origin ("//evil.test", "https://…"). */
export function isLocalPath(value: string | null): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}

/** Opens `target` remembering the current page for its Back button. */
export function useOpenWithBack(): (target: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (target: string) => {
      const joiner = target.includes('?') ? '&' : '?';
      navigate(`${target}${joiner}${new URLSearchParams({ [BACK_PARAM]: `${location.pathname}${location.search}` }).toString()}`);
    },
    [navigate, location.pathname, location.search],
  );
}

/** The Back button of a detail page: the page it was opened from, else `fallback`. */
export function useBackTo(fallback: string): () => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = params.get(BACK_PARAM);
  return useCallback(() => navigate(isLocalPath(from) ? from : fallback), [navigate, from, fallback]);
}
