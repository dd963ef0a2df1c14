import { useTranslation } from 'react-i18next';
import { FIRMWARE_NAMESPACE } from '../i18n/bundles';

export function useFirmwareTranslation() {
  return useTranslation(FIRMWARE_NAMESPACE);
}
