// The baseline of the first screens after sign-in (Admin's dashboard, Agency's device list: whatever
// mfe-devices shows for the session's role at the address) in the console's own layout (the
// shell's header and side menu, the menu built from every remote's description) with mfe-devices'
// screens, in one plain React root and one webpack production bundle: what the composed console
// serves at /admin/dashboard, without federation, single-spa or the registry. It starts the same
// session services as the shell (silent renewal, the live socket).
import { BrowserRouter, sessionKeepAlive, useSession, type RemoteDescription } from '@fleet/shared-api';
import { liveUpdates } from '@fleet/shared-api/live';
import { applyStoredColorMode, Box, Flex, FleetUiProvider, I18nextProvider } from '@fleet/shared-ui';
import { createRemoteQueryClient } from '@fleet/shared-ui/remote';
import { QueryClientProvider } from '@fleet/shared-api/query';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { description as auth } from '../../../../mfe-auth/src/description';
import { description as customers } from '../../../../mfe-customers/src/description';
import { DevicesRoutes } from '../../../../mfe-devices/src/DevicesRoutes';
import { description as devices } from '../../../../mfe-devices/src/description';
import { addDevicesBundles } from '../../../../mfe-devices/src/i18n/bundles';
import { description as firmware } from '../../../../mfe-firmware/src/description';
import { description as heatPumps } from '../../../../mfe-heatpump-nms/src/description';
import { description as organisations } from '../../../../mfe-organisations/src/description';
import { initI18n } from '../../../../shell/src/i18n/i18n';
import { Header } from '../../../../shell/src/layout/Header';
import { MAIN_MENU_ID, SideMenu } from '../../../../shell/src/layout/SideMenu';

const DESCRIPTIONS: RemoteDescription[] = [auth, customers, devices, firmware, heatPumps, organisations];

applyStoredColorMode();
initI18n();
addDevicesBundles(i18next);
sessionKeepAlive.start();
liveUpdates.start();

function DashboardPage() {
  const info = useSession((s) => s.loginUserInfo);
  if (!info) return <p>Sign in on the console first (the bench copies its session here).</p>;
  return (
    <Flex direction="column" minH="100vh" bg="bg">
      <Header withProduct menuOpen={false} onToggleMenu={() => undefined} menuId={MAIN_MENU_ID} />
      <Flex flex="1" minH="0">
        <SideMenu descriptions={DESCRIPTIONS} userType={info.user_type} />
        <Box as="main" flex="1" minW="0" p="4" overflow="auto">
          <DevicesRoutes />
        </Box>
      </Flex>
    </Flex>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root');
createRoot(root).render(
  <FleetUiProvider>
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={createRemoteQueryClient()}>
        <BrowserRouter>
          <DashboardPage />
        </BrowserRouter>
      </QueryClientProvider>
    </I18nextProvider>
  </FleetUiProvider>,
);
