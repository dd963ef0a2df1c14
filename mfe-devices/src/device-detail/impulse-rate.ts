// Spec 5 (Device): the impulse rate is required and not negative; with Wh/imp, 1000 divided by the
// rate must be a whole number, and the console sends that quotient (imp/kWh) to the server.
import * as yup from 'yup';

export const IMPULSE_RATE_TYPES = ['imp/kWh', 'Wh/imp'] as const;

/** The impulse rate as typed, checked against its sibling `impulse_rate_type` (Edit and Correction). */
export const impulseRateField = yup
    .string()
    .default('')
    .trim()
    .required('edit.impulseRequired')
    .matches(/^\d+(\.\d+)?$/, 'edit.impulseInvalid')
    .test('whole-per-kwh', 'edit.impulseInvalid', function wholePerKwh(value) {
      const type = (this.parent as { impulse_rate_type: string }).impulse_rate_type;
      const rate = Number(value);
      if (type !== 'Wh/imp') return Number.isInteger(rate);
      return rate > 0 && Number.isInteger(1000 / rate);
    });

export const editSchema = yup.object({
  impulse_rate: impulseRateField,
  impulse_rate_type: yup.string().default('imp/kWh').oneOf([...IMPULSE_RATE_TYPES]),
  force_sync_date: yup.string().default('').matches(/^(\d{4}-\d{2}-\d{2})?$/, 'edit.dateInvalid'),
  nmi: yup.string().default('').trim().max(11),
});

export type EditValues = yup.InferType<typeof editSchema>;

/** What the server stores -> what the operator types (a Wh/imp rate is kept as 1000 / rate). */
export function typedRate(stored: number | null, type: string | null): string {
  if (stored === null) return '';
  return type === 'Wh/imp' && stored > 0 ? String(1000 / stored) : String(stored);
}

/** What the operator typed -> what is sent. */
export function sentRate(values: Pick<EditValues, 'impulse_rate' | 'impulse_rate_type'>): number {
  const rate = Number(values.impulse_rate);
  return values.impulse_rate_type === 'Wh/imp' ? 1000 / rate : rate;
}
