import { InlineSelect } from './InlineSelect';

/** Spec 2.14: the dashboards' year picker starts at 2021. */
export const FIRST_DASHBOARD_YEAR = 2021;

/** The years a dashboard offers, this year first. */
export function dashboardYears(thisYear = new Date().getFullYear()): number[] {
  return Array.from({ length: Math.max(1, thisYear - FIRST_DASHBOARD_YEAR + 1) }, (_, i) => thisYear - i);
}

export interface YearSelectProps {
  label: string;
  value: number;
  onChange: (year: number) => void;
}

/** A dashboard's year picker: the years from 2021 to this one. */
export function YearSelect({ label, value, onChange }: YearSelectProps) {
  const years = dashboardYears().map((y) => ({ value: String(y), label: String(y) }));
  return <InlineSelect label={label} value={String(value)} options={years} onChange={(y) => onChange(Number(y))} />;
}
