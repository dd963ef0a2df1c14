import { Fieldset } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { Field, HStack, Input, useUiTranslation } from '@fleet/shared-ui';

export interface DateRange {
  /** YYYY-MM-DD or '' */
  from: string;
  to: string;
}

export interface DateRangePickerProps extends DateRange {
  onChange: (range: DateRange) => void;
  label?: string;
  fromLabel?: string;
  toLabel?: string;
  /** Injected in tests; the local date of today otherwise. */
  today?: string;
}

/** English wording of the two range errors (the `ui` namespace has them in every language). */
export const FUTURE_DATE_ERROR = 'Future dates are not allowed';
export const RANGE_ORDER_ERROR = 'From date must be on or before To date';

/** Today's local date as YYYY-MM-DD (the format native date inputs speak). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Two native date inputs; future dates are refused (spec 5) and never reach onChange. */
export function DateRangePicker({
  from,
  to,
  onChange,
  label,
  fromLabel,
  toLabel,
  today = localToday(),
}: DateRangePickerProps) {
  const { t } = useUiTranslation();
  const [draft, setDraft] = useState<DateRange>({ from, to });
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const id = useId();
  useEffect(() => setDraft({ from, to }), [from, to]);

  const change = (side: 'from' | 'to', value: string) => {
    const next = { ...draft, [side]: value };
    setDraft(next);
    let error: string | undefined;
    if (value !== '' && !ISO_DATE.test(value)) error = t('dates.invalid');
    else if (value > today) error = t('dates.future');
    else if (next.from && next.to && next.from > next.to) error = t('dates.order');
    setErrors({ [side]: error });
    if (!error) onChange({ from: next.from, to: next.to });
  };

  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {label ?? t('dates.range')}
      </Fieldset.Legend>
      <HStack gap="3" align="start">
        {(['from', 'to'] as const).map((side) => (
          <Field.Root key={side} invalid={Boolean(errors[side])} ids={{ control: `${id}-${side}` }}>
            <Field.Label>{side === 'from' ? (fromLabel ?? t('dates.from')) : (toLabel ?? t('dates.to'))}</Field.Label>
            <Input
              type="date"
              size="sm"
              max={today}
              min={side === 'to' && draft.from ? draft.from : undefined}
              value={draft[side]}
              onChange={(event) => change(side, event.currentTarget.value)}
            />
            {errors[side] && <Field.ErrorText color="fg.error">{errors[side]}</Field.ErrorText>}
          </Field.Root>
        ))}
      </HStack>
    </Fieldset.Root>
  );
}
