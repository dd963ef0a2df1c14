// A refused access token (issue 20): the console renews it silently and the call goes through; the
// spec's dialog appears only when the renewal is refused or fails. Renew then keeps the user signed in
// and the refused screen reads itself again; Exit goes to /login. The stored tokens are made invalid
// (their signatures broken) so the server, not the test, refuses them; a failing renewal is a
// token-refresh call that gets no answer.
import type { Page } from 'playwright-core';
import { chromiumPerFile, journey, stackInfo } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

const DIALOG_TEXT = 'Please renew your session to continue';

/** Flips the last characters of a stored JWT's signature, so fleet-api refuses it (RFC 8725: bad signature). */
async function breakToken(page: Page, key: 'access-token' | 'refresh-token'): Promise<string> {
  return page.evaluate((storageKey) => {
    const token = localStorage.getItem(storageKey) ?? '';
    const tail = token.slice(-6);
    const flipped = [...tail].map((c) => (c === 'A' ? 'B' : 'A')).join('');
    localStorage.setItem(storageKey, token.slice(0, -6) + flipped);
    return token;
  }, key);
}

const storedAccess = (page: Page) => page.evaluate(() => localStorage.getItem('access-token'));

async function profileAnswer(token: string): Promise<number> {
  const res = await fetch(`${stackInfo().apiUrl}/api/profile`, { headers: { authorization: `Bearer ${token}` } });
  return res.status;
}

async function openProfile(page: Page): Promise<void> {
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/profile');
  await page.getByRole('heading', { name: 'Admin Profile' }).waitFor();
}

const profileShown = (page: Page) =>
  page.waitForFunction(() => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === 'admin@demo.test');

describe('a refused access token', () => {
  test('is renewed silently: the profile loads, no dialog', () =>
    journey(browser(), async (j) => {
      // the profile and its security card's reads (Admin's card also reads the Admin-accounts policy)
      j.expect(/status of 401 .*\/api\/(profile|admin\/second-factor-policy)/);
      const { page } = j;
      await openProfile(page);
      const original = await breakToken(page, 'access-token');
      expect(await profileAnswer((await storedAccess(page))!)).toBe(401);

      await page.reload();
      await page.getByRole('heading', { name: 'Admin Profile' }).waitFor();
      await profileShown(page);
      const renewed = (await storedAccess(page))!;
      expect(renewed).not.toBe(original);
      expect(await profileAnswer(renewed)).toBe(200);
      await page.waitForTimeout(1000);
      expect(await page.getByText(DIALOG_TEXT).count()).toBe(0);
    }));
});

describe('a session that cannot be renewed', () => {
  test('opens the dialog when the renewal fails; Renew keeps the user signed in and the profile reads again', () =>
    journey(browser(), async (j) => {
      // the profile and its security card's reads (Admin's card also reads the Admin-accounts policy)
      j.expect(/status of 401 .*\/api\/(profile|admin\/second-factor-policy)/);
      j.expect(/ERR_FAILED|ERR_INTERNET_DISCONNECTED/);
      const { page } = j;
      await openProfile(page);
      const original = await breakToken(page, 'access-token');
      // the renewal gets no answer
      await page.route('**/api/token-refresh', (route) => route.abort('failed'));
      await page.reload();
      await page.getByRole('alertdialog').getByText(DIALOG_TEXT, { exact: true }).waitFor();

      await page.unroute('**/api/token-refresh');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Renew' }).click();
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/admin/profile');
      const renewed = (await storedAccess(page))!;
      expect(renewed).not.toBe(original);
      expect(await profileAnswer(renewed)).toBe(200);
      // the refused profile is read again with the renewed session, in place
      await profileShown(page);

      await page.reload();
      await page.getByRole('heading', { name: 'Admin Profile' }).waitFor();
      await profileShown(page);
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
    }));

  test('opens the dialog when the renewal is refused; Exit goes to /login and forgets the session', () =>
    journey(browser(), async (j) => {
      j.expect(/status of 401/);
      const { page } = j;
      await openProfile(page);
      await breakToken(page, 'access-token');
      await breakToken(page, 'refresh-token');
      await page.reload();
      await page.getByRole('alertdialog').getByText(DIALOG_TEXT, { exact: true }).waitFor();

      await page.getByRole('alertdialog').getByRole('button', { name: 'Exit' }).click();
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Sign in to the Fleet Console' }).waitFor();
      expect(await storedAccess(page)).toBeNull();
      // nobody is signed in any more: an admin page sends to /login again
      await page.goto('/admin/profile');
      await page.waitForURL('**/login');
    }));
});
