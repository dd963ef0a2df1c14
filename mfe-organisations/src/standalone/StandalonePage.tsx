import { homePath, type UserType } from '@fleet/shared-api';
import { useTranslation } from '@fleet/shared-ui';
import { StandaloneHeader, StandaloneHome, StandalonePage as KitPage } from '@fleet/shared-ui/standalone';
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

function Header() {
  const { t } = useTranslation(ORGANISATIONS_NAMESPACE);
  return (
    <StandaloneHeader
      title={t('standalone.title')}
      navLabel="mfe-organisations screens"
      menu={description.menu}
    />
  );
}

/** This remote as a page of its own, for QA: the real sign-in against the real API, only its screens. */
export function StandalonePage() {
  return (
    <KitPage header={<Header />}>
      <OrganisationsRoutes fallback={<StandaloneHome roles={ROLES} home={(role) => HOMES[role] ?? homePath(role, null)} />} />
    </KitPage>
  );
}
