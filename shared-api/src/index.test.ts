import * as sharedApi from './index';
import * as dates from './dates';
import * as lists from './lists';
import * as live from './live';
import * as query from './query';

test('the public surface exports the names other packages import', () => {
  for (const name of [
    'useSession', 'sessionStore', 'apiGet', 'apiPost', 'apiPut', 'apiDelete', 'apiDeleteJson', 'apiPostForm', 'ApiError',
    'requestLogin', 'verifyLoginOtp',
    'apiPrefix', 'webPrefix', 'homePath', 'notify', 'useNotifications', 'errorMessage', 'EMAIL_PATTERN',
    'PASSWORD_RULE', 'PHONE_PATTERN', 'USERNAME_PATTERN', 'DIGITS_ONLY', 'DECIMAL', 'URL_PATTERN', 'MAX_UPLOAD_BYTES',
    'PAGE_SIZES', 'goToPageError', 'USER_TYPES', 'PRODUCT_KEYS', 'LANGUAGES', 'productDeviceType',
  ]) {
    expect(sharedApi).toHaveProperty(name);
  }
  for (const name of ['encodeFilter', 'decodeFilter', 'MULTI_FILTER_KEYS', 'useListState', 'parseListState', 'serializeListState', 'useSelection', 'useExportJob']) {
    expect(lists).toHaveProperty(name);
  }
  for (const name of ['formatDate', 'formatHeatPumpDate', 'formatDateTime', 'formatFilterDate', 'formatSaveDate', 'parseFilterDate']) {
    expect(dates).toHaveProperty(name);
  }
  for (const name of ['liveUpdates', 'useLiveUpdates', 'useLiveCache', 'parseLiveMessage']) expect(live).toHaveProperty(name);
  for (const name of ['QueryClient', 'QueryClientProvider', 'useQuery', 'useMutation', 'useQueryClient', 'useInfiniteQuery', 'keepPreviousData']) {
    expect(query).toHaveProperty(name);
  }
});

test('what the sign-in page does not need stays out of the root share key', () => {
  // lists, dates, the live socket and the server-state hooks are share keys of their own
  // (federation-config SHARED_SINGLETONS)
  for (const name of ['useListState', 'encodeFilter', 'formatDate', 'liveUpdates', 'useExportJob', 'useQuery', 'QueryClient']) {
    expect(sharedApi).not.toHaveProperty(name);
  }
});

test('no transport leaves the package: screens call the functions above, never the ky instance', () => {
  expect(sharedApi).not.toHaveProperty('api');
});

test('the server-state share key carries only what the console uses of TanStack Query (it is provided whole)', () => {
  expect(Object.keys(query).sort()).toEqual(
    ['QueryClient', 'QueryClientProvider', 'keepPreviousData', 'useInfiniteQuery', 'useMutation', 'useQuery', 'useQueryClient'].sort(),
  );
});
