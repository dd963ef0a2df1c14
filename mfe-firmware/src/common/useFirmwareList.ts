// useListState plus the two changes that must land in the URL as ONE navigation. react-router's
// setSearchParams reads the params of the last render, so two calls in one event keep only the second
// (applyFilters then setOpen(false) loses the filters). Worth moving into @fleet/shared-api (README).
import { mergeListState, parseListState, useListState, type FilterValues, type ListState, type ListStateOptions, useSearchParams } from '@fleet/shared-api';
import { useCallback, useMemo } from 'react';

export const DEFAULT_LIST_DEFAULTS: Partial<ListState> = { page: 1, limit: 25, orderBy: 'desc', sortBy: 'created_at' };

export function useFirmwareList(options: ListStateOptions) {
  const list = useListState(options);
  const [, setSearchParams] = useSearchParams();
  const optionsKey = JSON.stringify(options);

  const change = useCallback(
    (edit: (state: ListState) => ListState, extra?: (params: URLSearchParams) => void) => {
      const { defaults, filterKeys } = JSON.parse(optionsKey) as ListStateOptions;
      setSearchParams((current) => {
        const next = mergeListState(current, edit(parseListState(current, defaults, filterKeys)), filterKeys);
        extra?.(next);
        return next;
      });
    },
    [optionsKey, setSearchParams],
  );

  return useMemo(
    () => ({
      ...list,
      /** The drawer's Apply: filters on page 1, drawer closed. */
      applyAndClose: (values: FilterValues) => change((s) => ({ ...s, filters: values, page: 1, isOpen: false })),
      /** Page 1 sorted by created_at descending, filters kept (after a delete). */
      resetToFirstPage: () => change((s) => ({ ...s, page: 1, sortBy: 'created_at', orderBy: 'desc' })),
      /** A query parameter beside the list state (deviceType, ota_type) that starts the list again on page 1. */
      setParam: (key: string, value: string | null) =>
        change(
          (s) => ({ ...s, page: 1 }),
          (params) => {
            if (value === null) params.delete(key);
            else params.set(key, value);
          },
        ),
    }),
    [list, change],
  );
}

export type FirmwareList = ReturnType<typeof useFirmwareList>;
