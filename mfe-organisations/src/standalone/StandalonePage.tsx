import { homePath, type UserType } from '@fleet/shared-api';
import { RemoteStandalonePage } from '@fleet/shared-ui/standalone';
import { description, ELECTRICIAN_PATHS, FIELD_WORKER_PATHS, ORGANISATION_PATHS } from '../description';
import { ORGANISATIONS_NAMESPACE } from '../i18n/bundles';
import { OrganisationsRoutes } from '../OrganisationsRoutes';

const ROLES: readonly UserType[] = ['Admin', 'Agency', 'Electrician'];
/** Each role's first screen of this remote. */
const HOMES: Partial<Record<UserType, string>> = {
  Admin: ORGANISATION_PATHS.aggregators,
  Agency: ELECTRICIAN_PATHS.agencyList,
  Electrician: FIELD_WORKER_PATHS.electricianList,
};

/** This remote as a page of its own, for QA: the real sign-in against the real API, only its screens. */
export function StandalonePage() {
  return <RemoteStandalonePage description={description} namespace={ORGANISATIONS_NAMESPACE} routes={OrganisationsRoutes} roles={ROLES} home={(role) => HOMES[role] ?? homePath(role, null)} />;
}
