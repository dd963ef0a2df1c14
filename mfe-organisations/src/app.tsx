// `./app`: the single-spa lifecycles the shell mounts (docs/architecture.md, the remote contract).
import { createRemoteLifecycles, RemoteRoot } from '@fleet/shared-ui/remote';
import { OrganisationsRoutes } from './OrganisationsRoutes';
import { addOrganisationsBundles } from './i18n/bundles';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  Root: () => (
    <RemoteRoot>
      <OrganisationsRoutes />
    </RemoteRoot>
  ),
  addBundles: addOrganisationsBundles,
});
