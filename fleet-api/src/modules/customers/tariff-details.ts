/**
 * A property's details and tariff (spec 5, Property edit): name and postal code, then the cascade
 * distributor (serving the postal code) -> retailer -> tariff structure (the distributor's), a flat
 * cost per kWh or one per plan of the structure, and discounts. Each save adds a row to the tariff
 * history (customer_tariff_details: the newest row is the current tariff); nothing is written when
 * any rule fails.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { requireVisible } from '../../policy/scope';
import { badRequest } from '../../server/errors';
import { IdField, RequiredText } from '../../server/schemas';
import { say } from '../../server/messages';

const PROPERTY_NAME_REQUIRED = say('properties.nameRequired');
const POSTAL_CODE_INVALID = say('fields.postalCodeInvalid');
const DISTRIBUTOR_REQUIRED = say('propertyTariffs.distributorRequired');
const RETAILER_REQUIRED = say('propertyTariffs.retailerRequired');
const STRUCTURE_REQUIRED = say('propertyTariffs.structureRequired');
const UNIT_CHARGE_REQUIRED = say('propertyTariffs.unitChargeRequired');
const DISCOUNT_OVER_CHARGE = say('propertyTariffs.discountTooHigh');
const DISCOUNT_PERCENT_MAX = say('propertyTariffs.discountPercentTooHigh');
const DISTRIBUTOR_NOT_HERE = say('propertyTariffs.distributorElsewhere');
const STRUCTURE_NOT_OF_DISTRIBUTOR = say('propertyTariffs.structureElsewhere');

const Charge = (message: string) => Type.Number({ minimum: 0, maximum: 100, errorMessage: message, requiredMessage: message });
const Discount = {
  discount_type: Type.Optional(
    Type.Union([Type.Unsafe<'percentage' | 'value'>({ type: 'string', enum: ['percentage', 'value'], errorMessage: say('propertyTariffs.discountTypeInvalid') }), Type.Null()]),
  ),
  discount_percentage: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 100, errorMessage: say('propertyTariffs.discountInvalid') }), Type.Null()])),
};
const Flag = Type.Optional(Type.Integer({ minimum: 0, maximum: 1, errorMessage: say('fields.zeroOrOne') }));

export const TariffDetailsBody = {
  property_id: IdField,
  property_name: RequiredText(199, PROPERTY_NAME_REQUIRED, say('properties.nameTooLong')),
  postal_code: Type.String({ pattern: '^\\s*[0-9]{3,4}\\s*$', errorMessage: POSTAL_CODE_INVALID, requiredMessage: POSTAL_CODE_INVALID }),
  company_id: Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: DISTRIBUTOR_REQUIRED, requiredMessage: DISTRIBUTOR_REQUIRED }),
  electricity_retailer_id: Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: RETAILER_REQUIRED, requiredMessage: RETAILER_REQUIRED }),
  tariff_structure_id: Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: STRUCTURE_REQUIRED, requiredMessage: STRUCTURE_REQUIRED }),
  /** Flat rate: $ per kWh. */
  unit_charge: Type.Optional(Type.Union([Charge(UNIT_CHARGE_REQUIRED), Type.Null()])),
  ...Discount,
  supply_charge: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 100, errorMessage: say('propertyTariffs.supplyChargeInvalid') }), Type.Null()])),
  supply_charge_discount: Flag,
  gst_include: Flag,
  /** Per plan of the structure (peak, shoulder, offPeak ...): its cost per kWh and discount. */
  tariff_plan: Type.Optional(
    Type.Array(
      Type.Object(
        { key: Type.String({ minLength: 1, maxLength: 40 }), load_type_key: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])), unit_charge: Type.Union([Charge(UNIT_CHARGE_REQUIRED), Type.Null()]), ...Discount },
        { additionalProperties: false },
      ),
      { maxItems: 20 },
    ),
  ),
};
export type TariffDetailsInput = Static<ReturnType<typeof Type.Object<typeof TariffDetailsBody>>>;

interface PlanItem {
  key: string;
  load_type_key: string | null;
  unit_charge: number;
  discount_type: 'percentage' | 'value' | null;
  discount_percentage: number | null;
}

/** Spec 5: a value discount must be below the unit charge; a percentage at most 100. */
function checkDiscount(unitCharge: number, type: 'percentage' | 'value' | null | undefined, discount: number | null | undefined): void {
  if (!type || discount === null || discount === undefined) return;
  if (type === 'value' && discount >= unitCharge) throw badRequest(DISCOUNT_OVER_CHARGE);
  if (type === 'percentage' && discount > 100) throw badRequest(DISCOUNT_PERCENT_MAX);
}

