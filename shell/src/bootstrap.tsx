import { createRoot } from 'react-dom/client';
import { liveUpdates, sessionKeepAlive } from '@fleet/shared-api';
import { applyStoredColorMode } from '@fleet/shared-ui';
import { initI18n } from './i18n/i18n';
import { createPageComposition } from './composition/runtime';
import { ShellApp } from './ShellApp';

applyStoredColorMode();
initI18n();
const composition = createPageComposition(FLEET_SHARED_VERSIONS);
const container = document.getElementById('root');
if (!container) throw new Error('the page has no #root');
createRoot(container).render(<ShellApp composition={composition} />);
void composition.start();
// The session renews its access token silently while the user is active (shared-api keep-alive).
sessionKeepAlive.start();
// The page's one live socket: it follows the session (opens when signed in, closes on sign-out).
liveUpdates.start();
