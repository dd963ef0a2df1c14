import { useCallback } from 'react';
import { useHeatPumpTranslation } from '../i18n/translation';

/**
 * The fault codes the console describes itself, in its texts (`faultCodes.<code>`, every language):
 * spec 9's E96 and E98 with their long descriptions, whatever the record says, and the other codes
 * the fleet's heat pumps raise (fleet-api's seed and simulator draw from the same list). A code not
 * listed here shows the description the server sent with it (in the server's words).
 */
const KNOWN_FAULT_CODES = ['E01', 'E02', 'E03', 'E04', 'E05', 'E06', 'E08', 'E96', 'E98', 'P01'] as const;

export type FaultDescriber = (code: string, description: string | null) => string;

const isKnown = (code: string): code is (typeof KNOWN_FAULT_CODES)[number] => (KNOWN_FAULT_CODES as readonly string[]).includes(code);

/** A fault's description in `t`'s language: by its code where the console knows it, else the server's. */
function faultDescription(t: (key: string) => string, code: string, description: string | null): string {
  return isKnown(code) ? t(`faultCodes.${code}`) : (description ?? '');
}

/** `faultDescription` in the page's language. */
export function useFaultDescription(): FaultDescriber {
  const { t } = useHeatPumpTranslation();
  return useCallback((code: string, description: string | null) => faultDescription(t, code, description), [t]);
}
