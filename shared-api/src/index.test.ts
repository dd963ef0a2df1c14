import * as sharedApi from './index';

test('the public surface exports the names other packages import', () => {
  for (const name of [
    'useSession', 'sessionStore', 'apiGet', 'apiPost', 'apiPut', 'apiDelete', 'apiDeleteJson', 'apiPostForm', 'ApiError',
    'requestLogin', 'verifyLoginOtp',
    'apiPrefix', 'webPrefix', 'homePath', 'encodeFilter', 'decodeFilter', 'MULTI_FILTER_KEYS', 'useListState',
    'parseListState', 'serializeListState', 'notify', 'useNotifications', 'errorMessage', 'formatDate',
    'formatHeatPumpDate', 'formatDateTime', 'formatFilterDate', 'formatSaveDate', 'parseFilterDate', 'EMAIL_PATTERN',
    'PASSWORD_RULE', 'PHONE_PATTERN', 'USERNAME_PATTERN', 'DIGITS_ONLY', 'DECIMAL', 'URL_PATTERN', 'MAX_UPLOAD_BYTES',
    'PAGE_SIZES', 'goToPageError', 'USER_TYPES', 'PRODUCT_KEYS', 'LANGUAGES', 'productDeviceType',
  ]) {
    expect(sharedApi).toHaveProperty(name);
  }
});

test('no transport leaves the package: screens call the functions above, never the ky instance', () => {
  expect(sharedApi).not.toHaveProperty('api');
});
