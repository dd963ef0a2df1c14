// The yup rules of the electrician and field-worker forms (spec 5: Electrician, Installation agent,
// Passwords and emails, Profile forms). Messages are keys of this remote's `electricians.validation`
// texts, which hold the spec's English exactly; fleet-api checks the same rules with the same words.
import { ABN_LENGTH, EMAIL_PATTERN, NAME_MAX_LENGTH, PASSWORD_RULE, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, PHONE_PATTERN, POSTCODE_MIN_LENGTH } from '@fleet/shared-api';
import * as yup from 'yup';

const V = 'electricians.validation.';

/** Text fields are trimmed (spec 5), so the value sent is the trimmed one. */
const text = () => yup.string().trim().default('');

export const rules = {
  name: (which: 'firstName' | 'lastName' | 'companyName') => text().required(`${V}${which}Required`).max(NAME_MAX_LENGTH, `${V}${which}Length`),
  email: () => text().required(`${V}emailRequired`).matches(EMAIL_PATTERN, { message: `${V}emailInvalid`, excludeEmptyString: true }),
  phone: () =>
    text()
      .required(`${V}phoneRequired`)
      .min(PHONE_MIN_LENGTH, `${V}phoneLength`)
      .max(PHONE_MAX_LENGTH, `${V}phoneLength`)
      .matches(PHONE_PATTERN, { message: `${V}phoneInvalid`, excludeEmptyString: true }),
  abn: () => text().required(`${V}abnRequired`).length(ABN_LENGTH, `${V}abnInvalid`),
  postcode: () => text().required(`${V}postcodeRequired`).min(POSTCODE_MIN_LENGTH, `${V}postcodeRequired`),
  /** Required on create; on edit empty keeps the current one. Passwords are not trimmed. */
  password: (required: boolean) => {
    const rule = yup.string().default('').matches(PASSWORD_RULE, { message: `${V}passwordStrength`, excludeEmptyString: true });
    return required ? rule.required(`${V}passwordRequired`) : rule;
  },
  optional: (max: number, message: string) => text().max(max, `${V}${message}`),
};
