// @fleet/shared-ui/tables: the data table (row actions kept in view, column chooser, cards at phone width),
// its pager and the selection bar. A share key of its own, loaded with the first list screen
// (docs/architecture.md, page weight).
export { Table } from '@chakra-ui/react';
export {
  DataTable,
  type DataColumn,
  type DataTableProps,
  type RowKey,
  type SortOrder,
  type TableSelection,
} from './table/DataTable';
export {
  DEFAULT_LIMIT_OPTIONS,
  GO_TO_PAGE_DEBOUNCE_MS,
  goToPageError,
  lastPageOf,
  Pager,
  showingText,
  type PagerProps,
} from './table/Pager';
export { SelectionBar, type SelectionBarProps } from './table/SelectionBar';
// A list screen's scaffolding, the same on every remote: its title bar with the filter drawer, the
// paged table with the selection line, row actions and the delete confirmation.
export { ListHeader, type ListHeaderProps } from './lists/ListHeader';
export { ListFilters, type FilterFieldDef, type ListFiltersProps } from './lists/ListFilters';
export { FilterChips, FiltersButton, type FilterChipsProps, type FiltersButtonProps } from './lists/FilterChips';
export { PagedTable, type ListResult, type PagedTableProps } from './lists/PagedTable';
export { ListError } from './lists/ListError';
export { RowActions, rowActionsColumn, type RowActionsProps } from './lists/RowActions';
export { OptionSelect, type OptionSelectProps, type SelectOption } from './lists/OptionSelect';
export { DeleteConfirmDialog, useDeleteConfirm, type DeleteConfirm, type DeleteConfirmDialogProps, type DeleteConfirmOptions } from './lists/DeleteConfirmDialog';
// The CSV export of a whole list (a fleet-api job) and a row's property address.
export { ExportJobButton, type ExportJobButtonProps } from './lists/ExportJobButton';
export { addressLine, PropertyAddressCell, type AddressParts, type PropertyAddressCellProps } from './lists/PropertyAddress';
export { useDeviceFilterFields, type DeviceFilterKey } from './lists/deviceFilterFields';
export { useInstallEventColumns, type InstallEventRow } from './lists/installEventColumns';
// A screen's tabs (Chakra's, the chosen one in the URL) and the timelines of issue 23: the Timeline tab of
// every role's device page (two remotes) and of the customer property page.
export { PageTabs, useUrlTab, type PageTab, type PageTabsProps } from './lists/PageTabs';
export { Timeline, type TimelineProps } from './lists/Timeline';
export { TimelineTabs } from './lists/TimelineTabs';
