// Spec 5: "The rate-history update needs start and end date, impulse rate and type, and an update
// section (impulseRate, tariffRate or both)". The impulse rate follows Edit Device's rule; a tariff
// correction needs its unit charge ($/kWh, our field: the spec leaves tariff_data open).
import * as yup from 'yup';
import { IMPULSE_RATE_TYPES, impulseRateField } from '../device-detail/impulse-rate';

export const UPDATE_SECTIONS = ['impulseRate', 'tariffRate', 'both'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const correctionSchema = yup.object({
  start_date: yup.string().default('').required('correction.startRequired').matches(DAY, 'edit.dateInvalid'),
  end_date: yup
    .string()
    .default('')
    .required('correction.endRequired')
    .matches(DAY, 'edit.dateInvalid')
    .test('after-start', 'correction.endBeforeStart', function afterStart(value) {
      const start = (this.parent as { start_date: string }).start_date;
      return !start || !value || value >= start;
    }),
  impulse_rate: impulseRateField,
  impulse_rate_type: yup.string().default('imp/kWh').oneOf([...IMPULSE_RATE_TYPES]),
  update: yup.string().default('impulseRate').oneOf([...UPDATE_SECTIONS]).required(),
  unit_charge: yup
    .string()
    .default('')
    .trim()
    .when('update', {
      is: 'impulseRate',
      then: (s) => s,
      otherwise: (s) => s.required('correction.unitChargeRequired').matches(/^\d+(\.\d{1,4})?$/, 'correction.unitChargeInvalid'),
    }),
});

export type CorrectionValues = yup.InferType<typeof correctionSchema>;
