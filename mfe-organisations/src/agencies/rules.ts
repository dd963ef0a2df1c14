// The yup pieces of this remote's agency, agent and partner forms (spec 5). Messages are keys of the
// organisations namespace (agencies.validation), its en bundle the spec's exact English.
import { EMAIL_PATTERN, NAME_MAX_LENGTH, PASSWORD_RULE, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, PHONE_PATTERN, POSTCODE_MIN_LENGTH, URL_PATTERN } from '@fleet/shared-api';
import * as yup from 'yup';

const V = 'agencies.validation.';

/** A trimmed text (spec 5: text fields are trimmed). */
export const text = () => yup.string().trim().default('');

/** Required and under 200 characters. */
export const name = (required: string, tooLong: string) => text().required(V + required).max(NAME_MAX_LENGTH, V + tooLong);

export const email = () => text().required(`${V}emailRequired`).matches(EMAIL_PATTERN, { message: `${V}emailInvalid`, excludeEmptyString: true });

/** 8 to 13 characters, starting with + or a digit and ending with a digit. */
export const phone = () =>
  text()
    .required(`${V}phoneRequired`)
    .min(PHONE_MIN_LENGTH, `${V}phoneLength`)
    .max(PHONE_MAX_LENGTH, `${V}phoneLength`)
    .matches(PHONE_PATTERN, { message: `${V}phoneInvalid`, excludeEmptyString: true });

/** The same, or nothing. */
export const optionalPhone = () =>
  text().test('phone', `${V}phoneLength`, (value) => !value || (value.length >= PHONE_MIN_LENGTH && value.length <= PHONE_MAX_LENGTH && PHONE_PATTERN.test(value)));

export const postcode = () => text().required(`${V}postcode`).min(POSTCODE_MIN_LENGTH, `${V}postcode`);

/** Required on create, else optional; the strength rule whenever given. Passwords are not trimmed. */
export const password = (required: boolean) => {
  const rule = yup.string().default('').matches(PASSWORD_RULE, { message: `${V}passwordStrength`, excludeEmptyString: true });
  return required ? rule.required(`${V}passwordRequired`) : rule;
};

export const optionalEmail = () => text().matches(EMAIL_PATTERN, { message: `${V}emailInvalid`, excludeEmptyString: true });
export const optionalUrl = () => text().matches(URL_PATTERN, { message: `${V}websiteInvalid`, excludeEmptyString: true });
