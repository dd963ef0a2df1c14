import { createRoot } from 'react-dom/client';
import { sessionKeepAlive, sessionStore } from '@fleet/shared-api';
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
startLiveUpdatesWhenSignedIn();

/**
 * The page's one live socket follows the session (opens when signed in, closes on sign-out). Its code
 * is a share key of its own, loaded with the first signed-in page rather than with the sign-in form.
 */
function startLiveUpdatesWhenSignedIn(): void {
  const start = () => {
    import('@fleet/shared-api/live')
      .then(({ liveUpdates }) => liveUpdates.start())
      // without its code the page works as before, minus live updates (reload to try again)
      .catch((err: unknown) => console.error('live updates could not be loaded', err));
  };
  if (sessionStore.getState().accessToken) {
    // the first screen's data request leaves now, not after its remote has rendered (a chunk of its own)
    void import('./registry/first-request').then(({ startFirstRequest }) => startFirstRequest());
    start();
    return;
  }
  const stopWatching = sessionStore.subscribe((session) => {
    if (!session.accessToken) return;
    stopWatching();
    start();
  });
}
