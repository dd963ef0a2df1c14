import { homePath, type UserType } from '@fleet/shared-api';
import { useTranslation } from '@fleet/shared-ui';
import { StandaloneHeader, StandaloneHome, StandalonePage as KitPage } from '@fleet/shared-ui/standalone';
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

function Header() {
  const { t } = useTranslation(HEAT_PUMP_NAMESPACE);
  return (
    <StandaloneHeader
      title={t('standalone.title')}
      navLabel="mfe-heatpump-nms screens"
      productSelector
      menu={description.menu}
    />
  );
}

/** This remote as a page of its own, for QA: the real sign-in against the real API, only its screens. */
export function StandalonePage() {
  return (
    <KitPage header={<Header />}>
      <HeatPumpRoutes fallback={<StandaloneHome roles={ROLES} home={(role) => HOME[role] ?? homePath(role, 'heat_pump')} />} />
    </KitPage>
  );
}
