// @fleet/shared-api: the console's one way to call fleet-api, and the session every remote shares.
// Federation shares this module as a singleton, so its stores are one per page.

export type { UserType, ProductKey, RemoteRoute, RoutesPer, RouteTable, MenuEntry, MenuGroup, MenuLabels, Language, RemoteDescription, RemoteMountProps, DeviceType } from './remote-contract';
export { USER_TYPES, PRODUCT_KEYS, LANGUAGES, productDeviceType, isUserType, isProductKey } from './remote-contract';

export type { LoginUserInfo, LoginUserDetails, SignInAnswer, SessionState, RenewalOutcome } from './session/session-store';
export { requestLogin, verifyLoginOtp, type OtpAnswer } from './session/sign-in-calls';
export {
  useSession,
  sessionStore,
  readStoredLoginUserInfo,
  reloadSessionFromStorage,
  renewSession,
  onSessionRenewed,
  useOnSessionRenewed,
} from './session/session-store';
export { sessionKeepAlive, RENEW_WHEN_LEFT } from './session/keep-alive';
export type { SelectedProductState } from './session/selected-product';
export { useSelectedProduct, readStoredProduct, DEFAULT_PRODUCT } from './session/selected-product';
export {
  ACCESS_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
  LOGIN_USER_INFO_KEY,
  SELECTED_PRODUCT_KEY,
  DARK_MODE_KEY,
} from './session/storage-keys';

export type { ApiAnswer, ListInfo, SearchParams, SearchParamValue, UploadProgress, PostFormOptions, DownloadedFile } from './client/api';
export { apiUrl, apiGet, apiList, apiPost, apiPut, apiDelete, apiDeleteJson, apiPostForm, apiDownload, saveFile, dispositionFileName, isAuthCall, failureFor } from './client/api';
export { ApiError, errorMessage, serverMessage, isNetworkFailure, NETWORK_ERROR_MESSAGE, GENERIC_ERROR_MESSAGE } from './client/errors';
export { serverText, setServerTextTranslator, type ServerText, type ServerTextTranslator, type ServerMessageCode, type ServerMessageKey, type ServerMessageParams } from './client/server-text';

export { apiPrefix, webPrefix, homePath, profilePath, propertyViewOf, deviceViewOf } from './roles/prefixes';

export type { FilterItem, FilterType, FilterScalar, FilterValue, EncodedFilterItem, FilterValues } from './filters/filter-codec';
export {
  encodeFilter,
  decodeFilter,
  filterItemsFrom,
  MULTI_FILTER_KEYS,
  IGNORED_FILTER_KEYS,
  RANGE_FILTER_KEYS,
} from './filters/filter-codec';

export type { ListState, ListQuery, ListStateOptions, SortOrder } from './list-state/list-state';
export {
  parseListState,
  serializeListState,
  mergeListState,
  listQuery,
  isFilterKey,
  DEFAULT_LIST_STATE,
  LIST_STATE_KEYS,
  NON_FILTER_QUERY_KEYS,
} from './list-state/list-state';
export type { ListStateControls } from './list-state/useListState';
export { useListState } from './list-state/useListState';

export type { Notification, NotificationsState, MessageType } from './notifications/notifications';
export { notify, useNotifications, DEFAULT_TOAST_TIMER, LOGIN_TOAST_TIMER } from './notifications/notifications';
export {
  API_DOWN_MESSAGE,
  OUTAGE_PROBE,
  apiIsBack,
  isApiUnavailable,
  onApiBack,
  reportApiUnavailable,
  useApiOutage,
  useOnApiBack,
  type ApiOutageState,
} from './notifications/api-outage';

export type { DateInput } from './dates/dates';
export {
  formatDate,
  formatHeatPumpDate,
  formatDateTime,
  formatFilterDate,
  formatSaveDate,
  parseFilterDate,
  isFutureDate,
  DATE_FORMAT,
  HEAT_PUMP_DATE_FORMAT,
  DATE_TIME_FORMAT,
  FILTER_DATE_FORMAT,
  SAVE_DATE_FORMAT,
  TARIFF_TIME_FORMAT,
} from './dates/dates';

export {
  EMAIL_PATTERN,
  PASSWORD_RULE,
  PHONE_CHARACTERS,
  PHONE_PATTERN,
  USERNAME_PATTERN,
  DIGITS_ONLY,
  DECIMAL,
  URL_PATTERN,
  ALPHANUMERIC,
  PASSWORD_MIN_LENGTH,
  PHONE_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  ABN_LENGTH,
  POSTCODE_MIN_LENGTH,
  NAME_MAX_LENGTH,
  MAX_UPLOAD_BYTES,
  BYTES_PER_MEGABYTE,
  PAGE_SIZES,
  LARGE_PAGE_SIZE,
  FILTER_DEBOUNCE_MS,
  GO_TO_PAGE_DEBOUNCE_MS,
  alphanumericOnly,
  lastPage,
  goToPageError,
  parseGoToPage,
} from './validation/patterns';

export type { LiveStatus, LiveConnection, LiveConnectionOptions, Backoff } from './live-updates/live-connection';
export { openLiveConnection, reconnectDelay, liveUrl, LIVE_PATH, AUTH_REFUSED_CLOSE_CODES, DEFAULT_BACKOFF } from './live-updates/live-connection';
export type { LiveListener } from './live-updates/live-updates';
export { liveUpdates, useLiveUpdates, useLiveStatus } from './live-updates/live-updates';

// the router of the console (react-router-dom, only the parts in use: routing/router.ts)
export * from './routing/router';
export { compareVersions, newestFirst } from './versions/versions';
export {
  useSelection,
  selectionScope,
  selectedDevices,
  type Selection,
  type SelectionMode,
} from './selection/useSelection';
export { useFailureToast } from './notifications/useFailureToast';
export { useFleetMutation, type FleetMutationOptions } from './client/mutation';
export { useExportJob, exportListQuery, EXPORT_POLL_MS, type ExportJob, type ExportListQuery } from './exports/export-job';
export { BACK_PARAM, BACK_STATE, isLocalPath, useBackState, useBackTo, useOpenWithBack } from './routing/back-link';
export { parseLiveMessage, type LiveMessage, type MovedSlice, type OtaJobState } from './live-updates/messages';
export { useLiveCache, LIVE_REREAD_MS, LIVE_REREAD_MAX_MS, type LiveCache } from './live-updates/live-cache';
export { productOfDeviceType } from './remote-contract';
export { refusedField, useFieldRefusal, type SetFieldError } from './forms/field-refusal';
