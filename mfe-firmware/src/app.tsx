// `./app`: the single-spa lifecycles the shell mounts (docs/architecture.md, the remote contract).
import { createRemoteLifecycles } from '@fleet/shared-ui/remote';
import { FirmwareRoot } from './FirmwareRoot';
import { addFirmwareBundles } from './i18n/bundles';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({ Root: () => <FirmwareRoot />, addBundles: addFirmwareBundles });
