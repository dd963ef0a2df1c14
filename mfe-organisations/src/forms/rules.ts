// The yup rules of this remote's forms (spec 5: Agency, Installation agent, Electrician, Passwords and
// emails, Profile forms; partners ours). Messages are keys of the `validation` texts, whose English is
// the spec's exactly; fleet-api checks the same rules with the same words.
import { ABN_LENGTH, EMAIL_PATTERN, NAME_MAX_LENGTH, PASSWORD_RULE, PHONE_MAX_LENGTH, PHONE_CHARACTERS, PHONE_MIN_LENGTH, PHONE_PATTERN, POSTCODE_MIN_LENGTH, URL_PATTERN } from '@fleet/shared-api';
import * as yup from 'yup';

const V = 'validation.';

/** Names the forms check: `${name}Required` and `${name}TooLong` are their messages. */
export type NamedField = 'firstName' | 'lastName' | 'companyName' | 'agencyName' | 'contactFirstName' | 'contactLastName' | 'name';

/** A trimmed text (spec 5: text fields are trimmed, so the value sent is the trimmed one). */
export const text = () => yup.string().trim().default('');

/** Required and under 200 characters. */
export const name = (field: NamedField) => text().required(`${V}${field}Required`).max(NAME_MAX_LENGTH, `${V}${field}TooLong`);

export const email = () => text().required(`${V}emailRequired`).matches(EMAIL_PATTERN, { message: `${V}emailInvalid`, excludeEmptyString: true });
export const optionalEmail = () => text().matches(EMAIL_PATTERN, { message: `${V}emailInvalid`, excludeEmptyString: true });

const phoneOk = (value: string) => value.length >= PHONE_MIN_LENGTH && value.length <= PHONE_MAX_LENGTH;

/**
 * Digits, spaces, brackets and hyphens after an optional +, starting with + or a digit and ending with
 * a digit, 8 to 13 characters. Checked in that order, as fleet-api does, so letters are told they
 * are letters.
 */
export const phone = () =>
  text()
    .required(`${V}phoneRequired`)
    .matches(PHONE_CHARACTERS, { message: `${V}phoneCharacters`, excludeEmptyString: true })
    .matches(PHONE_PATTERN, { message: `${V}phoneInvalid`, excludeEmptyString: true })
    .min(PHONE_MIN_LENGTH, `${V}phoneLength`)
    .max(PHONE_MAX_LENGTH, `${V}phoneLength`);

/** The same, or nothing. */
export const optionalPhone = () =>
  text()
    .matches(PHONE_CHARACTERS, { message: `${V}phoneCharacters`, excludeEmptyString: true })
    .matches(PHONE_PATTERN, { message: `${V}phoneInvalid`, excludeEmptyString: true })
    .test('phone', `${V}phoneLength`, (value) => !value || phoneOk(value));

export const postcode = () => text().required(`${V}postcodeRequired`).min(POSTCODE_MIN_LENGTH, `${V}postcodeRequired`);

/** Required, exactly 11 digits ('Invalid ABN'). */
export const abn = () => text().required(`${V}abnRequired`).length(ABN_LENGTH, `${V}abnInvalid`);
/** Nothing, or exactly 11 digits. */
export const optionalAbn = () => text().matches(/^\d{11}$/, { message: `${V}abnInvalid`, excludeEmptyString: true });

/** Required on create; on edit empty keeps the current one; strong whenever given. Passwords are not trimmed. */
export const password = (required: boolean) => {
  const rule = yup.string().default('').matches(PASSWORD_RULE, { message: `${V}passwordStrength`, excludeEmptyString: true });
  return required ? rule.required(`${V}passwordRequired`) : rule;
};

export const optionalUrl = () => text().matches(URL_PATTERN, { message: `${V}websiteInvalid`, excludeEmptyString: true });

/** An optional text of at most `max` characters. */
export const optional = (max: number, tooLong: 'eidLength' | 'addressLength' | 'cityLength') => text().max(max, `${V}${tooLong}`);

/** A message of the validation texts that no rule above owns (a select's choice). */
export const message = (key: 'addressRequired' | 'aggregatorRequired') => `${V}${key}`;

/** Spec 9: the states of an Australian address (agency and electrician forms, the electricians' filter). */
export const STATES = ['NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'ACT'] as const;
