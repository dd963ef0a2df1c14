import { Field, HStack } from '@fleet/shared-ui';
import { OptionSelect, type SelectOption } from '@fleet/shared-ui/tables';

export interface InlineSelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
}

/** A dashboard's choice (year, month, status): its visible label beside a small select. */
export function InlineSelect({ label, value, options, onChange }: InlineSelectProps) {
  return (
    <Field.Root w="auto">
      <HStack>
        <Field.Label mb="0" whiteSpace="nowrap">
          {label}
        </Field.Label>
        <OptionSelect value={value} options={options} onChange={onChange} />
      </HStack>
    </Field.Root>
  );
}
