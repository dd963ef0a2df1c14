// Spec 5, Add member and Customer edit: email, first and last name, phone of 8 to 13 characters, each
// with the spec's message (keys of the customers namespace, translated where shown).
import { EMAIL_PATTERN, NAME_MAX_LENGTH, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, PHONE_CHARACTERS, PHONE_PATTERN } from '@fleet/shared-api';
import * as yup from 'yup';

export const personSchema = yup.object({
  email: yup.string().default('').trim().required('validation.emailRequired').matches(EMAIL_PATTERN, 'validation.emailInvalid'),
  first_name: yup.string().default('').trim().required('validation.firstNameRequired').max(NAME_MAX_LENGTH, 'validation.nameTooLong'),
  last_name: yup.string().default('').trim().required('validation.lastNameRequired').max(NAME_MAX_LENGTH, 'validation.lastNameTooLong'),
  phone_no: yup
    .string()
    .default('')
    .trim()
    .required('validation.phoneRequired')
    // letters are told they are letters before the first and last characters are checked (as fleet-api)
    .matches(PHONE_CHARACTERS, 'validation.phoneCharacters')
    .matches(PHONE_PATTERN, 'validation.phoneInvalid')
    .min(PHONE_MIN_LENGTH, 'validation.phoneLength')
    .max(PHONE_MAX_LENGTH, 'validation.phoneLength'),
});

export type PersonValues = yup.InferType<typeof personSchema>;
