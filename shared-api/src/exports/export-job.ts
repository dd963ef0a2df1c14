// A CSV export prepared by a fleet-api job (docs/device-calls.md): its row, and its progress read
// again while it runs. Each remote starts its own list's export; the job and its file are one kind.
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../client/api';

export interface ExportJob {
  id: number;
  status: 'running' | 'done' | 'failed';
  total: number;
  rows_written: number;
  download_link: string | null;
  error: string | null;
}

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
