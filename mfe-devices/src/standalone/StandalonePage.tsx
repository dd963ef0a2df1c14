import { homePath, type UserType } from '@fleet/shared-api';
import { useTranslation } from '@fleet/shared-ui';
import { StandaloneHeader, StandaloneHome, StandalonePage as KitPage } from '@fleet/shared-ui/standalone';
import { description } from '../description';
import { DevicesRoutes } from '../DevicesRoutes';
import { DEVICES_NAMESPACE } from '../i18n/bundles';

const ROLES: readonly UserType[] = ['Admin', 'Agency', 'Electrician', 'Customer', 'User'];

function Header() {
  const { t } = useTranslation(DEVICES_NAMESPACE);
  return (
    <StandaloneHeader
      title={t('standalone.title')}
      navLabel="mfe-devices screens"
      productSelector
      menu={description.menu}
    />
  );
}

/** This remote as a page of its own, for QA: the real sign-in against the real API, only its screens. */
export function StandalonePage() {
  return (
    <KitPage header={<Header />}>
      <DevicesRoutes fallback={<StandaloneHome roles={ROLES} home={(role) => (role === 'Admin' ? '/admin/all/devices' : homePath(role, null))} />} />
    </KitPage>
  );
}
