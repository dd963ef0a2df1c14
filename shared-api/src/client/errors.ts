import { TimeoutError } from 'ky';
import { codeOfBody, serverText, type ServerText } from './server-text';

// The global error catalogue (spec 8).
export const NETWORK_ERROR_MESSAGE = 'Oops! Please check your internet connection.';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';

/**
 * A failed call: an HTTP error, a `status: false` answer, or no answer at all (status 0).
 * `message` is the server's English sentence (or the catalogue's); `code` and `params`, when the
 * answer has them, say it in the page's language (errorMessage, server-text.ts).
 */
export class ApiError extends Error implements ServerText {
  readonly status: number;
  readonly body?: unknown;
  readonly code?: ServerText['code'];
  readonly params?: ServerText['params'];
  /**
   * A 401 that ended the session: the shell's session-expired dialog already tells the user, so a
   * toast for it would only repeat the news (notify.failure skips these).
   */
  readonly expiredSession: boolean;

  constructor(status: number, message: string, body?: unknown, options: { expiredSession?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const { code, params } = codeOfBody(body);
    this.code = code;
    this.params = params;
    this.expiredSession = options.expiredSession ?? false;
  }

  /** No answer reached us (offline, DNS, refused, timed out). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** The server's `message`, when the body has a usable one. */
export function serverMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** fetch rejects with a TypeError when no answer arrives; ky adds its own TimeoutError. */
export function isNetworkFailure(err: unknown): boolean {
  if (err instanceof ApiError) return err.isNetworkError;
  if (err instanceof TimeoutError) return true;
  return err instanceof TypeError && /fetch|network|load failed/i.test(err.message);
}

/** The text a toast or page shows for any failure (spec 8): the server's sentence in the page's language. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message ? serverText(err) : GENERIC_ERROR_MESSAGE;
  if (isNetworkFailure(err)) return NETWORK_ERROR_MESSAGE;
  return GENERIC_ERROR_MESSAGE;
}
