// The calls every record kind of this remote makes the same way: its add (POST) or edit (PUT) and its
// delete, each followed by reading its lists again.
import { apiDelete, apiPost, apiPut, useFleetMutation } from '@fleet/shared-api';
import type { QueryKey } from '@fleet/shared-api/query';

/** Saves a record: `{ id: null, body }` adds it (POST `add`, answering its id), `{ id, body }` edits it (PUT `editOf(id)`). */
export function useSaveRecord<B>(add: string, editOf: (id: number) => string, invalidate: QueryKey[]) {
  return useFleetMutation(({ id, body }: { id: number | null; body: B }) => (id === null ? apiPost<{ id: number }>(add, body) : apiPut<null>(editOf(id), body)), { invalidate });
}

/** Deletes a record (DELETE `pathOf(id)`); what `invalidate` names is read again (not the record's own page, which would answer 404). */
export function useDeleteRecord(pathOf: (id: number) => string, invalidate: QueryKey[]) {
  return useFleetMutation((id: number) => apiDelete<null>(pathOf(id)), { invalidate });
}
