// Passkeys (WebAuthn, issue 24, docs/second-factor.md): registered on the profile, used at sign-in in
// place of both the password and the code. fleet-api builds the options with @simplewebauthn/server
// and answers them as its JSON; the console hands them to @simplewebauthn/browser and sends back what
// the browser answered. The WebAuthn shapes are written here as plain interfaces (W3C WebAuthn level 3's
// `...JSON` dictionaries, as those libraries type them), so neither side needs the other's library.
import type { AnswerInfo } from './answers';

/** Binary data as WebAuthn's JSON carries it: base64url, no padding. */
export type Base64URLText = string;

export type PasskeyTransport = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';
export type PasskeyUserVerification = 'discouraged' | 'preferred' | 'required';

/** A credential named in options (`excludeCredentials`, `allowCredentials`). */
export interface PasskeyCredentialDescriptorJSON {
  id: Base64URLText;
  type: 'public-key';
  transports?: PasskeyTransport[];
}

/** `POST /api/profile/passkeys/register/options`: what `startRegistration({ optionsJSON })` takes. */
export interface PublicKeyCredentialCreationOptionsJSON {
  rp: { name: string; id?: string };
  /** `id` is an opaque handle of the user (base64url), never the e-mail or the numeric id. */
  user: { id: Base64URLText; name: string; displayName: string };
  challenge: Base64URLText;
  pubKeyCredParams: { alg: number; type: 'public-key' }[];
  timeout?: number;
  /** The user's passkeys: the authenticator does not make a second one for the same account. */
  excludeCredentials?: PasskeyCredentialDescriptorJSON[];
  authenticatorSelection?: {
    authenticatorAttachment?: 'cross-platform' | 'platform';
    requireResidentKey?: boolean;
    residentKey?: 'discouraged' | 'preferred' | 'required';
    userVerification?: PasskeyUserVerification;
  };
  hints?: ('hybrid' | 'security-key' | 'client-device')[];
  attestation?: 'direct' | 'enterprise' | 'indirect' | 'none';
  extensions?: { credProps?: boolean };
}

/** `POST /api/authenticate/passkey/options`: what `startAuthentication({ optionsJSON })` takes. */
export interface PublicKeyCredentialRequestOptionsJSON {
  challenge: Base64URLText;
  timeout?: number;
  rpId?: string;
  /** Absent: the passkey is discoverable, the browser offers the ones it holds for this site. */
  allowCredentials?: PasskeyCredentialDescriptorJSON[];
  userVerification?: PasskeyUserVerification;
}

/**
 * What the browser's extensions answered (credProps' `rk` at registration); read by no rule here. An
 * object of any shape: the browser library's own interface of optional fields must fit it.
 */
export type ClientExtensionResults = object;

/** What `startRegistration` resolves to: the body's `response` of register/verify. */
export interface RegistrationResponseJSON {
  id: Base64URLText;
  rawId: Base64URLText;
  response: {
    clientDataJSON: Base64URLText;
    attestationObject: Base64URLText;
    authenticatorData?: Base64URLText;
    transports?: string[];
    publicKeyAlgorithm?: number;
    publicKey?: Base64URLText;
  };
  authenticatorAttachment?: 'cross-platform' | 'platform';
  clientExtensionResults: ClientExtensionResults;
  type: 'public-key';
}

/** What `startAuthentication` resolves to: the body's `response` of passkey/verify. */
export interface AuthenticationResponseJSON {
  id: Base64URLText;
  rawId: Base64URLText;
  response: {
    clientDataJSON: Base64URLText;
    authenticatorData: Base64URLText;
    signature: Base64URLText;
    userHandle?: Base64URLText;
  };
  authenticatorAttachment?: 'cross-platform' | 'platform';
  clientExtensionResults: ClientExtensionResults;
  type: 'public-key';
}

/** A row of `GET /api/profile/passkeys` (newest first), and what register/verify answers. */
export interface PasskeyRow {
  /** uuid: what `DELETE /api/profile/passkeys` takes. */
  id: string;
  name: string;
  created_at: string;
  /** The last sign-in with it, or null. */
  last_used_at: string | null;
}

/** A passkey's name: 1 to 60 characters after trimming. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** `POST /api/profile/passkeys/register/verify`'s body. */
export interface PasskeyRegistration {
  name: string;
  response: RegistrationResponseJSON;
}

/** `POST /api/authenticate/passkey/verify`'s body. */
export interface PasskeySignIn {
  response: AuthenticationResponseJSON;
}

/** fleet-api's sentences of these calls (part of SERVER_MESSAGES). */
export const PASSKEY_SENTENCES = {
  'passkeys.list': 'Passkeys',
  'passkeys.createOnDevice': 'Create the passkey on your device',
  'passkeys.chooseOnDevice': 'Choose a passkey on your device',
  'passkeys.added': 'Passkey added',
  'passkeys.removed': 'Passkey removed',
  'passkeys.notFound': 'Passkey not found',
  'passkeys.nameLength': 'A passkey name must be 1 to 60 characters',
  'passkeys.notRegistered': 'The passkey could not be registered: start again',
  'passkeys.alreadyAdded': 'This passkey is already added to your account',
  'passkeys.notVerified': 'The passkey could not be verified',
} as const;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type PasskeyTypesMatchAnswers = Holds<
  Same<PasskeyRow[], AnswerInfo<'/api/profile/passkeys'>> &
    Same<PasskeyRow, AnswerInfo<'/api/profile/passkeys/register/verify', 'post'>> &
    Same<PublicKeyCredentialCreationOptionsJSON, AnswerInfo<'/api/profile/passkeys/register/options', 'post'>> &
    Same<PublicKeyCredentialRequestOptionsJSON, AnswerInfo<'/api/authenticate/passkey/options', 'post'>>
>;
