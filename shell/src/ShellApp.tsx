import { BrowserRouter } from '@fleet/shared-api';
import { FleetUiProvider } from '@fleet/shared-ui';
import type { Composition } from './composition/composition';
import { CompositionContext } from './composition/context';
import { ShellLayout } from './layout/ShellLayout';
import { Toasts } from './notifications/Toasts';
import { SessionRenewal } from './session/SessionRenewal';

/**
 * The shell's React root. It reads no server state of its own, so it keeps no query cache: each remote
 * has its own, which ends with the session (shared-api's onSessionEnded).
 */
export function ShellApp({ composition }: { composition: Composition }) {
  return (
    <FleetUiProvider>
      <BrowserRouter>
        <CompositionContext.Provider value={composition}>
          <ShellLayout />
          <SessionRenewal />
          <Toasts />
        </CompositionContext.Provider>
      </BrowserRouter>
    </FleetUiProvider>
  );
}
