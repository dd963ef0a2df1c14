/**
 * Schema pieces every module uses: the answer envelope, the error answers, and the spec's field rules
 * (section 5) with the spec's own messages. Every object schema refuses unknown fields.
 */
import { Type, type TObject, type TProperties, type TSchema, type ObjectOptions } from '@sinclair/typebox';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN as EMAIL_RULE,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_RULE,
  PHONE_CHARACTERS as PHONE_CHARACTERS_RULE,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  PHONE_PATTERN as PHONE_RULE,
  trimmedPattern,
} from '@fleet/contract';
import { say } from './messages';
import { PUBLIC } from '../policy/roles';

/** A body/query object that refuses fields it does not name. */
export function Strict<T extends TProperties>(properties: T, options: ObjectOptions = {}): TObject<T> {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

/**
 * An answer's sentence: `message` in English, and when it is one of @fleet/contract's SERVER_MESSAGES
 * its `code` and the values of its placeholders (server/messages.ts adds them), for the console to say
 * it in the page's language. Declared here, or the serializer would drop them.
 */
export const MessageFields = {
  message: Type.String(),
  code: Type.Optional(Type.String({ description: "The message's code in @fleet/contract's SERVER_MESSAGES, e.g. agencies.notFound" })),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description: "The values of the message's placeholders, e.g. {count: 3}" })),
};

export const ErrorReply = Type.Object(
  {
    status: Type.Boolean(),
    ...MessageFields,
    // a 409 about one field of the body (server/errors.ts conflict): which one
    info: Type.Optional(Type.Object({ field: Type.String() })),
  },
  { $id: 'ErrorReply', description: 'Any failure: status is false and message says why' },
);

/** `{status, message, info}` with `info` shaped by the route. */
export function Envelope<T extends TSchema>(info: T) {
  return Type.Object({ status: Type.Boolean(), ...MessageFields, info });
}

export const MessageReply = Type.Object({ status: Type.Boolean(), ...MessageFields });

/** The failure answers a route can give, for its `response` schema (and the OpenAPI document). */
export function failures(...codes: Array<400 | 401 | 403 | 404 | 409 | 413 | 429 | 503>) {
  const out: Record<number, typeof ErrorReply> = { 500: ErrorReply };
  for (const c of codes) out[c] = ErrorReply;
  return out;
}

/** The failures every signed-in call can give. */
export const signedInFailures = (...more: Array<400 | 404 | 409 | 413 | 429>) => failures(401, 403, ...more);

// Field rules (spec section 5), the console's forms' own (@fleet/contract). Text is trimmed by handlers after
// validating, so the patterns allow the surrounding spaces; passwords are not trimmed.

const EMAIL_PATTERN = trimmedPattern(EMAIL_RULE);
const PASSWORD_PATTERN = PASSWORD_RULE.source;
const PHONE_PATTERN = trimmedPattern(PHONE_RULE);
const PHONE_CHARACTERS = trimmedPattern(PHONE_CHARACTERS_RULE);

export const PASSWORD_RULE_MESSAGE =
  say('fields.passwordWeak');

export function EmailField(invalidMessage = say('fields.emailMalformed'), requiredMessage = say('fields.emailRequired')) {
  return Type.String({
    // an empty field is a missing one (spec: 'Email is required' before the pattern's message)
    minLength: 1,
    maxLength: EMAIL_MAX_LENGTH,
    pattern: EMAIL_PATTERN,
    errorMessage: { default: invalidMessage, minLength: requiredMessage },
    requiredMessage,
    description: 'Compared case-insensitively and trimmed',
  });
}

/** A password being set: the spec's strength rule. Long inputs are refused before hashing. */
export function NewPasswordField(requiredMessage = say('fields.passwordRequired')) {
  return Type.String({
    maxLength: PASSWORD_MAX_LENGTH,
    pattern: PASSWORD_PATTERN,
    errorMessage: { default: PASSWORD_RULE_MESSAGE, maxLength: say('fields.tooLong', { field: 'Password', max: PASSWORD_MAX_LENGTH }) },
    requiredMessage,
  });
}

/** A password that may be left empty (edit forms: empty means unchanged); otherwise the strength rule. */
export function OptionalPasswordField() {
  return Type.Optional(
    Type.String({
      maxLength: PASSWORD_MAX_LENGTH,
      pattern: `^(|${PASSWORD_PATTERN.slice(1, -1)})$`,
      errorMessage: { default: PASSWORD_RULE_MESSAGE, maxLength: say('fields.tooLong', { field: 'Password', max: PASSWORD_MAX_LENGTH }) },
    }),
  );
}

/** A password being checked (sign-in): any non-empty text. */
export const PasswordField = Type.String({
  minLength: 1,
  maxLength: PASSWORD_MAX_LENGTH,
  errorMessage: { default: say('fields.passwordRequired'), maxLength: say('fields.tooLong', { field: 'Password', max: PASSWORD_MAX_LENGTH }) },
  requiredMessage: say('fields.passwordRequired'),
});

