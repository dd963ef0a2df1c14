import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { PagedChoice, type PagedChoiceProps } from './PagedChoice';

export type ChoiceFieldProps<V extends FieldValues> = Omit<PagedChoiceProps, 'selected' | 'onChange'> & {
  control: Control<V>;
  /** The form's field of chosen ids. */
  name: FieldPathByValue<V, number[]>;
};

/** A PagedChoice as a field of a dialog's form (the ids it holds are the field's value). */
export function ChoiceField<V extends FieldValues>({ control, name, ...choice }: ChoiceFieldProps<V>) {
  return <Controller control={control} name={name} render={({ field }) => <PagedChoice {...choice} selected={field.value as number[]} onChange={field.onChange} />} />;
}
