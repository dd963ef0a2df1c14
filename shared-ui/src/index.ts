// @fleet/shared-ui: the console's design system. Named exports only; nothing reaches past this file.
// What every page needs at first paint lives here; dialogs and drawers are in ./overlays, tables in
// ./tables, checkboxes, text areas, the date range and the dropzone in ./fields, each a share key of its
// own so that the sign-in page does not download them.
export * from './chakra';
export { FleetUiProvider, type FleetUiProviderProps } from './FleetUiProvider';
export { I18nextProvider, initReactI18next, useTranslation, type ErrorArgs } from './i18n';
export { addUiBundles, englishUiT, UI_BUNDLES, UI_NAMESPACE, useProductName, useUiTranslation, type UiT, type UiTexts } from './texts/ui-texts';
export { enumOptions, enumText, useEnumText, ENUM_TEXTS, type EnumName } from './texts/enums';
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
export { makeIcon } from './icon-factory';
export { LoadingArea, LoadingOverlay, type LoadingAreaProps, type LoadingOverlayProps } from './feedback/LoadingOverlay';
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
export { ErrorPanel, type ErrorPanelProps } from './feedback/ErrorPanel';
export { PageHeader, type PageHeaderProps } from './layout/PageHeader';
export { FactList } from './layout/FactList';
