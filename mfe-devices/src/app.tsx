// `./app`: the single-spa lifecycles the shell mounts (docs/architecture.md, the remote contract).
import { createRemoteLifecycles, RemoteRoot } from '@fleet/shared-ui/remote';
import { DevicesRoutes } from './DevicesRoutes';
import { addDevicesBundles } from './i18n/bundles';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  Root: () => (
    <RemoteRoot>
      <DevicesRoutes />
    </RemoteRoot>
  ),
  addBundles: addDevicesBundles,
});
