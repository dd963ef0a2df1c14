import { useTranslation } from '@fleet/shared-ui';
import { CUSTOMERS_NAMESPACE } from './bundles';

export function useCustomersTranslation() {
  return useTranslation(CUSTOMERS_NAMESPACE);
}
