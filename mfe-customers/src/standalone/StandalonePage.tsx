import { homePath, type UserType } from '@fleet/shared-api';
import { RemoteStandalonePage } from '@fleet/shared-ui/standalone';
import { CustomersRoutes } from '../CustomersRoutes';
import { AREA_ROLE, CUSTOMER_AREAS, customerPaths, description } from '../description';
import { CUSTOMERS_NAMESPACE } from '../i18n/bundles';

const ROLES: readonly UserType[] = ['Admin', 'Agency', 'mscc', 'sm'];

/** The customer list of a role's area (its standalone home). */
function listOf(role: UserType): string {
  const area = CUSTOMER_AREAS.find((a) => AREA_ROLE[a] === role);
  return area ? customerPaths(area).list : homePath(role, null);
}

/** This remote as a page of its own, for QA: the real sign-in against the real API, only its screens. */
export function StandalonePage() {
  return <RemoteStandalonePage description={description} namespace={CUSTOMERS_NAMESPACE} routes={CustomersRoutes} roles={ROLES} home={listOf} productSelector />;
}
