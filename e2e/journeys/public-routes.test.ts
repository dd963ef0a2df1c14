// Issue 20, item 1: every public route of spec 2.1 opens its own screen signed out (the msc and sm
// variants live under /msc and /sm), and a site manager follows the mails to a password and a
// sign-in: Admin adds a site manager (an invitation to /sm/reset-password), the manager asks for a
// reset on the sm portal, opens the mailed link, sets a password and signs in on /sm/login.
import type { Page } from 'playwright-core';
import { chromiumPerFile, journey } from '../support/browser';
import { linkOf, newestMailKey, signIn, waitForMail } from '../support/sign-in';

const browser = chromiumPerFile();

const PORTALS = [
  { name: 'Fleet Console', login: '/login', forgot: '/forgot-password', reset: '/reset-password' },
  { name: 'Electrician Portal', login: '/electrician-login', forgot: '/electrician-forgot-password', reset: '/electrician-reset-password' },
  { name: 'Multi-Site Company Portal', login: '/msc/login', forgot: '/msc/forgot-password', reset: '/msc/reset-password' },
  { name: 'Site Manager Portal', login: '/sm/login', forgot: '/sm/forgot-password', reset: '/sm/reset-password' },
];

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The screen is the public one asked for: no redirect, the full-page layout (no side menu). */
async function expectPublicScreen(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.getByRole('heading', { name: heading }).waitFor();
  expect(pathOf(page)).toBe(path);
  expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
}

describe('the public routes of spec 2.1', () => {
  test.each(PORTALS.map((p) => [p.name, p] as const))('the %s: sign-in, forgot and reset screens link within the portal', (_name, portal) =>
    journey(browser(), async ({ page }) => {
      await page.goto(portal.login);
      await expectPublicScreen(page, portal.login, `Sign in to the ${portal.name}`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL(`**${portal.forgot}`);
      await expectPublicScreen(page, portal.forgot, `Forgot Password · ${portal.name}`);
      await page.getByRole('link', { name: 'Back to login' }).click();
      await page.waitForURL(`**${portal.login}`);
      await expectPublicScreen(page, portal.login, `Sign in to the ${portal.name}`);

      await page.goto(`${portal.reset}?token=not-a-real-token&email=sam%40journey.test`);
      await expectPublicScreen(page, portal.reset, `Reset Password · ${portal.name}`);
      await page.getByLabel(/^New Password/).waitFor();
      await page.getByRole('link', { name: 'Back to login' }).click();
      await page.waitForURL(`**${portal.login}`);
    }),
  );

  test('a signed-in site manager who opens the sm screens is sent home', () =>
    journey(browser(), async ({ page }) => {
      await signIn(page, 'sm@demo.test', undefined, '/sm/login');
      await page.waitForURL('**/sitemanager/dashboard');
      for (const path of ['/sm/login', '/sm/forgot-password', '/sm/reset-password?token=x&email=sm%40demo.test', '/login']) {
        await page.goto(path);
        await page.waitForURL('**/sitemanager/dashboard');
      }
    }));
});

describe('a site manager from the mails to a sign-in', () => {
  test('invited by Admin, resets on the sm portal, signs in on /sm/login and lands on the sm home', () =>
    journey(browser(), async ({ page }) => {
      const email = `sam.${Date.now()}@journey.test`;
      const password = 'Journey-Sm-2026';

      // Admin adds a site manager of a demo site: the new sign-in gets an invitation mail
      await signIn(page, 'admin@demo.test');
      const beforeInvitation = await newestMailKey(email);
      const added = await page.evaluate(async (managerEmail) => {
        const headers = { authorization: `Bearer ${localStorage.getItem('access-token') ?? ''}`, 'content-type': 'application/json' };
        const sites = (await (await fetch('/api/nms/sites/list?page=1&limit=1', { headers })).json()) as { info: { data: Array<{ id: number }> } };
        const siteId = sites.info.data[0]?.id;
        const res = await fetch('/api/nms/site-managers/save', {
          method: 'POST',
          headers,
          body: JSON.stringify({ site_ids: [siteId], first_name: 'Sam', last_name: 'Journey', email: managerEmail }),
        });
        return { status: res.status, body: (await res.json()) as { message: string } };
      }, email);
      expect(added).toEqual({ status: 200, body: expect.objectContaining({ message: 'Site manager added successfully' }) });
      const invitation = linkOf(await waitForMail(email, beforeInvitation));
      expect(invitation.pathname).toBe('/sm/reset-password');
      expect(invitation.searchParams.get('email')).toBe(email);
      await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/login');

      // the invitation opens the sm reset screen, signed out
      await page.goto(`${invitation.pathname}${invitation.search}`);
      await expectPublicScreen(page, '/sm/reset-password', 'Reset Password · Site Manager Portal');
      await page.getByText(email, { exact: true }).waitFor();

      // the manager asks the sm portal for a reset instead, and follows that mail
      await page.goto('/sm/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/sm/forgot-password');
      // the URL changes before the screen does (the route renders in a transition): the sign-in
      // screen's own Email box can still be there, so the forgot screen is waited for first
      await expectPublicScreen(page, '/sm/forgot-password', 'Forgot Password · Site Manager Portal');
      const beforeReset = await newestMailKey(email);
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.waitForURL('**/sm/login');
      const reset = linkOf(await waitForMail(email, beforeReset));
      expect(reset.pathname).toBe('/sm/reset-password');
      await page.goto(`${reset.pathname}${reset.search}`);
      await expectPublicScreen(page, '/sm/reset-password', 'Reset Password · Site Manager Portal');
      await page.getByLabel(/^New Password/).fill(password);
      await page.getByLabel(/^Confirm Password/).fill(password);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.waitForURL('**/sm/login');
      await page.getByText('Your password has been reset successfully').first().waitFor();

      // the new password signs in on the sm portal, with the mailed code, to the sm home
      await signIn(page, email, password, '/sm/login');
      await page.waitForURL('**/sitemanager/dashboard');
      await page.getByRole('heading', { name: 'Network Dashboard', exact: true }).waitFor();
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('login-user-info') ?? '{}').user_type)).toBe('sm');
    }));
});
