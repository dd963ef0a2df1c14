import { useMutation, useQueryClient, type QueryKey } from '@fleet/shared-api/query';
import { refusedField } from '../forms/field-refusal';
import { notify } from '../notifications/notifications';
import type { ApiAnswer } from './api';

export interface FleetMutationOptions {
  /** Query keys (prefixes) read again after success. */
  invalidate: QueryKey[];
  /** Spec 8: success shows the server's message; off for quiet in-place toggles that show their own. */
  toastSuccess?: boolean;
}

/**
 * A write of this remote: the server's message as a success toast, the catalogue's text as an error
 * toast (spec 8; not for a refusal that names a field, which its form says beside it), and the lists it touches read again. `mutateAsync` still rejects, so a confirm
 * dialog stays open on failure.
 */
export function useFleetMutation<V, T>(call: (vars: V) => Promise<ApiAnswer<T>>, options: FleetMutationOptions) {
  const client = useQueryClient();
  return useMutation<ApiAnswer<T>, unknown, V>({
    mutationFn: call,
    onSuccess: async (answer) => {
      if (options.toastSuccess !== false && answer.message) notify.success(answer);
      await Promise.all(options.invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: (err) => {
      // a refusal about one field (a taken email) is said beside it by the form (useFieldRefusal)
      if (!refusedField(err)) notify.failure(err);
    },
  });
}
