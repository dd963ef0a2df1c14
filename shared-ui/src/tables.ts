// @fleet/shared-ui/tables: the data table, its pager and the selection bar. A share key of its own, loaded
// with the first list screen (docs/architecture.md, page weight).
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
export { SelectionBar, type SelectionBarProps, type SelectionMode } from './table/SelectionBar';
