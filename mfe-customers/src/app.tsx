// `./app`: the single-spa lifecycles the shell mounts (docs/architecture.md, the remote contract).
import { createRemoteLifecycles, RemoteRoot } from '@fleet/shared-ui/remote';
import { CustomersRoutes } from './CustomersRoutes';
import { addCustomersBundles } from './i18n/bundles';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  Root: () => (
    <RemoteRoot>
      <CustomersRoutes />
    </RemoteRoot>
  ),
  addBundles: addCustomersBundles,
});