export async function saveTariffDetails(db: Db, caller: Caller, input: TariffDetailsInput, now: Date): Promise<void> {
  await requireVisible(db, caller, 'properties', input.property_id);
  const postalCode = input.postal_code.trim();
  const distributor = (await db.query<{ post_codes: string | null }>('SELECT post_codes FROM tariff_companies WHERE id = $1', [input.company_id])).rows[0];
  if (!distributor) throw badRequest(DISTRIBUTOR_REQUIRED);
  const served = (distributor.post_codes ?? '').split(',').map((c) => c.trim()).filter(Boolean);
  if (served.length > 0 && !served.includes(postalCode)) throw badRequest(DISTRIBUTOR_NOT_HERE);
  if ((await db.query('SELECT 1 FROM electricity_retailers WHERE id = $1', [input.electricity_retailer_id])).rows.length === 0) throw badRequest(RETAILER_REQUIRED);
  const structure = (
    await db.query<{ company_id: number; type: string; is_flat_rate: boolean; tariff_plan: Array<{ key: string; load_type_key?: string }> }>(
      'SELECT company_id::int AS company_id, type, is_flat_rate, tariff_plan FROM tariff_structures WHERE id = $1',
      [input.tariff_structure_id],
    )
  ).rows[0];
  if (!structure) throw badRequest(STRUCTURE_REQUIRED);
  if (structure.company_id !== input.company_id) throw badRequest(STRUCTURE_NOT_OF_DISTRIBUTOR);

  let unitCharge = 0;
  let plan: PlanItem[] = [];
  if (structure.is_flat_rate) {
    if (input.unit_charge === null || input.unit_charge === undefined || input.unit_charge <= 0) throw badRequest(UNIT_CHARGE_REQUIRED);
    unitCharge = input.unit_charge;
    checkDiscount(unitCharge, input.discount_type, input.discount_percentage);
  } else {
    const given = new Map((input.tariff_plan ?? []).map((item) => [item.key, item]));
    for (const key of given.keys()) {
      if (!structure.tariff_plan.some((p) => p.key === key)) throw badRequest(say('propertyTariffs.unknownPlan', { key }));
    }
    plan = structure.tariff_plan.map((p): PlanItem => {
      const item = given.get(p.key);
      if (!item || item.unit_charge === null || item.unit_charge <= 0) throw badRequest(UNIT_CHARGE_REQUIRED);
      checkDiscount(item.unit_charge, item.discount_type, item.discount_percentage);
      return {
        key: p.key,
        load_type_key: p.load_type_key ?? null,
        unit_charge: item.unit_charge,
        discount_type: item.discount_type ?? null,
        discount_percentage: item.discount_percentage ?? null,
      };
    });
  }

  const at = now.toISOString();
  await db.transaction(async (tx) => {
    await tx.query('UPDATE properties SET property_name = $2, postal_code = $3, property_updated = true, updated_at = $4 WHERE id = $1', [
      input.property_id,
      input.property_name.trim(),
      postalCode,
      at,
    ]);
    // the meter's impulse rate is the device's, carried from the previous row
    await tx.query(
      `INSERT INTO customer_tariff_details (property_id, tariff_structure_id, electricity_retailer_id, company_id, gst_include,
         discount_percentage, discount_type, supply_charge, supply_charge_discount, impulse_rate, impulse_rate_type, unit_charge,
         same_as_weekdays, is_flat_rate, tariff_structure_type, tariff_plan, rates_updated, created_at, updated_at, created_by)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9,
              (SELECT t.impulse_rate FROM customer_tariff_details t WHERE t.property_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT 1),
              (SELECT t.impulse_rate_type FROM customer_tariff_details t WHERE t.property_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT 1),
              $10, 0, $11, $12, $13::jsonb, true, $14, $14, $15`,
      [
        input.property_id,
        input.tariff_structure_id,
        input.electricity_retailer_id,
        input.company_id,
        input.gst_include ?? 0,
        structure.is_flat_rate ? (input.discount_percentage ?? null) : null,
        structure.is_flat_rate ? (input.discount_type ?? null) : null,
        input.supply_charge ?? null,
        input.supply_charge_discount ?? 0,
        unitCharge,
        structure.is_flat_rate,
        structure.type,
        JSON.stringify(plan),
        at,
        // who saved it: the property's timeline names them
        caller.userId,
      ],
    );
  });
}

