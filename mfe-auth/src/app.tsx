// `./app`: the single-spa lifecycles the shell mounts (docs/architecture.md, the remote contract).
import { createRemoteLifecycles } from '@fleet/shared-ui/remote';
import { AuthRoot } from './AuthRoot';
import { addAuthBundles } from './i18n/bundles';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({ Root: () => <AuthRoot />, addBundles: addAuthBundles });
