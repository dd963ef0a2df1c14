// The baseline of /login: mfe-auth's sign-in form in the console's own public layout (the shell's
// language selector and dark-mode switch above it, its i18next set-up with the shell's and shared-ui's
// texts), with exactly what it needs to render and work (the design system provider, a router,
// react-query, the toaster), in one plain React root and one webpack production bundle: what the
// composed console shows at /login, without federation, single-spa or the registry. Like the
// dashboard's baseline (dashboard.tsx), it is the same page, so a ratio measures composition only.
import { Box, FleetToaster, FleetUiProvider, HStack, I18nextProvider, applyStoredColorMode } from '@fleet/shared-ui';
import { BrowserRouter } from '@fleet/shared-api';
import { QueryClient, QueryClientProvider } from '@fleet/shared-api/query';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { addAuthBundles } from '../../../../mfe-auth/src/i18n/bundles';
import { LoginPage } from '../../../../mfe-auth/src/login/LoginPage';
import { initI18n } from '../../../../shell/src/i18n/i18n';
import { DarkModeToggle, LanguageSelector } from '../../../../shell/src/layout/PageChoices';

applyStoredColorMode();
initI18n();
addAuthBundles(i18next);

const queryClient = new QueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root');

createRoot(root).render(
  <FleetUiProvider>
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Box minH="100vh" bg="bg">
            <HStack as="header" justify="flex-end" gap="2" px="4" pt="3">
              <LanguageSelector />
              <DarkModeToggle />
            </HStack>
            <Box as="main">
              <LoginPage portal="main" />
            </Box>
          </Box>
        </BrowserRouter>
        <FleetToaster />
      </QueryClientProvider>
    </I18nextProvider>
  </FleetUiProvider>,
);
