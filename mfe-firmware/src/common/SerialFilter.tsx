import { alphanumericOnly, FILTER_DEBOUNCE_MS } from '@fleet/shared-api';
import { FormField, Input } from '@fleet/shared-ui';
import { useEffect, useRef, useState } from 'react';

export interface SerialFilterProps {
  label: string;
  value: string;
  /** Called after the filter debounce, or at once on Enter. */
  onApply: (value: string) => void;
}

/** The serial-number / MAC filter above a device table: letters and digits only (spec 5), applied after 500 ms. */
export function SerialFilter({ label, value, onApply }: SerialFilterProps) {
  const [text, setText] = useState(value);
  const applied = useRef(value);
  // The URL is the truth: a Back or reload shows what the list is filtered by.
  useEffect(() => {
    applied.current = value;
    setText(value);
  }, [value]);
  useEffect(() => {
    if (text === applied.current) return undefined;
    const timer = setTimeout(() => {
      applied.current = text;
      onApply(text);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onApply]);
  return (
    <FormField label={label}>
      <Input
        size="sm"
        maxW="xs"
        value={text}
        onChange={(event) => setText(alphanumericOnly(event.currentTarget.value))}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && text !== applied.current) {
            applied.current = text;
            onApply(text);
          }
        }}
      />
    </FormField>
  );
}
