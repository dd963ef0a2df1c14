import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  label?: ReactNode;
  /** The validation message (react-hook-form's `errors.x?.message`); its presence marks the field invalid. */
  error?: string | undefined;
  required?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  children: ReactNode;
}

/** A labelled form control: Chakra's Field wires the label, the invalid state and the error text to the input. */
export function FormField({ label, error, required, helperText, disabled, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      {label != null && (
        <Field.Label>
          {label}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
      )}
      {children}
      {helperText != null && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText color="fg.error">{error}</Field.ErrorText>}
    </Field.Root>
  );
}
