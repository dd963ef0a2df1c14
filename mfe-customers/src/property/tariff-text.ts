import type { TFunction } from 'i18next';
import type { TariffDetails } from '../api/customers';

const PLAN_KEYS = ['peak', 'shoulder', 'offPeak', 'other'] as const;

/** A plan's name in the page's language (the structures name peak, shoulder, offPeak and other: the tariff's slot kinds; others as named). */
export function planLabel(t: TFunction, key: string): string {
  return (PLAN_KEYS as readonly string[]).includes(key) ? t(`tariff.plans.${key}`) : key;
}

function discountText(type: string | null | undefined, value: number | null | undefined): string {
  if (!type || value === null || value === undefined) return '';
  return type === 'percentage' ? ` (-${value}%)` : ` (-$${value.toFixed(4)})`;
}

/** The costs per kWh of a tariff: one flat rate, or one per plan, each with its discount. */
export function tariffCharges(tariff: TariffDetails): Array<[string, string]> {
  if (tariff.is_flat_rate) return [['flat', `$${tariff.unit_charge.toFixed(4)}${discountText(tariff.discount_type, tariff.discount_percentage)}`]];
  return tariff.tariff_plan.map((item) => [item.key, `$${item.unit_charge.toFixed(4)}${discountText(item.discount_type, item.discount_percentage)}`]);
}
