import { useEffect, useState } from 'react';
import { BrowserRouter } from '@fleet/shared-api';
import { QueryClient, QueryClientProvider } from '@fleet/shared-api/query';
import { FleetUiProvider } from '@fleet/shared-ui';
import type { Composition } from './composition/composition';
import { CompositionContext } from './composition/context';
import { ShellLayout } from './layout/ShellLayout';
import { Toasts } from './notifications/Toasts';
import { endQueriesWithSession } from './session/queries-end-with-session';
import { SessionRenewal } from './session/SessionRenewal';

/** The shell's React root. Its QueryClient serves the shell only; each remote makes its own. */
export function ShellApp({ composition }: { composition: Composition }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  useEffect(() => endQueriesWithSession(queryClient), [queryClient]);
  return (
    <FleetUiProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <CompositionContext.Provider value={composition}>
            <ShellLayout />
            <SessionRenewal />
            <Toasts />
          </CompositionContext.Provider>
        </BrowserRouter>
      </QueryClientProvider>
    </FleetUiProvider>
  );
}
