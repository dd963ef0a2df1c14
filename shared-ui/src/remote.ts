// @fleet/shared-ui/remote: what every remote is built from besides its screens (docs/new-remote.md):
// the single-spa lifecycles with the crash panel, the root with providers, query cache and router,
// the role guard, and the router made from the remote's route table. Not a share key: each remote bundles these few lines; everything they use
// (React, Chakra through @fleet/shared-ui, the session, TanStack Query) is the page's one copy.
export { createRemoteLifecycles, type RemoteLifecycleOptions } from './remote/lifecycles';
export { createRemoteQueryClient, RemoteRoot, type RemoteRootProps } from './remote/RemoteRoot';
export { RemoteCrash } from './remote/RemoteCrash';
export { RequireRole, useSignedInRole, type RequireRoleProps } from './remote/guards';
export { RemoteRoutes, type RemoteRoutesProps, type RouteScreens } from './remote/RemoteRoutes';
