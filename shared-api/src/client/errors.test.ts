import { TimeoutError } from 'ky';
import { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, errorMessage, serverMessage } from './errors';

describe('errorMessage (spec 8)', () => {
  test('a network failure of any shape reads as the connection message', () => {
    expect(errorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE))).toBe('Oops! Please check your internet connection.');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorMessage(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorMessage(new TimeoutError(new Request('http://localhost/api/x')))).toBe(NETWORK_ERROR_MESSAGE);
  });

  test("otherwise the server's message, else Something went wrong", () => {
    expect(errorMessage(new ApiError(400, 'Invalid ABN'))).toBe('Invalid ABN');
    expect(errorMessage(new ApiError(500, ''))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage(new Error('Cannot read properties of undefined'))).toBe('Something went wrong');
    expect(errorMessage('boom')).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage(undefined)).toBe(GENERIC_ERROR_MESSAGE);
  });

  test('serverMessage only takes a non-empty string message', () => {
    expect(serverMessage({ message: 'x' })).toBe('x');
    expect(serverMessage({ message: '  ' })).toBeNull();
    expect(serverMessage({ message: 3 })).toBeNull();
    expect(serverMessage(null)).toBeNull();
  });
});
