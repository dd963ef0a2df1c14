import { ApiError, BrowserRouter, onSessionEnded, useOnApiBack, useOnSessionRenewed } from '@fleet/shared-api';
import { QueryClient, QueryClientProvider } from '@fleet/shared-api/query';
import i18next from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
// by package name: this file is bundled by each remote, the design system is the page's one copy
import { Box, FleetUiProvider, I18nextProvider } from '@fleet/shared-ui';

/** A remote's server-state cache: a refused read (4xx) is not retried, a lost answer once. */
export function createRemoteQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export interface RemoteRootProps {
  /** The remote's routes. */
  children: ReactNode;
  /** Shown above the screens (the standalone page's header). */
  header?: ReactNode;
  queryClient?: QueryClient;
  /**
   * The remote is the page (its standalone page): wrap the screens in the page's <main> landmark and
   * write the page styles. Inside the console the shell has both.
   */
  main?: boolean;
}

/** The whole tree of a remote: design system, the page's i18next, its own query cache and router. */
export function RemoteRoot({ children, header, queryClient, main = false }: RemoteRootProps) {
  const [client] = useState(() => queryClient ?? createRemoteQueryClient());
  // After an API outage, and after an expired session is renewed, the screen reads again by itself:
  // what is shown now is refetched (no list keeps "Your session has expired" until Retry).
  useOnApiBack(() => void client.refetchQueries({ type: 'active' }));
  useOnSessionRenewed(() => void client.refetchQueries({ type: 'active' }));
  // At sign-out shared-api has aborted the session's calls: nothing read under it is kept or shown again.
  useEffect(() => onSessionEnded(() => client.clear()), [client]);
  return (
    <FleetUiProvider pageStyles={main}>
      <I18nextProvider i18n={i18next}>
        <QueryClientProvider client={client}>
          <BrowserRouter>
            {header}
            {main ? (
              <Box as="main" px="4" py="4">
                {children}
              </Box>
            ) : (
              children
            )}
          </BrowserRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </FleetUiProvider>
  );
}
