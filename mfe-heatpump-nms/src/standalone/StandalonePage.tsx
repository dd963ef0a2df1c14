import { homePath, type UserType } from '@fleet/shared-api';
import { RemoteStandalonePage } from '@fleet/shared-ui/standalone';
import { description, FAULTY_SYSTEMS_PATHS, HEAT_PUMP_LIST_PATHS } from '../description';
import { HeatPumpRoutes } from '../HeatPumpRoutes';
import { HEAT_PUMP_NAMESPACE } from '../i18n/bundles';

const ROLES: readonly UserType[] = ['Admin', 'Agency', 'mscc', 'sm', 'User'];
/** Each role's first screen of this remote (the role homes of mscc and sm are dashboards of issue 11). */
const HOME: Partial<Record<UserType, string>> = {
  Admin: FAULTY_SYSTEMS_PATHS.admin,
  Agency: FAULTY_SYSTEMS_PATHS.agency,
  mscc: FAULTY_SYSTEMS_PATHS.multisite,
  sm: FAULTY_SYSTEMS_PATHS.sitemanager,
  User: HEAT_PUMP_LIST_PATHS.user,
};

/** This remote as a page of its own, for QA: the real sign-in against the real API, only its screens. */
export function StandalonePage() {
  return <RemoteStandalonePage description={description} namespace={HEAT_PUMP_NAMESPACE} routes={HeatPumpRoutes} roles={ROLES} home={(role) => HOME[role] ?? homePath(role, 'heat_pump')} productSelector />;
}
