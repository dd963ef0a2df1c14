// The field rules of spec 5 ("Shared patterns") and the limits of spec 9, once for both sides: the
// console's forms build their yup rules from these, fleet-api its body schemas (via `trimmedPattern`,
// since it trims text after validating). `pattern-samples.ts` holds what each must take and refuse.

/** One at-sign, text on both sides, a dot in the domain part (no empty part between dots). */
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
/** Longer passwords are refused before hashing. */
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_MIN_LENGTH = 8;
export const PHONE_MAX_LENGTH = 13;
export const EMAIL_MAX_LENGTH = 254;
export const ABN_LENGTH = 11;
export const POSTCODE_MIN_LENGTH = 3;
/** Names must be under 200 characters. */
export const NAME_MAX_LENGTH = 199;
export const MAX_UPLOAD_BYTES = 52428800;
export const BYTES_PER_MEGABYTE = 1048576;

/**
 * The same rule for a text the server trims after validating (spec 5: text fields are trimmed): the
 * pattern's source, with spaces allowed around it, for a JSON schema's `pattern`.
 */
export function trimmedPattern(rule: RegExp): string {
  const inner = rule.source.replace(/^\^/, '').replace(/\$$/, '');
  return `^\\s*(?:${inner})\\s*$`;
}
