import { ApiError, BrowserRouter, useOnApiBack } from '@fleet/shared-api';
import { FleetUiProvider, I18nextProvider } from '@fleet/shared-ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { useState, type ReactNode } from 'react';
import { FirmwareRoutes } from './FirmwareRoutes';

export function createFirmwareQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A refused read (4xx) will be refused again; only a lost answer is worth one more try.
      queries: {
        retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export interface FirmwareRootProps {
  /** Shown above the screens (the standalone page's header). */
  header?: ReactNode;
  /** What paths this remote does not own render. */
  fallback?: ReactNode;
  queryClient?: QueryClient;
}

/** The whole tree of this remote: design system, page i18n, its own query cache and router. */
export function FirmwareRoot({ header, fallback, queryClient }: FirmwareRootProps) {
  const [client] = useState(() => queryClient ?? createFirmwareQueryClient());
  // After an API outage the screen reads again by itself: what is shown now is refetched.
  useOnApiBack(() => void client.refetchQueries({ type: 'active' }));
  return (
    <FleetUiProvider>
      <I18nextProvider i18n={i18next}>
        <QueryClientProvider client={client}>
          <BrowserRouter>
            {header}
            <FirmwareRoutes fallback={fallback} />
          </BrowserRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </FleetUiProvider>
  );
}
