// Shared validation rules (spec 5 "Shared patterns", spec 9 limits). Forms build their yup schemas
// from these so every screen agrees.

/** One at-sign, text on both sides, a dot in the domain part. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** At least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
/**
 * What a phone number may hold: digits, spaces, brackets and hyphens, after an optional plus. Checked
 * before PHONE_PATTERN so that letters get a message about letters, not about the first character.
 */
export const PHONE_CHARACTERS = /^\+?[\d\s()-]*$/;
/** Starts with a plus or a digit, ends with a digit (length is checked separately: 8 to 13). */
export const PHONE_PATTERN = /^(?:\+[\d\s()-]*\d|\d(?:[\d\s()-]*\d)?)$/;
/** Letters, digits, underscore, dot and hyphen only. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const DIGITS_ONLY = /^\d+$/;
/** Digits with at most one decimal point. */
export const DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;
export const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
/** MAC address and serial-number filters take letters and digits only. */
export const ALPHANUMERIC = /^[A-Za-z0-9]*$/;

export const PASSWORD_MIN_LENGTH = 8;
export const PHONE_MIN_LENGTH = 8;
export const PHONE_MAX_LENGTH = 13;
export const ABN_LENGTH = 11;
export const POSTCODE_MIN_LENGTH = 3;
/** Names must be under 200 characters. */
export const NAME_MAX_LENGTH = 199;
export const MAX_UPLOAD_BYTES = 52428800;
export const BYTES_PER_MEGABYTE = 1048576;
export const PAGE_SIZES: readonly number[] = [25, 50, 100, 200];
/** The larger page size a few lists add (spec 9). */
export const LARGE_PAGE_SIZE = 500;

export const FILTER_DEBOUNCE_MS = 500;
export const GO_TO_PAGE_DEBOUNCE_MS = 1000;

/** Drops what a MAC address or serial-number filter ignores ("others ignored", spec 5). */
export function alphanumericOnly(input: string): string {
  return input.replace(/[^A-Za-z0-9]/g, '');
}

export function lastPage(total: number, limit: number): number {
  return limit > 0 ? Math.max(1, Math.ceil(total / limit)) : 1;
}

/**
 * Go-to-page rules: digits only, not 0, not above ceil(total/limit). Null when the input is a page
 * one may go to, or is still empty (nothing to do yet).
 */
export function goToPageError(input: string, total: number, limit: number): string | null {
  const value = input.trim();
  if (value === '') return null;
  if (!DIGITS_ONLY.test(value)) return 'Please enter digits only';
  const page = Number(value);
  if (page === 0) return 'Page number cannot be 0';
  const last = lastPage(total, limit);
  if (page > last) return `Page number cannot be greater than ${last}`;
  return null;
}

/** The page to go to, or null when the input breaks a go-to-page rule or is empty. */
export function parseGoToPage(input: string, total: number, limit: number): number | null {
  if (input.trim() === '' || goToPageError(input, total, limit) !== null) return null;
  return Number(input.trim());
}