/**
 * Text that is required (not empty, not only spaces) with a length cap: `required` answers a missing
 * or blank one, `tooLong` one over the cap. Every required text field of every form is one of these.
 */
export function RequiredText(maxLength: number, required: string, tooLong: string) {
  return Type.String({ minLength: 1, maxLength, pattern: '\\S', errorMessage: { default: required, maxLength: tooLong }, requiredMessage: required });
}

/** Names: required, under 200 characters ("First Name should be less than 200 character"). */
export function NameField(label: string) {
  return RequiredText(NAME_MAX_LENGTH, say('requests.fieldRequired', { field: label }), say('fields.lessThan', { field: label, max: 200 }));
}

/** Free text that is required, with a length cap. */
export function TextField(label: string, maxLength = 500) {
  return RequiredText(maxLength, say('requests.fieldRequired', { field: label }), say('fields.tooLong', { field: label, max: maxLength }));
}

/**
 * 8 to 13 characters, only digits, spaces, brackets and hyphens after an optional plus, starting with
 * a plus or a digit and ending with a digit. The two patterns have a message each, so letters are told
 * they are letters (the console's forms check in the same order with the same words).
 */
export function PhoneField(label = 'Phone Number') {
  return Type.String({
    minLength: PHONE_MIN_LENGTH,
    maxLength: PHONE_MAX_LENGTH,
    allOf: [
      { pattern: PHONE_CHARACTERS, errorMessage: say('fields.phoneCharacters', { field: label }) },
      // an empty value is a short one: the length's message
      { pattern: `^$|${PHONE_PATTERN}`, errorMessage: say('fields.phoneEnds', { field: label }) },
    ],
    errorMessage: { default: say('fields.lengthRange', { field: label, min: PHONE_MIN_LENGTH, max: PHONE_MAX_LENGTH }) },
    requiredMessage: say('requests.fieldRequired', { field: label }),
  });
}

export const PostcodeField = Type.String({
  minLength: 3,
  maxLength: 10,
  pattern: '^\\s*[0-9A-Za-z]',
  errorMessage: say('fields.postalCodeRequired'),
  requiredMessage: say('fields.postalCodeRequired'),
});

export const AbnField = Type.String({
  minLength: 11,
  maxLength: 11,
  errorMessage: say('fields.abnInvalid'),
  requiredMessage: say('fields.abnRequired'),
});

/** Ids in paths and bodies: positive integers. */
export const IdField = Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: say('fields.idInvalid') });

/** Trims text fields of a parsed body (the spec: "Text fields are trimmed"). */
export function trimmed<T extends Record<string, unknown>>(body: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) out[k] = typeof v === 'string' && !/password/.test(k) ? v.trim() : v;
  return out as T;
}

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** Spec 4: an agency's, an agent's or an electrician's state. */
const STATUSES = ['Active', 'In-Active'] as const;
export type Status = (typeof STATUSES)[number];
export const StatusField = Type.Unsafe<Status>({ type: 'string', enum: [...STATUSES], errorMessage: say('fields.statusInvalid') });

/** A field that may be null. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** The answer rows' columns that may be null, named once (an answer row's schema lists one a column). */
export const NullableText = Nullable(Type.String());
export const NullableInt = Nullable(Type.Integer());
export const NullableNumber = Nullable(Type.Number());
export const NullableBool = Nullable(Type.Boolean());

/** One changed field of an audit entry (`{field, old, new}`): the audit answers' and both timelines'. */
export const AuditChangeSchema = Type.Object({ field: Type.String(), old: Type.Unknown(), new: Type.Unknown() });

export type RouteFailure = 400 | 404 | 409 | 413 | 429;

/**
 * The schema of a signed-in route under one OpenAPI tag (or several): `routeSchema('Devices')(summary,
 * info, 404)`. Its answer is the envelope around `info`, or the bare message when `info` is null, plus
 * the failures every signed-in call can give and the ones named.
 */
export function routeSchema(tag: string | string[]) {
  const tags = Array.isArray(tag) ? tag : [tag];
  return <T extends TSchema>(summary: string, info: T | null, ...more: RouteFailure[]) => ({
    tags: [...tags],
    summary,
    security: [{ bearer: [] }],
    response: { 200: info ? Envelope(info) : MessageReply, ...signedInFailures(...more) },
  });
}

/**
 * The options of a public route (no sign-in) under one OpenAPI tag: `publicRoute('Sign-up')(summary,
 * { body }, reply, 400)`. `reply` is its whole 200 answer; the failures are 500 and the ones named.
 */
export function publicRoute(tag: string) {
  return <I extends { body?: TSchema; querystring?: TSchema }, R extends TSchema>(summary: string, input: I, reply: R, ...codes: Parameters<typeof failures>) => ({
    config: { access: PUBLIC },
    schema: { tags: [tag], summary, ...input, response: { 200: reply, ...failures(...codes) } },
  });
}
