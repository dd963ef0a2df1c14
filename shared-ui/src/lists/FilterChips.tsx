import { Badge, Box, Button, Wrap, FilterIcon, useUiTranslation } from '@fleet/shared-ui';
import type { FilterValues, ListStateControls } from '@fleet/shared-api/lists';
import { CloseIcon } from '../table/table-icons';
import type { FilterFieldDef } from './ListFilters';

export interface ActiveFilter {
  field: FilterFieldDef;
  /** What the filter holds, as the drawer shows it: option labels, a date range "from - to". */
  text: string;
}

function listOf(value: string | string[] | undefined): string[] {
  return (Array.isArray(value) ? value : value ? [value] : []).filter((item) => item.trim() !== '');
}

/**
 * The filters of a list that are on, in the drawer's order: only the drawer's fields (a tab's filter,
 * Attention's fault_status, is the tab's to show).
 */
export function activeFilters(values: FilterValues, fields: readonly FilterFieldDef[]): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  for (const field of fields) {
    const items = listOf(values[field.key]);
    if (items.length === 0) continue;
    const labelled = items.map((item) => field.options?.find((option) => option.value === item)?.label ?? item);
    const text = field.kind === 'dateRange' ? labelled.slice(0, 2).join(' - ') : labelled.join(', ');
    active.push({ field, text });
  }
  return active;
}

export interface FilterChipsProps {
  list: ListStateControls;
  fields: readonly FilterFieldDef[];
}

/** A chip per filter that is on; a chip clears its filter (page 1, one navigation). */
export function FilterChips({ list, fields }: FilterChipsProps) {
  const { t } = useUiTranslation();
  const active = activeFilters(list.state.filters, fields);
  if (active.length === 0) return null;
  return (
    <Wrap role="group" aria-label={t('filters.on')} gap="2" mb="3">
      {active.map(({ field, text }) => {
        const filter = `${field.label}: ${text}`;
        return (
          <Button
            key={field.key}
            size="xs"
            variant="subtle"
            rounded="full"
            maxW="full"
            aria-label={t('filters.clearOne', { filter })}
            title={filter}
            onClick={() => list.clearFilter(field.key)}
          >
            <Box as="span" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap" maxW="64">
              {filter}
            </Box>
            <CloseIcon />
          </Button>
        );
      })}
    </Wrap>
  );
}

export interface FiltersButtonProps {
  list: ListStateControls;
  fields: readonly FilterFieldDef[];
  /** Filters (the spec's), or the list's own (Search on Rules). */
  label?: string;
}

/**
 * The button that opens a list's filter drawer, with the number of filters on: "Filters 2". Its name
 * is its visible text, the count a word of its own (WCAG 2.5.3, label in name: "Filters (2)" hid the
 * count from speech control, and the badge's digit ran into the word without the space).
 */
export function FiltersButton({ list, fields, label }: FiltersButtonProps) {
  const { t } = useUiTranslation();
  const text = label ?? t('common.filters');
  const count = activeFilters(list.state.filters, fields).length;
  return (
    <Button size="sm" variant="outline" aria-label={count > 0 ? `${text} ${count}` : undefined} onClick={() => list.setOpen(true)}>
      <FilterIcon /> {text}
      {count > 0 && (
        <>
          {' '}
          <Badge size="sm" variant="solid" rounded="full" aria-hidden="true">
            {count}
          </Badge>
        </>
      )}
    </Button>
  );
}
