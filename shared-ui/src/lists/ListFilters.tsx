import type { FilterValues, ListStateControls } from '@fleet/shared-api/lists';
import { Checkbox, Fieldset } from '@chakra-ui/react';
import { DateRangePicker } from '../dates/DateRangePicker';
// by package name: the drawer is the overlays share key's, loaded once for the page
import { FilterDrawer } from '@fleet/shared-ui/overlays';
import { useEffect, useState } from 'react';
import { Input, Stack, FormField } from '@fleet/shared-ui';
import { FilterChips } from './FilterChips';
import { OptionSelect, type SelectOption } from './OptionSelect';

export interface FilterFieldDef {
  key: string;
  label: string;
  /**
   * text: contains; select: one of `options`; multi: any of `options` (checkboxes, e.g. Device Status);
   * dateRange: from and to, kept in the URL as DD-MM-YYYY (the filter's value and end_value).
   */
  kind?: 'text' | 'select' | 'multi' | 'dateRange';
  options?: SelectOption[];
  /** Drops what the field does not accept as it is typed (serial numbers: letters and digits). */
  sanitize?: (text: string) => string;
}

export interface ListFiltersProps {
  list: ListStateControls;
  fields: FilterFieldDef[];
  title?: string;
}

function valuesOf(values: FilterValues, key: string): string[] {
  const value = values[key];
  return Array.isArray(value) ? value : value ? [value] : [];
}

/** DD-MM-YYYY (the URL and the server) <-> YYYY-MM-DD (the date inputs). */
const toIso = (ddmmyyyy: string | undefined) => (ddmmyyyy && /^\d{2}-\d{2}-\d{4}$/.test(ddmmyyyy) ? ddmmyyyy.split('-').reverse().join('-') : '');
const fromIso = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('-') : '');

function text(values: FilterValues, key: string): string {
  const value = values[key];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/**
 * A list's filter drawer: edits a draft of the URL's filters; Apply writes them on page 1 and closes.
 * Above the list, a chip per filter that is on clears it.
 */
export function ListFilters({ list, fields, title }: ListFiltersProps) {
  const { state } = list;
  const [draft, setDraft] = useState<FilterValues>(state.filters);
  const filtersKey = JSON.stringify(state.filters);
  // The draft starts from what the list shows each time the drawer opens (or the URL changes under it).
  useEffect(() => {
    setDraft(JSON.parse(filtersKey) as FilterValues);
  }, [filtersKey, state.isOpen]);

  const set = (key: string, value: string | string[]) => setDraft((prev) => ({ ...prev, [key]: value }));

  return (
    <>
      <FilterChips list={list} fields={fields} />
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
        {fields.map((field) =>
          field.kind === 'multi' ? (
            <Fieldset.Root key={field.key}>
              <Fieldset.Legend fontSize="sm" fontWeight="medium">
                {field.label}
              </Fieldset.Legend>
              <Stack gap="1">
                {(field.options ?? []).map((option) => {
                  const chosen = valuesOf(draft, field.key);
                  return (
                    <Checkbox.Root
                      key={option.value}
                      size="sm"
                      checked={chosen.includes(option.value)}
                      onCheckedChange={(details) =>
                        set(field.key, details.checked === true ? [...chosen, option.value] : chosen.filter((v) => v !== option.value))
                      }
                    >
                      <Checkbox.HiddenInput name={field.key} value={option.value} />
                      <Checkbox.Control />
                      <Checkbox.Label>{option.label}</Checkbox.Label>
                    </Checkbox.Root>
                  );
                })}
              </Stack>
            </Fieldset.Root>
          ) : field.kind === 'dateRange' ? (
            <DateRangePicker
              key={field.key}
              label={field.label}
              from={toIso(valuesOf(draft, field.key)[0])}
              to={toIso(valuesOf(draft, field.key)[1])}
              onChange={(range) => set(field.key, range.from ? [fromIso(range.from), fromIso(range.to)] : [])}
            />
          ) : (
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
          ),
        )}
      </FilterDrawer>
    </>
  );
}
