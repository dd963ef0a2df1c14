import { Input, type InputProps } from '@chakra-ui/react';
import { forwardRef, type ReactNode } from 'react';
import { FormField } from './FormField';

export interface TextFieldProps extends InputProps {
  label?: ReactNode;
  error?: string | undefined;
  helperText?: ReactNode;
}

/** FormField + Input in one, for the many plain text boxes of the console's forms. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, helperText, required, disabled, ...input },
  ref,
) {
  return (
    <FormField label={label} error={error} helperText={helperText} required={required} disabled={disabled}>
      <Input ref={ref} {...input} />
    </FormField>
  );
});
