import { ApiError, useParams } from '@fleet/shared-api';
import type { RecordLoad } from './RecordPage';

/** The record id in the route (`:id`), or 0 when it is not one. */
export function useRouteId(): number {
  const id = Number(useParams().id);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

const NOT_AN_ID: RecordLoad = { isPending: false, isError: true, error: new ApiError(404, 'Not found'), refetch: () => undefined };

/** What RecordPage shows while a record loads: an id that is not one says "not found" like one outside the slice. */
export function recordLoad(id: number, query: RecordLoad): RecordLoad {
  return id > 0 ? query : NOT_AN_ID;
}

/** A record's route from its pattern (`/admin/electrician/view/:id`). */
export const recordPath = (pattern: string, id: number): string => pattern.replace(':id', String(id));
