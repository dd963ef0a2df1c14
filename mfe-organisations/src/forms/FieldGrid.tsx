import { FormField, Input, NativeSelect, PasswordInput, SimpleGrid, Stack, type InputProps } from '@fleet/shared-ui';
import { Checkbox } from '@fleet/shared-ui/fields';
import { OptionSelect, type SelectOption } from '@fleet/shared-ui/tables';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useOrganisationsTranslation } from '../i18n/translation';
import { StatusField } from './status';

interface Labelled<V extends FieldValues> {
  name: Path<V>;
  label: string;
  required?: boolean;
}

/** A text box; autoComplete is off unless the field says otherwise. */
export interface TextDef<V extends FieldValues> extends Labelled<V>, Pick<InputProps, 'type' | 'inputMode' | 'maxLength' | 'autoComplete' | 'placeholder'> {
  kind?: 'text';
}

/** The password box: required on an add, `helperText` on an edit ("leave empty to keep it"). */
export interface PasswordDef<V extends FieldValues> extends Labelled<V> {
  kind: 'password';
  helperText?: string | undefined;
  maxLength?: number;
}

/** A select of the form: `placeholder` is its empty first choice (`register`ed), or `emptyLabel` (a controlled OptionSelect). */
export interface SelectDef<V extends FieldValues> extends Labelled<V> {
  kind: 'select';
  options: readonly SelectOption[];
  placeholder?: string;
  emptyLabel?: string;
}

/** One ticked-or-not choice, its label beside the box. */
export interface CheckboxDef<V extends FieldValues> extends Labelled<V> {
  kind: 'checkbox';
}

/** The Active / In-Active select (forms/status). */
export interface StatusDef<V extends FieldValues> {
  kind: 'status';
  name: Path<V>;
}

export type FieldDef<V extends FieldValues> = TextDef<V> | PasswordDef<V> | SelectDef<V> | CheckboxDef<V> | StatusDef<V>;

export interface FieldGridProps<V extends FieldValues> {
  form: UseFormReturn<V>;
  fields: ReadonlyArray<FieldDef<V>>;
  /** grid: two columns from tablet width (record pages); stack: one under the other (dialogs). */
  layout?: 'grid' | 'stack';
}

/**
 * The fields of a record form from their definitions: each with its label, the required star and the
 * schema's message (a text key) under it in the page's language. One renderer for the agency, agent,
 * electrician, field worker, partner, aggregator and retailer forms.
 */
export function FieldGrid<V extends FieldValues>({ form, fields, layout = 'grid' }: FieldGridProps<V>) {
  const { t } = useOrganisationsTranslation();
  const { register, control } = form;
  // the errors only: reading more of formState would re-render the form at each keystroke
  const { errors } = form.formState;
  const err = (name: Path<V>) => {
    const message = errors[name]?.message;
    return typeof message === 'string' && message ? t(message) : undefined;
  };
  const render = (field: FieldDef<V>) => {
    switch (field.kind) {
      case 'status':
        return <StatusField key={field.name} control={control} name={field.name} />;
      case 'checkbox':
        return (
          <Controller
            key={field.name}
            control={control}
            name={field.name}
            render={({ field: box }) => (
              <Checkbox.Root checked={Boolean(box.value)} onCheckedChange={(e) => box.onChange(e.checked === true)} size="sm">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{field.label}</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
        );
      case 'password':
        return (
          <FormField key={field.name} label={field.label} required={field.required} error={err(field.name)} helperText={field.helperText}>
            <PasswordInput size="sm" autoComplete="new-password" maxLength={field.maxLength} {...register(field.name)} />
          </FormField>
        );
      case 'select':
        return (
          <FormField key={field.name} label={field.label} required={field.required} error={err(field.name)}>
            {field.emptyLabel !== undefined ? (
              <Controller
                control={control}
                name={field.name}
                render={({ field: select }) => <OptionSelect name={field.name} value={String(select.value)} emptyLabel={field.emptyLabel} options={field.options} onChange={select.onChange} />}
              />
            ) : (
              <NativeSelect.Root size="sm">
                <NativeSelect.Field placeholder={field.placeholder} {...register(field.name)}>
                  {field.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </FormField>
        );
      default: {
        const { name, label, required, kind: _kind, autoComplete = 'off', ...input } = field;
        return (
          <FormField key={name} label={label} required={required} error={err(name)}>
            <Input size="sm" autoComplete={autoComplete} {...input} {...register(name)} />
          </FormField>
        );
      }
    }
  };
  return layout === 'grid' ? (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {fields.map(render)}
    </SimpleGrid>
  ) : (
    <Stack gap="4">{fields.map(render)}</Stack>
  );
}
