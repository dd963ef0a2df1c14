import type { FieldWorkerArea } from '../api/electricians';
import { ELECTRICIAN_PATHS, FIELD_WORKER_PATHS } from '../description';

/** Each area's list and view of field workers, and its view of their electrician (the electrician has none: it is itself). */
export const FIELD_WORKER_AREA_PATHS: Record<FieldWorkerArea, { list: string; view: string; electrician: string | null }> = {
  admin: { list: FIELD_WORKER_PATHS.adminList, view: FIELD_WORKER_PATHS.adminView, electrician: ELECTRICIAN_PATHS.adminView },
  agency: { list: FIELD_WORKER_PATHS.agencyList, view: FIELD_WORKER_PATHS.agencyView, electrician: ELECTRICIAN_PATHS.agencyView },
  electrician: { list: FIELD_WORKER_PATHS.electricianList, view: FIELD_WORKER_PATHS.electricianView, electrician: null },
};
