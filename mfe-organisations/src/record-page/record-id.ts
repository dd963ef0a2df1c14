import { ApiError, useParams } from '@fleet/shared-api';
import type { RecordLoad } from './RecordPage';

/** The record id of the route (`:id`), or 0 when it is not one (the page then says not found). */
export function useRecordId(): number {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** The page's load state of a record query; an id that is not one is not found, like one outside the slice. */
export function recordLoad(query: RecordLoad, id: number): RecordLoad {
  if (id > 0) return query;
  return { isPending: false, isError: true, error: new ApiError(404, 'Not found'), refetch: query.refetch };
}
