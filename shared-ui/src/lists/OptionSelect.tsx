import { NativeSelect } from '@fleet/shared-ui';

export interface SelectOption {
  value: string;
  label: string;
}

export interface OptionSelectProps {
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  name?: string;
  /** Accessible name when no form label names it (the header's type selects). */
  'aria-label'?: string;
  /** An empty first choice ("-" in the filter drawer: no filter). */
  emptyLabel?: string;
  /** auto: as wide as its choices (in a header beside buttons). */
  width?: 'auto';
}

/** A small select of fixed choices, its value a string in the URL or a filter draft. */
export function OptionSelect({ value, options, onChange, name, 'aria-label': ariaLabel, emptyLabel, width }: OptionSelectProps) {
  return (
    <NativeSelect.Root size="sm" width={width}>
      <NativeSelect.Field name={name} aria-label={ariaLabel} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
