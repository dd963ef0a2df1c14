// @fleet/shared-ui: the console's design system. Named exports only; nothing reaches past this file.
export * from './chakra';
export { FleetUiProvider, type FleetUiProviderProps } from './FleetUiProvider';
export { system } from './theme/system';
export {
  applyStoredColorMode,
  COLOR_MODE_STORAGE_KEY,
  getColorMode,
  setColorMode,
  toggleColorMode,
  useColorMode,
  useColorModeValue,
  type ColorMode,
  type ColorModeApi,
} from './theme/colorMode';
export { FormField, type FormFieldProps } from './forms/FormField';
export { PasswordInput, type PasswordInputProps } from './forms/PasswordInput';
export { TextField, type TextFieldProps } from './forms/TextField';
export { FleetToaster, showToast, toaster, type ToastKind } from './feedback/toaster';
export * from './icons';
export { LoadingArea, LoadingOverlay, type LoadingAreaProps, type LoadingOverlayProps } from './feedback/LoadingOverlay';
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
export { FilterDrawer, type FilterDrawerProps } from './filters/FilterDrawer';
export { ModalDialog, type ModalDialogProps } from './dialogs/ModalDialog';
export { ConfirmDialog, type ConfirmDialogProps } from './dialogs/ConfirmDialog';
export { EditDialog, type EditDialogProps } from './dialogs/EditDialog';
export {
  StatusBadge,
  StatusLegend,
  statusTone,
  type StatusBadgeProps,
  type StatusKind,
  type StatusLegendEntry,
  type StatusPalette,
  type StatusTone,
} from './status/StatusBadge';
export {
  DateRangePicker,
  FUTURE_DATE_ERROR,
  localToday,
  RANGE_ORDER_ERROR,
  type DateRange,
  type DateRangePickerProps,
} from './dates/DateRangePicker';
export {
  BYTES_PER_MB,
  DEFAULT_ACCEPT,
  fileError,
  FileDropzone,
  formatBytes,
  MAX_UPLOAD_BYTES,
  type FileDropzoneProps,
} from './files/FileDropzone';
export { ReadMore, ShowMore, type ReadMoreProps, type ShowMoreProps } from './text/ShowMore';
export { ErrorPanel, type ErrorPanelProps } from './feedback/ErrorPanel';
export { PageHeader, type PageHeaderProps } from './layout/PageHeader';
export { SelectionBar, type SelectionBarProps, type SelectionMode } from './table/SelectionBar';
