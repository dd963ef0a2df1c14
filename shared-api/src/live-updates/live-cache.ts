import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@fleet/shared-api/query';

/** A burst of live messages is one re-read: this long after the last one asked for it... */
export const LIVE_REREAD_MS = 500;
/** ...and no later than this after the first, while they keep coming (a push to a whole line). */
export const LIVE_REREAD_MAX_MS = 2000;

export interface LiveCache {
  /**
   * Changes what the screen shows in place, in every cached answer under `queryKey`; `update`
   * answers undefined when an answer holds nothing the message changes. An answer on its way
   * meanwhile may predate the message, so the queries being read are read again after it.
   */
  patch<T>(queryKey: QueryKey, update: (data: T) => T | undefined): void;
  /**
   * Reads the shown queries under `queryKey` again, for a message that changes more than a patch
   * can (a row leaving a list, a heat pump joining the slice): once messages stop asking for
   * LIVE_REREAD_MS, so a hundred messages are one request per list. Page, filters and selection
   * stay (the URL and the screen keep them).
   */
  reread(queryKey: QueryKey): void;
}

/** A screen's live side on its query cache: patch what a message says, re-read what it cannot say. */
export function useLiveCache(): LiveCache {
  const client = useQueryClient();
  const state = useRef({ keys: new Map<string, QueryKey>(), timer: undefined as ReturnType<typeof setTimeout> | undefined, first: 0, due: 0 });
  useEffect(() => {
    const s = state.current;
    return () => {
      clearTimeout(s.timer);
      s.timer = undefined;
      s.keys.clear();
    };
  }, []);
  return useMemo(() => {
    const s = state.current;
    const flush = () => {
      const wait = s.due - Date.now();
      // asked again meanwhile: wait for the rest (one timer, not one per message)
      if (wait > 0) {
        s.timer = setTimeout(flush, wait);
        return;
      }
      s.timer = undefined;
      const keys = [...s.keys.values()];
      s.keys.clear();
      for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    };
    const reread = (queryKey: QueryKey) => {
      const now = Date.now();
      s.keys.set(JSON.stringify(queryKey), queryKey);
      if (s.timer === undefined) s.first = now;
      s.due = Math.min(now + LIVE_REREAD_MS, s.first + LIVE_REREAD_MAX_MS);
      if (s.timer === undefined) s.timer = setTimeout(flush, s.due - now);
    };
    const patch = <T>(queryKey: QueryKey, update: (data: T) => T | undefined) => {
      client.setQueriesData<T>({ queryKey }, (data) => (data === undefined ? undefined : update(data)));
      if (client.isFetching({ queryKey }) > 0) reread(queryKey);
    };
    return { patch, reread };
  }, [client]);
}
