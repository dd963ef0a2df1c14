// A 401 from any call opens the session dialog (docs/architecture.md): Renew keeps the user signed in,
// Exit goes to /login. The stored access token is made invalid (its signature broken) so the server,
// not the test, answers the next call with 401.
import type { Browser, Page } from 'playwright-core';
import { journey, launchChromium, stackInfo } from '../support/browser';
import { signIn } from '../support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const DIALOG_TEXT = 'Please renew your session to continue';

/** Flips the last characters of the JWT signature, so fleet-api refuses it (RFC 8725: bad signature). */
async function breakAccessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const token = localStorage.getItem('access-token') ?? '';
    const tail = token.slice(-6);
    const flipped = [...tail].map((c) => (c === 'A' ? 'B' : 'A')).join('');
    localStorage.setItem('access-token', token.slice(0, -6) + flipped);
    return token;
  });
}

async function profileAnswer(token: string): Promise<number> {
  const res = await fetch(`${stackInfo().apiUrl}/api/profile`, { headers: { authorization: `Bearer ${token}` } });
  return res.status;
}

async function openExpiredProfile(page: Page): Promise<string> {
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/profile');
  await page.getByRole('heading', { name: 'Admin Profile' }).waitFor();
  const original = await breakAccessToken(page);
  expect(await profileAnswer((await page.evaluate(() => localStorage.getItem('access-token')))!)).toBe(401);
  // the next call of the page (the profile is read again on load) meets the refusal
  await page.reload();
  await page.getByRole('alertdialog').getByText(DIALOG_TEXT, { exact: true }).waitFor();
  return original;
}

describe('an expired session', () => {
  test('Renew keeps the user signed in', () =>
    journey(browser, async (j) => {
      j.expect(/status of 401 .*\/api\/profile/);
      const { page } = j;
      const original = await openExpiredProfile(page);

      await page.getByRole('alertdialog').getByRole('button', { name: 'Renew' }).click();
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/admin/profile');
      const renewed = (await page.evaluate(() => localStorage.getItem('access-token')))!;
      expect(renewed).not.toBe(original);
      expect(await profileAnswer(renewed)).toBe(200);
      // the refused profile is read again with the renewed session, in place
      await page.waitForFunction(() => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === 'admin@demo.test');

      await page.reload();
      await page.getByRole('heading', { name: 'Admin Profile' }).waitFor();
      await page.waitForFunction(() => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === 'admin@demo.test');
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
    }));

  test('Exit goes to /login and forgets the session', () =>
    journey(browser, async (j) => {
      j.expect(/status of 401 .*\/api\/profile/);
      const { page } = j;
      await openExpiredProfile(page);

      await page.getByRole('alertdialog').getByRole('button', { name: 'Exit' }).click();
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Sign in to the Fleet Console' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
      // nobody is signed in any more: an admin page sends to /login again
      await page.goto('/admin/profile');
      await page.waitForURL('**/login');
    }));
});
