// What the sign-in page needs of passkeys before one is used: whether the browser has WebAuthn, and the
// browser's refusal told apart from the server's. The calls (api/passkeys.ts) and @simplewebauthn/browser
// come with the first click, so /login downloads neither (issue 21's weight).

/** Why the browser's passkey prompt gave nothing: closed or timed out, a passkey already on the account, anything else. */
export type PasskeyPromptFailure = 'cancelled' | 'already-added' | 'failed';

/** The browser (not the server) refused: said by the screen in its own words, never as a failure toast. */
export class PasskeyPromptError extends Error {
  readonly failure: PasskeyPromptFailure;

  constructor(failure: PasskeyPromptFailure, cause: unknown) {
    super(`The passkey prompt ended: ${failure}`, { cause });
    this.name = 'PasskeyPromptError';
    this.failure = failure;
  }
}

/** Whether this browser has WebAuthn at all (the screens hide what needs it). */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
