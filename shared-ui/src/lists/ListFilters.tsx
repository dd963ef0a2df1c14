import type { FilterValues, ListStateControls } from '@fleet/shared-api';
import { Input } from '@chakra-ui/react';
// by package name: the drawer is the overlays share key's, loaded once for the page
import { FilterDrawer } from '@fleet/shared-ui/overlays';
import { FormField } from '../forms/FormField';
import { useEffect, useState } from 'react';
import { OptionSelect, type SelectOption } from './OptionSelect';

export interface FilterFieldDef {
  key: string;
  label: string;
  kind?: 'text' | 'select';
  options?: SelectOption[];
  /** Drops what the field does not accept as it is typed (serial numbers: letters and digits). */
  sanitize?: (text: string) => string;
}

export interface ListFiltersProps {
  list: ListStateControls;
  fields: FilterFieldDef[];
  title?: string;
}

function text(values: FilterValues, key: string): string {
  const value = values[key];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** A list's filter drawer: edits a draft of the URL's filters; Apply writes them on page 1 and closes. */
export function ListFilters({ list, fields, title }: ListFiltersProps) {
  const { state } = list;
  const [draft, setDraft] = useState<FilterValues>(state.filters);
  const filtersKey = JSON.stringify(state.filters);
  // The draft starts from what the list shows each time the drawer opens (or the URL changes under it).
  useEffect(() => {
    setDraft(JSON.parse(filtersKey) as FilterValues);
  }, [filtersKey, state.isOpen]);

  const set = (key: string, value: string) => setDraft((prev) => ({ ...prev, [key]: value }));

  return (
    <FilterDrawer
      open={state.isOpen}
      onOpenChange={list.setOpen}
      title={title}
      closeOnApply={false}
      onApply={() => list.applyAndClose(draft)}
      onClear={() => {
        setDraft({});
        list.clearFilters();
      }}
    >
      {fields.map((field) => (
        <FormField key={field.key} label={field.label}>
          {field.kind === 'select' ? (
            <OptionSelect name={field.key} value={text(draft, field.key)} options={field.options ?? []} emptyLabel="-" onChange={(value) => set(field.key, value)} />
          ) : (
            <Input
              size="sm"
              name={field.key}
              value={text(draft, field.key)}
              onChange={(event) => set(field.key, field.sanitize ? field.sanitize(event.currentTarget.value) : event.currentTarget.value)}
            />
          )}
        </FormField>
      ))}
    </FilterDrawer>
  );
}
