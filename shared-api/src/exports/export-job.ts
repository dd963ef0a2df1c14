// A CSV export prepared by a fleet-api job (docs/device-calls.md): its row, and its progress read
// again while it runs. Each remote starts its own list's export; the job and its file are one kind.
import { useQuery } from '@fleet/shared-api/query';
import { apiGet } from '@fleet/shared-api';
import type { ListQuery } from '../list-state/list-state';
import type { ExportJob } from '@fleet/contract';

/** An export's progress (fleet-api's answer of GET /api/export/{id} and of every export's start). */
export type { ExportJob };

/** While an export runs, its progress is read again every second; it stops once it is done or failed. */
export const EXPORT_POLL_MS = 1000;

export function useExportJob(id: number | null) {
  return useQuery({
    queryKey: ['exports', id],
    enabled: id !== null,
    queryFn: async () => (await apiGet<ExportJob>(`/api/export/${id}`)).info as ExportJob,
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? EXPORT_POLL_MS : false),
  });
}

/** What a list's CSV export sends (fleet-api's export bodies): the list's filter and sort. */
export interface ExportListQuery {
  filter?: string;
  sortBy?: string;
  orderBy?: string;
}

/**
 * The part of a list's query (useListState's `toQuery()`) its export sends: the filter and the sort as
 * on the screen, so the file's rows come in the screen's order; never the page or size (the file is
 * the whole list). Empty values are left out (the server's default applies).
 */
export function exportListQuery(query: Partial<ListQuery>): ExportListQuery {
  return {
    ...(query.filter ? { filter: query.filter } : {}),
    ...(query.sortBy ? { sortBy: query.sortBy } : {}),
    ...(query.orderBy ? { orderBy: query.orderBy } : {}),
  };
}
