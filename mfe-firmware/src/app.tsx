// `./app`: the single-spa lifecycles the shell mounts (docs/architecture.md, the remote contract).
import { createRemoteLifecycles, RemoteRoot } from '@fleet/shared-ui/remote';
import { FirmwareRoutes } from './FirmwareRoutes';
import { addFirmwareBundles } from './i18n/bundles';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  Root: () => (
    <RemoteRoot>
      <FirmwareRoutes />
    </RemoteRoot>
  ),
  addBundles: addFirmwareBundles,
});
