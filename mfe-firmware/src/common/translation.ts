import { useTranslation } from '@fleet/shared-ui';
import { FIRMWARE_NAMESPACE } from '../i18n/bundles';

export function useFirmwareTranslation() {
  return useTranslation(FIRMWARE_NAMESPACE);
}
