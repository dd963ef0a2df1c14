import { Field, HStack, NativeSelect } from '@chakra-ui/react';

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

/** A dashboard's year picker: a labelled select of the years from 2021 to this one. */
export function YearSelect({ label, value, onChange }: YearSelectProps) {
  return (
    <Field.Root w="auto">
      <HStack>
        <Field.Label mb="0">{label}</Field.Label>
        <NativeSelect.Root size="sm" w="28">
          <NativeSelect.Field value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
            {dashboardYears().map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
    </Field.Root>
  );
}
