import { FILTER_DEBOUNCE_MS } from '@fleet/shared-api';
import { TextField, type TextFieldProps } from '@fleet/shared-ui';
import { forwardRef, useEffect, useId, useState } from 'react';
import { useAddressSuggestions } from '../api/addresses';

/**
 * An address with suggestions as it is typed (spec: address autocomplete): fleet-api answers from the
 * maps service when one is configured, else from the fleet's own addresses and postcodes. The
 * suggestions are a native datalist: the keyboard and screen readers know it; what is typed stays
 * whatever is suggested.
 */
export const AddressField = forwardRef<HTMLInputElement, TextFieldProps>(function AddressField({ onChange, ...props }, ref) {
  const listId = useId();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text.trim()), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const suggestions = useAddressSuggestions(asked);
  return (
    <>
      <TextField
        ref={ref}
        {...props}
        list={listId}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
          onChange?.(event);
        }}
      />
      <datalist id={listId} data-testid="address-suggestions">
        {(suggestions.data ?? []).map((s) => (
          <option key={`${s.source}:${s.label}`} value={s.label} />
        ))}
      </datalist>
    </>
  );
});
