// `./app`: the single-spa lifecycles the shell mounts (docs/architecture.md, the remote contract).
import { createRemoteLifecycles, RemoteRoot } from '@fleet/shared-ui/remote';
import { HeatPumpRoutes } from './HeatPumpRoutes';
import { addHeatPumpBundles } from './i18n/bundles';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  Root: () => (
    <RemoteRoot>
      <HeatPumpRoutes />
    </RemoteRoot>
  ),
  addBundles: addHeatPumpBundles,
});
