import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, useSession } from '@fleet/shared-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FleetUiProvider } from '@fleet/shared-ui';
import type { Composition } from './composition/composition';
import { CompositionContext } from './composition/context';
import { ShellLayout } from './layout/ShellLayout';
import { Toasts } from './notifications/Toasts';

// The renew dialog, and with it the dialog machinery of @fleet/shared-ui/overlays, is fetched the first
// time a session expires: the sign-in page does not download it (docs/architecture.md, page weight).
const SessionExpiredDialog = lazy(() => import('./session/SessionExpiredDialog').then((m) => ({ default: m.SessionExpiredDialog })));

/** Mounts the renew dialog once a session has expired, and keeps it mounted (its close animation). */
function SessionRenewal() {
  const expired = useSession((s) => s.sessionExpired);
  const [wanted, setWanted] = useState(expired);
  if (expired && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <SessionExpiredDialog />
    </Suspense>
  ) : null;
}

/** The shell's React root. Its QueryClient serves the shell only; each remote makes its own. */
export function ShellApp({ composition }: { composition: Composition }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
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
