import { isHeatPumpFaultCode } from '@fleet/contract';
import { useCallback } from 'react';
import { useHeatPumpTranslation } from '../i18n/translation';

/**
 * The fault codes the console describes itself, in its texts (`faultCodes.<code>`, every language):
 * spec 9's E96 and E98 with their long descriptions, whatever the record says, and the other codes
 * the fleet's heat pumps raise (@fleet/contract's HEAT_PUMP_FAULTS; fleet-api's seed and simulator
 * draw from it). A code not listed there shows the description the server sent with it (in the server's words).
 */
export type FaultDescriber = (code: string, description: string | null) => string;

/** A fault's description in `t`'s language: by its code where the console knows it, else the server's. */
function faultDescription(t: (key: string) => string, code: string, description: string | null): string {
  return isHeatPumpFaultCode(code) ? t(`faultCodes.${code}`) : (description ?? '');
}

/** `faultDescription` in the page's language. */
export function useFaultDescription(): FaultDescriber {
  const { t } = useHeatPumpTranslation();
  return useCallback((code: string, description: string | null) => faultDescription(t, code, description), [t]);
}
