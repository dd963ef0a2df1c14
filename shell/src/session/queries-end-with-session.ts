import { onSessionEnded } from '@fleet/shared-api';
import type { QueryClient } from '@fleet/shared-api/query';

/**
 * A query cache ends with the session, before the sign-out call leaves: its reads are cancelled and
 * nothing is kept to be read again with the revoked token (shared-api aborts the calls themselves).
 * Answers the unsubscribe.
 */
export function endQueriesWithSession(client: QueryClient): () => void {
  return onSessionEnded(() => {
    void client.cancelQueries();
    client.clear();
  });
}
