// @fleet/shared-ui/fields: the form controls beyond a text box (checkboxes and their fieldsets, text areas,
// the date range, the file dropzone). A share key of its own, loaded with the first form that uses one:
// the sign-in page needs none of them (docs/architecture.md, page weight). Text fields, password and
// select stay in @fleet/shared-ui.
export { Checkbox, Fieldset, Textarea } from '@chakra-ui/react';
export type { CheckboxRootProps, TextareaProps } from '@chakra-ui/react';
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
