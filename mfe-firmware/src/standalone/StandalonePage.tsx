import { StandaloneHeader, StandaloneHome, StandalonePage as KitPage } from '@fleet/shared-ui/standalone';
import { useTranslation } from '@fleet/shared-ui';
import { description, FIRMWARE_PATHS } from '../description';
import { FirmwareRoutes } from '../FirmwareRoutes';
import { FIRMWARE_NAMESPACE } from '../i18n/bundles';

const ADMIN_ONLY = ['Admin'] as const;

function Header() {
  const { t } = useTranslation(FIRMWARE_NAMESPACE);
  return (
    <StandaloneHeader
      title={t('standalone.title')}
      navLabel="mfe-firmware screens"
      productSelector
      menu={description.menu}
    />
  );
}

/** This remote as a page of its own, for QA: the real sign-in against the real API, only its screens. */
export function StandalonePage() {
  return (
    <KitPage header={<Header />}>
      <FirmwareRoutes fallback={<StandaloneHome roles={ADMIN_ONLY} home={() => FIRMWARE_PATHS.firmwares} />} />
    </KitPage>
  );
}
