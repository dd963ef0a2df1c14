// The yup pieces every form of this remote is built from (spec 5). Messages are i18n keys of the
// `auth` namespace; the en bundle holds the spec's exact English.
import {
  ABN_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_RULE,
  PHONE_CHARACTERS,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  PHONE_PATTERN,
  POSTCODE_MIN_LENGTH,
} from '@fleet/shared-api';
import * as yup from 'yup';

/** A trimmed text (spec 5: text fields are trimmed); `.trim()` makes the submitted value trimmed too. */
export const text = () => yup.string().trim().default('');

export const email = (required = 'validation.emailRequired', invalid = 'validation.emailInvalid') =>
  text().required(required).matches(EMAIL_PATTERN, { message: invalid, excludeEmptyString: true });

/** A password that must be given and be strong (sign-up, reset). Passwords are not trimmed. */
export const newPassword = () =>
  yup
    .string()
    .default('')
    .required('validation.passwordRequired')
    .matches(PASSWORD_RULE, { message: 'validation.passwordStrength', excludeEmptyString: true });

/** The current password on a profile: required when a new password is typed. */
export const currentPasswordFor = () =>
  yup
    .string()
    .default('')
    .test('current-password', 'validation.currentPasswordRequired', function check(value) {
      const password = (this.parent as { password?: string }).password ?? '';
      return !password || (value ?? '') !== '';
    });

/** A password on a profile: optional, strong when given. */
export const optionalPassword = () =>
  yup.string().default('').matches(PASSWORD_RULE, { message: 'validation.passwordStrength', excludeEmptyString: true });

/** A name: required and under 200 characters. */
export const name = (required: string, tooLong: string) =>
  text().required(required).max(NAME_MAX_LENGTH, tooLong);

/** First and last name of a person (spec 5), as most profiles and sign-up ask them. */
export const personNames = () => ({
  first_name: name('validation.firstNameRequired', 'validation.firstNameLength'),
  last_name: name('validation.lastNameRequired', 'validation.lastNameLength'),
});

/** A profile's optional new password and the current one it needs. */
export const passwordChange = () => ({
  password: optionalPassword(),
  current_password: currentPasswordFor(),
});

/**
 * A phone or contact number: required; digits, spaces, brackets and hyphens after an optional +;
 * starts with + or a digit and ends with a digit; 8 to 13 characters. Checked in that order, as
 * fleet-api does, so letters are told they are letters.
 */
export const phone = (required = 'validation.phoneRequired', length = 'validation.phoneLength') =>
  text()
    .required(required)
    .matches(PHONE_CHARACTERS, { message: 'validation.phoneCharacters', excludeEmptyString: true })
    .matches(PHONE_PATTERN, { message: 'validation.phoneInvalid', excludeEmptyString: true })
    .min(PHONE_MIN_LENGTH, length)
    .max(PHONE_MAX_LENGTH, length);

export const postcode = () =>
  text().required('validation.postcodeRequired').min(POSTCODE_MIN_LENGTH, 'validation.postcodeRequired');

export const abn = () => text().required('validation.abnRequired').length(ABN_LENGTH, 'validation.abnInvalid');

/**
 * The confirmation of a password field named `password`: required when a password is required or
 * typed, and equal to it ('Password doesnot match'). One test, so an empty box says "required".
 */
export const passwordConfirmation = (alwaysRequired: boolean) =>
  yup
    .string()
    .default('')
    .test('confirmation', function check(value) {
      const password = (this.parent as { password?: string }).password ?? '';
      if (!value) {
        return alwaysRequired || password ? this.createError({ message: 'validation.confirmPasswordRequired' }) : true;
      }
      return value === password || this.createError({ message: 'validation.passwordMismatch' });
    });
