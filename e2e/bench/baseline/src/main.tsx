// The baseline page: mfe-auth's login form with exactly what it needs to render and work (the design
// system provider, a router, i18next with the auth texts, react-query, the toaster), in one plain
// React root. No federation, no shell, no single-spa.
import { FleetToaster, FleetUiProvider, applyStoredColorMode } from '@fleet/shared-ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { addAuthBundles } from '../../../../mfe-auth/src/i18n/bundles';
import { LoginPage } from '../../../../mfe-auth/src/login/LoginPage';

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  resources: {},
  interpolation: { escapeValue: false },
});
addAuthBundles(i18next);
applyStoredColorMode();

const queryClient = new QueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root');

createRoot(root).render(
  <FleetUiProvider>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <LoginPage portal="main" />
      </BrowserRouter>
      <FleetToaster />
    </QueryClientProvider>
  </FleetUiProvider>,
);
