/**
 * The fields of agencies, installation agents and partners with the spec's messages (spec 5: Agency,
 * Installation agent; auth spec 5: Profile forms), the same rules the console's forms check.
 */
import { Type, type Static, type TObject } from '@sinclair/typebox';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../security/password';
import { badRequest } from '../../server/errors';
import { EmailField, NameField, NewPasswordField, PASSWORD_RULE_MESSAGE, PhoneField, PostcodeField, StatusField, type Status } from '../../server/schemas';
import { CustomerLineField, type CustomerLine } from '../customers/customers';
import { say } from '../../server/messages';

/** A product of the selector as the console sends it (`deviceType`): `all`, or one line. */
export const ProductField = CustomerLineField;
export type ProductLine = CustomerLine;

export {   type Status } from '../../server/schemas';

/** The installer app's flows an agency may run (spec 3: flows, a list joined by commas). */
export const FLOWS = ['install', 'replace', 'remove'] as const;
/** The product lines an agency installs (spec 3: deviceType). */
export const AGENCY_DEVICE_TYPES = ['ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump'] as const;

/** A comma-joined list of some of `values` ('' for none), as the console's form data sends it. */
function commaList(values: readonly string[], message: string) {
  const one = `(${values.join('|')})`;
  return Type.String({ maxLength: 200, pattern: `^\\s*(${one}(\\s*,\\s*${one})*)?\\s*$`, errorMessage: message });
}

/** The list's values in their canonical order, each once ('' when none). */
export function joinList(text: string | undefined, values: readonly string[]): string {
  const chosen = new Set((text ?? '').split(',').map((v) => v.trim()));
  return values.filter((v) => chosen.has(v)).join(',');
}

export const splitList = (text: string | null): string[] => (text ? text.split(',').filter((v) => v !== '') : []);

const OptionalText = (label: string, max: number) => Type.Optional(Type.String({ maxLength: max, errorMessage: say('fields.tooLong', { field: label, max }) }));

/** A password that may stay unchanged: empty or absent keeps it, anything else meets the strength rule. */
const OptionalNewPassword = Type.Optional(
  Type.String({
    maxLength: 128,
    pattern: '^(|(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9]).{8,})$',
    errorMessage: { default: PASSWORD_RULE_MESSAGE, maxLength: say('fields.tooLong', { field: 'Password', max: 128 }) },
  }),
);

/** A password the house refuses although it meets the rule (the sign-up's list of common ones). */
export function refuseCommonPassword(password: string | undefined): void {
  if (password && isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
}

const AGENCY_EMAIL_INVALID = say('fields.emailInvalid');

/** The agency form (spec 3 names), sent as form data by the console; JSON is accepted too. */
const agencyFields = {
  agency_name: NameField('Agency Name'),
  email: EmailField(AGENCY_EMAIL_INVALID, say('fields.emailRequired')),
  postcode: PostcodeField,
  contact_first_name: NameField('Contact First Name'),
  contact_last_name: NameField('Contact Last Name'),
  contact: PhoneField(),
  abn_no: Type.Optional(Type.String({ maxLength: 11, pattern: '^(\\d{11})?$', errorMessage: say('fields.abnInvalid') })),
  country: OptionalText('Country', 100),
  state: OptionalText('State', 100),
  city: OptionalText('City', 100),
  street_address: OptionalText('Street Address', 200),
  plot_address: OptionalText('Plot Address', 200),
  status: Type.Optional(StatusField),
  flows: Type.Optional(commaList(FLOWS, say('agencies.flowsInvalid', { values: FLOWS.join(', ') }))),
  deviceType: Type.Optional(commaList(AGENCY_DEVICE_TYPES, say('agencies.productLinesInvalid', { values: AGENCY_DEVICE_TYPES.join(', ') }))),
  email_notification: Type.Optional(Type.Boolean({ errorMessage: say('agencies.emailNotificationBoolean') })),
};
export const AgencyAddFields = { ...agencyFields, password: NewPasswordField() };
/** Admin's edit also says whether the agency's users need a second factor (left out: unchanged). */
export const AgencyEditFields = { ...agencyFields, password: OptionalNewPassword, second_factor_required: Type.Optional(Type.Boolean({ errorMessage: say('mfa.requiredBoolean') })) };

/** What the add and edit forms give the queries (the edit's password may be left out or empty). */
export type AgencyForm = Static<TObject<typeof AgencyEditFields>>;

/** The installation agent form (spec 3): names under 200 characters, email, phone 8 to 13, status. */
const agentFields = {
  first_name: NameField('First Name'),
  last_name: NameField('Last Name'),
  email: EmailField(AGENCY_EMAIL_INVALID, say('fields.emailRequired')),
  phone: PhoneField(),
  status: Type.Optional(StatusField),
};
/** The agency's add: the password is required (spec 5: "password required only on create"). */
export const AgentAddFields = { ...agentFields, password: NewPasswordField() };
export const AgentEditFields = { ...agentFields, password: OptionalNewPassword };
/** Admin's edit (spec 7: email, first_name, last_name, phone, status, deviceType): no password. */
export const AdminAgentEditFields = { ...agentFields, deviceType: Type.Optional(ProductField) };

export interface AgentForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  status?: Status;
  password?: string;
}

/** The partner form (ours: the spec names no partner field). */
export const PartnerFields = {
  name: NameField('Name'),
  email: Type.Optional(Type.String({ maxLength: 254, pattern: '^(|\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*)$', errorMessage: AGENCY_EMAIL_INVALID })),
  phone: Type.Optional(
    Type.String({ maxLength: 13, pattern: '^(|\\s*[+0-9][^\\n]{6,11}[0-9]\\s*)$', errorMessage: say('fields.phoneLength') }),
  ),
  website: Type.Optional(Type.String({ maxLength: 500, pattern: '^(|\\s*https?://[^\\s/$.?#][^\\s]*\\s*)$', errorMessage: say('fields.websiteInvalid') })),
};

export interface PartnerForm {
  name: string;
  email?: string;
  phone?: string;
  website?: string;
}

/** The OpenAPI and answer schema of a route of this module. */
/** Postgres' unique violation (two saves of one email at the same moment). */
export { isUniqueViolation } from '../../server/errors';

/** "3 devices", "1 installation agent": a count and its noun. */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "a, b and c". */
export function andList(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
