import { useSession } from '@fleet/shared-api';
import type { UseQueryResult } from '@fleet/shared-api/query';
import { useEffect, useRef } from 'react';

/** A profile screen's read that failed while the session had expired is read again once it is renewed. */
export function useReadAgainOnRenewal<T>(query: UseQueryResult<T>): UseQueryResult<T> {
  const accessToken = useSession((state) => state.accessToken);
  const { isError, refetch } = query;
  const seenToken = useRef(accessToken);
  useEffect(() => {
    if (seenToken.current === accessToken) return;
    seenToken.current = accessToken;
    if (isError && accessToken) void refetch();
  }, [accessToken, isError, refetch]);
  return query;
}
