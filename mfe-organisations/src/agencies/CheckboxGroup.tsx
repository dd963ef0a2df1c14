import { Wrap } from '@fleet/shared-ui';
import { Checkbox, Fieldset } from '@fleet/shared-ui/fields';

export interface CheckboxGroupProps {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: readonly string[];
  onChange: (value: string[]) => void;
  name: string;
}

/** Some of a few fixed choices (an agency's flows and product lines), as labelled checkboxes. */
export function CheckboxGroup({ legend, options, value, onChange, name }: CheckboxGroupProps) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      <Wrap gap="4">
        {options.map((option) => (
          <Checkbox.Root
            key={option.value}
            size="sm"
            checked={value.includes(option.value)}
            onCheckedChange={(details) => onChange(details.checked === true ? [...value, option.value] : value.filter((v) => v !== option.value))}
          >
            <Checkbox.HiddenInput name={name} value={option.value} />
            <Checkbox.Control />
            <Checkbox.Label>{option.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Wrap>
    </Fieldset.Root>
  );
}
