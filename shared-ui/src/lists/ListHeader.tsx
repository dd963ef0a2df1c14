import { PageHeader, useUiTranslation } from '@fleet/shared-ui';
import type { ListStateControls } from '@fleet/shared-api/lists';
import type { ReactNode } from 'react';
import { FiltersButton } from './FilterChips';
import { ListFilters, type FilterFieldDef } from './ListFilters';

export interface ListHeaderProps {
  title: string;
  list: ListStateControls;
  /** The drawer's fields; its button and title read `filtersLabel` (Filters, or Search on Rules). */
  filters: FilterFieldDef[];
  filtersLabel?: string;
  /** Shown before the filter button (the Firmwares type selects). */
  leading?: ReactNode;
  /** Shown after the filter button (Add, Push). */
  children?: ReactNode;
  /** A list that belongs to a record (a field worker's devices): the back button to it. */
  onBack?: () => void;
}

/**
 * A list screen's title bar with its filter button (and the number of filters on), the chips of the
 * filters that are on, and the filter drawer that button opens.
 */
export function ListHeader({ title, list, filters, filtersLabel, leading, children, onBack }: ListHeaderProps) {
  const { t } = useUiTranslation();
  const label = filtersLabel ?? t('common.filters');
  return (
    <>
      <PageHeader
        title={title}
        onBack={onBack}
        actions={
          <>
            {leading}
            <FiltersButton list={list} fields={filters} label={label} />
            {children}
          </>
        }
      />
      <ListFilters list={list} title={label} fields={filters} />
    </>
  );
}
