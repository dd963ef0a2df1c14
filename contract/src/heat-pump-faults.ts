/**
 * The fault codes the fleet's heat pumps raise, each with its English description (spec 9's words for
 * E96 and E98). fleet-api's seed and simulator record them; the heat-pump screens describe a known code
 * in the page's language (their `faultCodes.<code>` texts, the English being these) and any other by the
 * description the server sent.
 */
export const HEAT_PUMP_FAULTS = {
  E96: 'Communication Failure Compressor Driver Board-Main Board',
  E98: 'Fan Driver Board-Main Board',
  E01: 'High Pressure Protection',
  E02: 'Low Pressure Protection',
  E03: 'Water Flow Failure',
  E04: 'Tank Temperature Sensor Failure',
  E05: 'Discharge Temperature Too High',
  E06: 'Ambient Temperature Sensor Failure',
  E08: 'Communication Failure Controller-Main Board',
  P01: 'Compressor Over-current Protection',
};
export type HeatPumpFaultCode = keyof typeof HEAT_PUMP_FAULTS;

export function isHeatPumpFaultCode(code: string): code is HeatPumpFaultCode {
  return Object.prototype.hasOwnProperty.call(HEAT_PUMP_FAULTS, code);
}
