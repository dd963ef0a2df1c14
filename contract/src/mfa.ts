// A second factor that is one (issue 24, docs/second-factor.md): authenticator codes (TOTP, RFC 6238)
// with recovery codes, the sign-in step that asks for them, and the sessions a person can see and end.
// fleet-api answers these shapes; the profile and sign-in screens read them.
import type { AnswerInfo } from './answers';

/** What `POST /api/authenticate/login` tells the code screen: a mailed code (no field) or the authenticator's. */
export type SecondFactor = 'totp';

/** `POST /api/authenticate/login`'s `info`: `second_factor` only when it is not the mailed code. */
export interface SignInStep {
  otp_required: boolean;
  second_factor?: SecondFactor;
}

/** The authenticator: RFC 6238, what every app reads from an otpauth:// address. */
export const TOTP_PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30, issuer: 'Fleet Console' } as const;

/** How many recovery codes an enable hands out. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A recovery code as shown (`k7m2p-x9q4r`: ten of 32 letters and digits that do not look alike, in two
 * groups); typed with or without the hyphen, in either case. The sign-in code field takes this or six digits.
 */
export const RECOVERY_CODE_PATTERN = '^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$';
/** An e-mail or authenticator code. */
export const SIX_DIGIT_CODE_PATTERN = '^[0-9]{6}$';

/** `GET /api/profile/mfa`: what is on for the signed-in user. */
export interface SecondFactorState {
  totp: boolean;
  /** Unused recovery codes (0 while the authenticator is off). */
  recovery_codes_left: number;
  /** Registered passkeys (0 until passkeys are built). */
  passkeys: number;
}

/** `POST /api/profile/mfa/totp/setup`: what the QR code and the "enter it by hand" text show. Answered once. */
export interface TotpSetup {
  otpauth_url: string;
  /** The secret in base32, as authenticator apps take it typed. */
  secret: string;
}

/** `POST /api/profile/mfa/totp/enable`: the recovery codes, shown once and never again. */
export interface RecoveryCodes {
  recovery_codes: string[];
}

/**
 * `GET/PUT /api/admin/second-factor-policy` (Admin): whether Admin accounts must have a second factor.
 * Never set, it is fleet-api's configuration (required outside the demo and tests).
 */
export interface SecondFactorPolicy {
  admin_required: boolean;
}

/** A row of `GET /api/profile/sessions`. */
export interface SessionRow {
  id: string;
  /** 'Chrome 131', 'Firefox 133', 'Safari 18'... or null when the user agent says nothing known. */
  browser: string | null;
  /** 'Windows', 'macOS', 'iOS', 'Android', 'Linux', 'ChromeOS', or null. */
  system: string | null;
  /** The client address as fleet-api trusts it (its proxy setting), from the last sign-in or refresh. */
  address: string | null;
  started_at: string;
  /** The last token refresh (the console renews while someone works), else the sign-in. */
  last_used_at: string;
  /** The session of the token that asked. */
  current: boolean;
}

/** `DELETE /api/profile/sessions` and `DELETE /api/user/sessions`: how many sessions ended. */
export interface SessionsEnded {
  ended: number;
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type SecondFactorTypesMatchAnswers = Holds<
  Same<SecondFactorState, AnswerInfo<'/api/profile/mfa'>> &
    Same<TotpSetup, AnswerInfo<'/api/profile/mfa/totp/setup', 'post'>> &
    Same<RecoveryCodes, AnswerInfo<'/api/profile/mfa/totp/enable', 'post'>> &
    Same<SignInStep, AnswerInfo<'/api/authenticate/login', 'post'>> &
    Same<SessionRow[], AnswerInfo<'/api/profile/sessions'>> &
    Same<SessionsEnded, AnswerInfo<'/api/profile/sessions', 'delete'>> &
    Same<SessionsEnded, AnswerInfo<'/api/user/sessions', 'delete'>> &
    Same<SecondFactorPolicy, AnswerInfo<'/api/admin/second-factor-policy'>> &
    Same<SecondFactorPolicy, AnswerInfo<'/api/admin/second-factor-policy', 'put'>>
>;

/** fleet-api's sentences of these calls (part of SERVER_MESSAGES). */
export const SECOND_FACTOR_SENTENCES = {
  'mfa.state': 'Two-step sign-in',
  'mfa.totpAsked': 'Enter the 6-digit code from your authenticator app',
  'mfa.setupStarted': 'Scan the QR code with your authenticator app, then enter a code from it',
  'mfa.totpOn': 'Two-step sign-in is on. Keep your recovery codes somewhere safe: they are shown only once.',
  'mfa.totpOff': 'Two-step sign-in is off',
  'mfa.alreadyOn': 'Two-step sign-in is already on',
  'mfa.notOn': 'Two-step sign-in is not on',
  'mfa.noSetup': 'Start the authenticator setup first',
  'mfa.codeInvalid': 'Invalid authenticator code',
  'mfa.setupRequired': 'Set up two-step sign-in to continue: your organisation requires it',
  'mfa.requiredKept': 'Your organisation requires two-step sign-in: keep at least one authenticator or passkey',
  'mfa.passkeyAsked': 'Your organisation requires two-step sign-in: sign in with your passkey',
  'mfa.policy': 'Two-step sign-in for Admin accounts',
  'mfa.policySaved': 'Two-step sign-in for Admin accounts saved',
  'mfa.policyBoolean': 'admin_required is true or false',
  'mfa.requiredBoolean': 'second_factor_required is true or false',
  'mfa.requiredOnlyAdmin': 'Only Admin can require two-step sign-in',
  'sessions.list': 'Signed-in sessions',
  'sessions.ended_one': '{{count}} session ended',
  'sessions.ended_other': '{{count}} sessions ended',
  'sessions.notFound': 'Session not found',
  'sessions.whichOnes': 'Send the id of a session, or all_others: true',
} as const;
