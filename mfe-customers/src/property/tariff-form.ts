// Spec 5, Property edit: name required; postal code of 3 or 4 characters; distributor, retailer and
// tariff structure required; cost per unit required (flat, or per plan); a value discount below the
// unit charge. Messages are keys of the customers namespace.
import { DECIMAL } from '@fleet/shared-api';
import * as yup from 'yup';
import type { PropertyInfo, TariffDetailsEdit, TariffStructure } from '../api/customers';

export type DiscountType = '' | 'percentage' | 'value';

const charge = yup.string().default('').trim();

/** A discount beside its unit charge: a value must be below it, a percentage at most 100. */
function discountRule() {
  return charge
    .test('below-charge', 'validation.discountOverCharge', function belowCharge(value) {
      const { discount_type: type, unit_charge: unit } = this.parent as { discount_type: DiscountType; unit_charge: string };
      if (type !== 'value' || !value) return true;
      return !DECIMAL.test(unit) || Number(value) < Number(unit);
    })
    .test('percent-max', 'validation.discountPercentMax', function percentMax(value) {
      const type = (this.parent as { discount_type: DiscountType }).discount_type;
      return type !== 'percentage' || !value || Number(value) <= 100;
    })
    .test('decimal', 'validation.unitChargeInvalid', (value) => !value || DECIMAL.test(value));
}

const chargeRequired = charge
  .required('validation.unitChargeRequired')
  .matches(DECIMAL, 'validation.unitChargeInvalid')
  .test('positive', 'validation.unitChargeRequired', (value) => Number(value) > 0);

export const tariffSchema = yup.object({
  property_name: yup.string().default('').trim().required('validation.propertyNameRequired').max(199, 'validation.propertyNameRequired'),
  postal_code: yup.string().default('').trim().matches(/^\d{3,4}$/, 'validation.postalCodeInvalid'),
  company_id: yup.string().default('').required('validation.distributorRequired'),
  electricity_retailer_id: yup.string().default('').required('validation.retailerRequired'),
  tariff_structure_id: yup.string().default('').required('validation.structureRequired'),
  is_flat: yup.boolean().default(true),
  unit_charge: charge.when('is_flat', { is: true, then: () => chargeRequired, otherwise: (s) => s }),
  discount_type: yup.string<DiscountType>().default(''),
  // the flat rate's discount (kept while a per-plan structure is chosen, then not checked)
  discount: charge.when('is_flat', { is: true, then: () => discountRule(), otherwise: (s) => s }),
  supply_charge: charge.test('decimal', 'validation.unitChargeInvalid', (value) => !value || DECIMAL.test(value)),
  gst_include: yup.boolean().default(false),
  plan: yup
    .array(
      yup.object({
        key: yup.string().default(''),
        unit_charge: chargeRequired,
        discount_type: yup.string<DiscountType>().default(''),
        discount: discountRule(),
      }),
    )
    // a flat structure has no plans: the dialog empties the rows when one is chosen
    .default([]),
});

export type TariffFormValues = yup.InferType<typeof tariffSchema>;
export type PlanValues = TariffFormValues['plan'][number];

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form as the property and its current tariff stand. */
export function formValuesOf(p: PropertyInfo): TariffFormValues {
  const tariff = p.tariff;
  return {
    property_name: p.property_name ?? '',
    postal_code: p.postal_code ?? '',
    company_id: text(tariff?.company_id),
    electricity_retailer_id: text(tariff?.electricity_retailer_id),
    tariff_structure_id: text(tariff?.tariff_structure_id),
    is_flat: tariff?.is_flat_rate ?? true,
    unit_charge: tariff?.is_flat_rate ? text(tariff.unit_charge) : '',
    discount_type: (tariff?.discount_type ?? '') as DiscountType,
    discount: text(tariff?.discount_percentage),
    supply_charge: text(tariff?.supply_charge),
    gst_include: (tariff?.gst_include ?? 0) === 1,
    plan: (tariff?.tariff_plan ?? []).map((item) => ({
      key: item.key,
      unit_charge: text(item.unit_charge),
      discount_type: (item.discount_type ?? '') as DiscountType,
      discount: text(item.discount_percentage),
    })),
  };
}

/** The plan rows of a structure, keeping what was typed (or saved) for plans it shares. */
export function planRowsFor(structure: TariffStructure, current: PlanValues[]): PlanValues[] {
  return structure.tariff_plan.map((p) => current.find((c) => c.key === p.key) ?? { key: p.key, unit_charge: '', discount_type: '', discount: '' });
}

const num = (s: string) => (s === '' ? null : Number(s));

/** What update-details is sent. */
export function editOf(propertyId: number, v: TariffFormValues): TariffDetailsEdit {
  return {
    property_id: propertyId,
    property_name: v.property_name,
    postal_code: v.postal_code,
    company_id: Number(v.company_id),
    electricity_retailer_id: Number(v.electricity_retailer_id),
    tariff_structure_id: Number(v.tariff_structure_id),
    unit_charge: v.is_flat ? num(v.unit_charge) : null,
    discount_type: v.is_flat && v.discount_type && v.discount ? v.discount_type : null,
    discount_percentage: v.is_flat && v.discount_type && v.discount ? Number(v.discount) : null,
    supply_charge: num(v.supply_charge),
    gst_include: v.gst_include ? 1 : 0,
    ...(v.is_flat
      ? {}
      : {
          tariff_plan: v.plan.map((item) => ({
            key: item.key,
            unit_charge: num(item.unit_charge),
            discount_type: item.discount_type && item.discount ? item.discount_type : null,
            discount_percentage: item.discount_type && item.discount ? Number(item.discount) : null,
          })),
        }),
  };
}
