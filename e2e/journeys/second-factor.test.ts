// Issue 24: a new agency turns on the authenticator on its profile (the journey computes the codes from
// the secret the dialog shows), keeps its ten recovery codes, then signs out and in with a recovery code
// (used once: nine left) and with an authenticator code; then adds a passkey through Chromium's virtual
// authenticator (DevTools protocol, WebAuthn domain) and signs in with it alone. A new sign-up, so that
// no other journey of the worker's stack meets a second factor on a demo account. The console is opened
// at localhost (stack.ts onLocalhost): WebAuthn refuses an IP address as relying party.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { chromiumPerFile, journey, stackInfo } from '../support/browser';
import { linkOf, newestMailKey, passwordStep, signIn, waitForMail } from '../support/sign-in';
import { onLocalhost } from '../support/stack';
import { totpCode, totpStep } from '../support/totp';

const browser = chromiumPerFile();

const PASSWORD = 'Journey-Second-2026';

/** A verified agency sign-in of its own, made through the API (sign-up, then the mailed link's token). */
async function signUpAgency(email: string): Promise<void> {
  const { apiUrl } = stackInfo();
  const post = async (path: string, body: object): Promise<void> => {
    const res = await fetch(`${apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  };
  const before = await newestMailKey(email);
  await post('/api/agency/sign-up', { agency_name: 'Second Factor Journeys', email, abn_no: '51824753556', contact: '0412345678', password: PASSWORD });
  const token = linkOf(await waitForMail(email, before)).searchParams.get('verify');
  if (!token) throw new Error(`the verification mail to ${email} holds no token`);
  await post('/api/verify-email', { token });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
}

async function openProfile(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile', exact: true }).click();
  await page.waitForURL('**/agency/profile');
}

/** The password, then the code screen asking for the authenticator, then `code()` (read when it is typed). */
async function signInWithAuthenticator(page: Page, email: string, code: () => string): Promise<void> {
  await passwordStep(page, email, PASSWORD);
  await page.getByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes.').waitFor();
  // nothing is mailed, so there is nothing to resend
  expect(await page.getByRole('button', { name: /^Resend OTP/ }).count()).toBe(0);
  await page.getByRole('textbox', { name: 'OTP', exact: true }).fill(code());
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL('**/agency/devices');
}

/** A platform authenticator with user verification that says yes at once, as a laptop's fingerprint would. */
async function virtualAuthenticator(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

test('an agency turns on the authenticator, signs in with a recovery code and a code from the app, then adds a passkey and signs in with it', () =>
  journey(
    browser(),
    async ({ context, page }) => {
      const email = `second.factor.${Date.now()}@journey.test`;
      await signUpAgency(email);
      await signIn(page, email, PASSWORD);
      await page.waitForURL('**/agency/devices');

      // the profile's Two-step sign-in: the secret as text, a current code, the ten codes once
      await openProfile(page);
      const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
      await twoStep.getByText('Off: sign-in asks for a code sent by e-mail.').waitFor();
      await twoStep.getByRole('button', { name: 'Turn on', exact: true }).click();
      const setup = page.getByRole('dialog', { name: 'Turn on two-step sign-in' });
      await setup.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      const secret = (await setup.getByTestId('totp-secret').textContent()) ?? '';
      const enabledStep = totpStep();
      await setup.getByRole('textbox', { name: 'Code from the app' }).fill(totpCode(secret, enabledStep));
      await setup.getByRole('button', { name: 'Turn on', exact: true }).click();
      const saved = page.getByRole('dialog', { name: 'Your recovery codes' });
      const listed = saved.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
      await listed.first().waitFor();
      const recoveryCodes = await listed.allTextContents();
      expect(recoveryCodes).toHaveLength(10);
      await saved.getByRole('button', { name: 'I have saved them' }).click();
      await saved.waitFor({ state: 'detached' });
      await twoStep.getByText('On: sign-in asks for a code from your authenticator app.').waitFor();
      await twoStep.getByText('10 recovery codes left').waitFor();

      // a recovery code in place of the authenticator's, once
      await signOut(page);
      await signInWithAuthenticator(page, email, () => recoveryCodes[0]!);
      await openProfile(page);
      await twoStep.getByText('9 recovery codes left').waitFor();

      // a code from the app: one of a later step than the code that turned it on (each step's code is
      // accepted once; the server takes one step ahead), so the journey need not wait for the clock
      await signOut(page);
      await signInWithAuthenticator(page, email, () => totpCode(secret, Math.max(totpStep(), enabledStep + 1)));

      // a passkey, named on the profile, made by the browser's authenticator for the relying party localhost
      const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
      await openProfile(page);
      const passkeys = page.getByRole('region', { name: 'Passkeys' });
      await passkeys.getByText('No passkeys yet.').waitFor();
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
      const naming = page.getByRole('dialog', { name: 'Add a passkey' });
      await naming.getByRole('textbox', { name: 'Name' }).fill('Journey laptop');
      await naming.getByRole('button', { name: 'Create the passkey' }).click();
      await naming.waitFor({ state: 'detached' });
      const added = passkeys.getByRole('row').filter({ hasText: 'Journey laptop' });
      await added.getByText('Never used').waitFor();
      const [made] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
      expect(made).toEqual(expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' }));

      // "Sign in with a passkey": no e-mail, no password, no code; the authenticator signed once more
      await signOut(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.waitForURL('**/agency/devices');
      const [used] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
      expect(used?.signCount).toBeGreaterThan(made?.signCount ?? Infinity);
      await openProfile(page);
      await added.filter({ hasNotText: 'Never used' }).waitFor();
    },
    onLocalhost(stackInfo().consoleUrl),
  ));
