// @fleet/shared-api: the console's one way to call fleet-api, and the session every remote shares.
// Federation shares this module as a singleton, so its stores are one per page. What the sign-in page
// does not need has a share key of its own, loaded with the first screen that uses it: list state,
// filters, selection and CSV export in ./lists, dates in ./dates, the live socket in ./live.

export type { UserType, ProductKey, RemoteRoute, RoutesPer, RouteTable, MenuEntry, MenuGroup, MenuLabels, Language, RemoteDescription, RemoteMountProps, DeviceType } from './remote-contract';
export { USER_TYPES, PRODUCT_KEYS, LANGUAGES, productDeviceType, isUserType, isProductKey } from './remote-contract';

export type { LoginUserInfo, LoginUserDetails, SignInAnswer, SessionState, RenewalOutcome } from './session/session-store';
export { requestLogin, verifyLoginOtp, verifyPasskeySignIn, type OtpAnswer } from './session/sign-in-calls';
export {
  useSession,
  sessionStore,
  readStoredLoginUserInfo,
  reloadSessionFromStorage,
  renewSession,
  onSessionRenewed,
  useOnSessionRenewed,
  onSessionEnded,
} from './session/session-store';
export { sessionKeepAlive, liveTokenRefused, RENEW_WHEN_LEFT } from './session/keep-alive';
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
export { apiUrl, apiGet, apiList, apiPost, apiPut, apiDelete, apiDeleteJson, apiPostForm, apiDownload, saveFile, dispositionFileName, isAuthCall, failureFor, startEarlyRequest } from './client/api';
export { ApiError, errorMessage, serverMessage, isNetworkFailure, NETWORK_ERROR_MESSAGE, GENERIC_ERROR_MESSAGE } from './client/errors';
export { serverText, setServerTextTranslator, type ServerText, type ServerTextTranslator, type ServerMessageCode, type ServerMessageKey, type ServerMessageParams } from './client/server-text';

export { apiPrefix, webPrefix, homePath, profilePath, propertyViewOf, deviceViewOf } from './roles/prefixes';

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

// the router of the console (react-router-dom, only the parts in use: routing/router.ts)
export * from './routing/router';
export { compareVersions, newestFirst } from './versions/versions';
export { useFailureToast } from './notifications/useFailureToast';
export { useFleetMutation, type FleetMutationOptions } from './client/mutation';
export { BACK_PARAM, BACK_STATE, isLocalPath, useBackState, useBackTo, useOpenWithBack } from './routing/back-link';
export { productOfDeviceType } from './remote-contract';
export { refusedField, useFieldRefusal, type SetFieldError } from './forms/field-refusal';
