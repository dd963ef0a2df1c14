import { RemoteStandalonePage } from '@fleet/shared-ui/standalone';
import { description, FIRMWARE_PATHS } from '../description';
import { FirmwareRoutes } from '../FirmwareRoutes';
import { FIRMWARE_NAMESPACE } from '../i18n/bundles';

const ADMIN_ONLY = ['Admin'] as const;

/** This remote as a page of its own, for QA: the real sign-in against the real API, only its screens. */
export function StandalonePage() {
  return <RemoteStandalonePage description={description} namespace={FIRMWARE_NAMESPACE} routes={FirmwareRoutes} roles={ADMIN_ONLY} home={() => FIRMWARE_PATHS.firmwares} productSelector />;
}
