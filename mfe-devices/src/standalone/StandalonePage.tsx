import { homePath, type UserType } from '@fleet/shared-api';
import { RemoteStandalonePage } from '@fleet/shared-ui/standalone';
import { description } from '../description';
import { DevicesRoutes } from '../DevicesRoutes';
import { DEVICES_NAMESPACE } from '../i18n/bundles';

const ROLES: readonly UserType[] = ['Admin', 'Agency', 'Electrician', 'Customer', 'User'];
const home = (role: UserType) => (role === 'Admin' ? '/admin/all/devices' : homePath(role, null));

/** This remote as a page of its own, for QA: the real sign-in against the real API, only its screens. */
export function StandalonePage() {
  return <RemoteStandalonePage description={description} namespace={DEVICES_NAMESPACE} routes={DevicesRoutes} roles={ROLES} home={home} productSelector />;
}
