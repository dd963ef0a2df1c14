import type { useDevicesTranslation } from '../i18n/translation';
import { productOfLine } from '../paths';

type T = ReturnType<typeof useDevicesTranslation>['t'];

/** A count in the page's language. */
export function count(language: string, value: number): string {
  return value.toLocaleString(language);
}

/** Axis ticks: 12K, 1.2M. */
export function compact(language: string, value: number): string {
  return new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** Energy for people: kWh with one decimal, or whole MWh from 10,000 kWh (a fleet's months are millions of kWh). */
export function energy(t: T, language: string, kwh: number): string {
  return kwh < 10_000
    ? t('dashboard.kwh', { value: kwh.toLocaleString(language, { maximumFractionDigits: 1 }) })
    : t('dashboard.mwh', { value: Math.round(kwh / 1000).toLocaleString(language) });
}

/** The console's product key of a line the server names (ihd is Electricity Advisor; heat pumps too). */
export function productOf(line: string): string {
  return line === 'heat_pump' ? line : productOfLine(line);
}

/** The months of a year's figure as drawn: its values up to this month, none for the months still to come. */
export function sofar<M extends { month: number }>(year: number, months: readonly M[], value: (m: M) => number): Array<number | null> {
  const now = new Date();
  const last = year < now.getFullYear() ? 12 : year === now.getFullYear() ? now.getMonth() + 1 : 0;
  return months.map((m) => (m.month <= last ? value(m) : null));
}
