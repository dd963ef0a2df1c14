/**
 * Spec 9: E96 and E98 have long descriptions of their own; they are shown whatever the record says.
 * Other codes show the description the fault came with.
 */
export const SPECIAL_FAULTS: Readonly<Record<string, string>> = {
  E96: 'Communication Failure Compressor Driver Board-Main Board',
  E98: 'Fan Driver Board-Main Board',
};

export function faultDescription(code: string, description: string | null): string {
  return SPECIAL_FAULTS[code] ?? description ?? '';
}
