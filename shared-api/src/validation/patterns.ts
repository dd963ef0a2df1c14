// Shared validation rules (spec 5 "Shared patterns", spec 9 limits). Forms build their yup schemas
// from these so every screen agrees. The field patterns and limits fleet-api checks too come from
// @fleet/contract (its schemas use the same ones); page sizes, debounces and go-to-page are ours.
export {
  ABN_LENGTH,
  ALPHANUMERIC,
  BYTES_PER_MEGABYTE,
  DECIMAL,
  DIGITS_ONLY,
  EMAIL_PATTERN,
  MAX_UPLOAD_BYTES,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE,
  PHONE_CHARACTERS,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  PHONE_PATTERN,
  POSTCODE_MIN_LENGTH,
  URL_PATTERN,
  USERNAME_PATTERN,
} from '@fleet/contract';
import { DIGITS_ONLY } from '@fleet/contract';

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
