import { useTranslation } from '@fleet/shared-ui';
import { ORGANISATIONS_NAMESPACE } from './bundles';

export function useOrganisationsTranslation() {
  return useTranslation(ORGANISATIONS_NAMESPACE);
}
