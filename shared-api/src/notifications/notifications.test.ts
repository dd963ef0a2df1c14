import { ApiError, NETWORK_ERROR_MESSAGE } from '../client/errors';
import { DEFAULT_TOAST_TIMER, notify, useNotifications } from './notifications';

beforeEach(() => useNotifications.getState().clear());

test('success and error toasts queue with a 4000 ms default timer', () => {
  const first = notify.success('Profile updated');
  const second = notify.error('Invalid ABN', 2000);

  expect(DEFAULT_TOAST_TIMER).toBe(4000);
  expect(useNotifications.getState().items).toEqual([
    { id: first, messageType: 'success', message: 'Profile updated', timer: 4000 },
    { id: second, messageType: 'error', message: 'Invalid ABN', timer: 2000 },
  ]);
  expect(second).not.toBe(first);
});

test('dismiss removes one toast', () => {
  const first = notify.success('one');
  const second = notify.success('two');
  useNotifications.getState().dismiss(first);
  expect(useNotifications.getState().items.map((item) => item.id)).toEqual([second]);
});

test('failure turns any error into the catalogue text (offline: the connection message)', () => {
  const online = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  notify.failure(new ApiError(0, NETWORK_ERROR_MESSAGE));
  online.mockRestore();
  notify.failure(new Error('internal detail'));
  expect(useNotifications.getState().items.map((item) => [item.messageType, item.message])).toEqual([
    ['error', 'Oops! Please check your internet connection.'],
    ['error', 'Something went wrong'],
  ]);
});

test('no toast for a 401 that ended the session: the session dialog says it', () => {
  expect(notify.failure(new ApiError(401, 'Unauthorized', undefined, { expiredSession: true }))).toBeNull();
  expect(useNotifications.getState().items).toEqual([]);
  expect(notify.failure(new ApiError(401, 'Invalid email or password'))).not.toBeNull();
});
