// Heat-pump device calls (docs/heat-pump-calls.md): the list of the caller's slice, one heat pump, the export.
import { apiGet, apiList, apiPost, useFleetMutation, type ExportJob, type ListQuery } from '@fleet/shared-api';
import type { AddressParts } from '@fleet/shared-ui/tables';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export interface HeatPumpRow extends AddressParts {
  id: number;
  serial_number: string;
  mac_address: string | null;
  soft_version: string | null;
  wifi_name: string | null;
  connection_type: string | null;
  installation_date: string | null;
  created_at: string;
  status: string | null;
  device_status: string;
  is_online: number;
  installed_via: string | null;
  installer_uuid: string | null;
  agency_name: string | null;
  agent_name: string | null;
  property_id: number | null;
}

export interface HeatPumpInfo extends HeatPumpRow {
  model_name: string | null;
  device_operation_status: number | null;
  open_faults: number;
  fault_code: string | null;
  customer_name: string | null;
  customer_email: string | null;
  site_name: string | null;
  company_name: string | null;
  electrician_name: string | null;
}

export const heatPumpKeys = {
  all: ['heat-pumps'] as const,
  list: (query: ListQuery) => ['heat-pumps', 'list', query] as const,
  one: (id: number) => ['heat-pumps', 'one', id] as const,
};

/** A page of the caller's heat pumps (spec: GET /api/heat-pump/list; the server answers each role its slice). */
export function useHeatPumpList(query: ListQuery) {
  return useQuery({
    queryKey: heatPumpKeys.list(query),
    queryFn: () => apiList<HeatPumpRow>('/api/heat-pump/list', query),
    placeholderData: keepPreviousData,
  });
}

export function useHeatPump(id: number) {
  return useQuery({
    queryKey: heatPumpKeys.one(id),
    queryFn: async () => (await apiGet<HeatPumpInfo>(`/api/heat-pump/info/${id}`)).info as HeatPumpInfo,
  });
}

/** Starts the CSV export of the whole filtered list (a server job; spec: answer info.download_link). */
export function useStartHeatPumpExport() {
  return useFleetMutation((filter: string | undefined) => apiPost<ExportJob>('/api/heat-pump/export', filter ? { filter } : {}), {
    invalidate: [],
    toastSuccess: false,
  });
}
