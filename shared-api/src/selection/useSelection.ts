// Row selection of a device list (any remote's device table) (spec 4, Group Details): none -> rows (header checkbox: the page)
// -> all {total} devices. Ticked rows survive paging, page size and sort (an operator picks devices
// across pages); the selection belongs to one filter: a new filter (the `scope`) clears it, without
// an effect, because a selection of another scope is never read.
import { useCallback, useMemo, useState } from 'react';

export type SelectionMode = 'none' | 'page' | 'all';

interface Stored {
  scope: string;
  all: boolean;
  keys: number[];
}

export interface Selection {
  /** none: nothing; page: some or all rows of this page; all: every row of the list (its filter). */
  mode: SelectionMode;
  all: boolean;
  keys: number[];
  /** How many devices the selection stands for. */
  count: (total: number) => number;
  toggleRow: (key: number, checked: boolean, pageKeys: number[]) => void;
  togglePage: (checked: boolean, pageKeys: number[]) => void;
  selectAll: () => void;
  clear: () => void;
}

export function useSelection(scope: string): Selection {
  const [stored, setStored] = useState<Stored>({ scope, all: false, keys: [] });
  const current: Stored = stored.scope === scope ? stored : { scope, all: false, keys: [] };

  const toggleRow = useCallback(
    (key: number, checked: boolean, pageKeys: number[]) =>
      setStored((prev) => {
        const base = prev.scope === scope ? prev : { scope, all: false, keys: [] };
        // Unticking one row of "all" leaves the rest of this page selected.
        const keys = base.all ? pageKeys : base.keys;
        const next = checked ? [...new Set([...keys, key])] : keys.filter((k) => k !== key);
        return { scope, all: false, keys: next };
      }),
    [scope],
  );
  const togglePage = useCallback(
    (checked: boolean, pageKeys: number[]) =>
      setStored((prev) => {
        const keys = prev.scope === scope && !prev.all ? prev.keys : [];
        const next = checked ? [...new Set([...keys, ...pageKeys])] : keys.filter((k) => !pageKeys.includes(k));
        return { scope, all: false, keys: next };
      }),
    [scope],
  );
  const selectAll = useCallback(() => setStored({ scope, all: true, keys: [] }), [scope]);
  const clear = useCallback(() => setStored({ scope, all: false, keys: [] }), [scope]);

  return useMemo(
    () => ({
      mode: current.all ? 'all' : current.keys.length > 0 ? 'page' : 'none',
      all: current.all,
      keys: current.keys,
      count: (total: number) => (current.all ? total : current.keys.length),
      toggleRow,
      togglePage,
      selectAll,
      clear,
    }),
    [current.all, current.keys, toggleRow, togglePage, selectAll, clear],
  );
}

/** The scope of a list's selection: its filter (paging and sorting keep the ticked rows). */
export function selectionScope(query: { filter?: string }): string {
  return JSON.stringify([query.filter ?? '']);
}

/**
 * What a bulk action (push, remove from group) sends for the selection: the ticked ids, or "all" as one
 * request carrying the list's filter, so the server acts on every matching device.
 */
export function selectedDevices(selection: Pick<Selection, 'all' | 'keys'>, filter: string | undefined): { ids: number[]; all: boolean; filter?: string } {
  return { ids: selection.all ? [] : selection.keys, all: selection.all, ...(selection.all && filter ? { filter } : {}) };
}
