import { useTranslation } from '@fleet/shared-ui';
import { DEVICES_NAMESPACE } from './bundles';

export function useDevicesTranslation() {
  return useTranslation(DEVICES_NAMESPACE);
}
