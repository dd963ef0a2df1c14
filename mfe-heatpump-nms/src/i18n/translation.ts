import { useTranslation } from '@fleet/shared-ui';
import { HEAT_PUMP_NAMESPACE } from './bundles';

export function useHeatPumpTranslation() {
  return useTranslation(HEAT_PUMP_NAMESPACE);
}
