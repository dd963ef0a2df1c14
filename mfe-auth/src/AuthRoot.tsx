import { ApiError, BrowserRouter, useOnApiBack } from '@fleet/shared-api';
import { Box, FleetUiProvider, I18nextProvider } from '@fleet/shared-ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { useState, type ReactNode } from 'react';
import { AuthRoutes } from './AuthRoutes';

export function createAuthQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A refused read (4xx) will be refused again; only a lost answer is worth one more try.
      queries: { retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500), refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export interface AuthRootProps {
  /** Shown above the screens (the standalone page's header). */
  header?: ReactNode;
  /** What paths this remote does not own render (see AuthRoutes). */
  fallback?: ReactNode;
  queryClient?: QueryClient;
  /** Wrap the screens in the page's <main> landmark (alone; inside the console the shell has it). */
  main?: boolean;
}

/** The whole tree of this remote: design system, page i18n, its own query cache and router. */
export function AuthRoot({ header, fallback, queryClient, main = false }: AuthRootProps) {
  const [client] = useState(() => queryClient ?? createAuthQueryClient());
  // After an API outage the screen reads again by itself: what is shown now is refetched.
  useOnApiBack(() => void client.refetchQueries({ type: 'active' }));
  return (
    <FleetUiProvider>
      <I18nextProvider i18n={i18next}>
        <QueryClientProvider client={client}>
          <BrowserRouter>
            {header}
            {main ? (
              <Box as="main" px="4" py="4">
                <AuthRoutes fallback={fallback} />
              </Box>
            ) : (
              <AuthRoutes fallback={fallback} />
            )}
          </BrowserRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </FleetUiProvider>
  );
}
