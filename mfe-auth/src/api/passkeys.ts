// Issue 24's passkeys (docs/second-factor.md): the profile's list, add and remove, and the sign-in that
// replaces both the password and the code. Screens use these, never URLs. The browser's side of WebAuthn
// (@simplewebauthn/browser) is fetched only when a passkey is used, in a chunk of its own; the sign-in
// page loads this file with its button's first click (login/LoginPage.tsx).
import { apiDeleteJson, apiGet, apiPost, verifyPasskeySignIn, type ApiAnswer, type OtpAnswer } from '@fleet/shared-api';
import type { PasskeyRegistration, PasskeyRow, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@fleet/contract';
import { PasskeyPromptError, type PasskeyPromptFailure } from './passkey-prompt';

export type { PasskeyRow };
export { browserHasPasskeys, PasskeyPromptError, type PasskeyPromptFailure } from './passkey-prompt';

// WebAuthn says NotAllowedError for a closed prompt and for its timeout alike (the library keeps the name),
// InvalidStateError for an authenticator that already holds one of the excluded passkeys.
function failureOf(err: unknown): PasskeyPromptFailure {
  const name = err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'InvalidStateError') return 'already-added';
  return 'failed';
}

async function inPrompt<T>(prompt: () => Promise<T>): Promise<T> {
  try {
    return await prompt();
  } catch (err) {
    throw new PasskeyPromptError(failureOf(err), err);
  }
}

export const readPasskeys = async (): Promise<PasskeyRow[]> => (await apiGet<PasskeyRow[]>('/api/profile/passkeys')).info;

/** The server's options, the browser's prompt, then the server's check of what the authenticator made. */
export async function addPasskey({ name }: { name: string }): Promise<ApiAnswer<PasskeyRow>> {
  const [options, { startRegistration }] = await Promise.all([
    apiPost<PublicKeyCredentialCreationOptionsJSON>('/api/profile/passkeys/register/options'),
    import('@simplewebauthn/browser'),
  ]);
  const response = await inPrompt(() => startRegistration({ optionsJSON: options.info }));
  const registration: PasskeyRegistration = { name, response };
  return apiPost('/api/profile/passkeys/register/verify', registration);
}

export const removePasskey = ({ id }: { id: string }): Promise<ApiAnswer<unknown>> => apiDeleteJson('/api/profile/passkeys', { id });

/** Sign-in with a passkey: the answer is login-otp's (the session and its sentence). */
export async function signInWithPasskey(): Promise<OtpAnswer> {
  const [options, { startAuthentication }] = await Promise.all([
    apiPost<PublicKeyCredentialRequestOptionsJSON>('/api/authenticate/passkey/options', {}),
    import('@simplewebauthn/browser'),
  ]);
  const response = await inPrompt(() => startAuthentication({ optionsJSON: options.info }));
  return verifyPasskeySignIn({ response });
}
