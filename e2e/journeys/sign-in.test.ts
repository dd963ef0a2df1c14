// Issue 3, item 9: every demo account signs in with the OTP from the outbox, lands on its home of
// spec 2.2 inside the console layout (the device homes and User's heat pumps with their rows, Admin's
// device dashboard with its figures), and opens its own profile from the side menu.
import type { Page } from 'playwright-core';
import { chromiumPerFile, journey } from '../support/browser';
import { DEMO_ACCOUNTS, signIn } from '../support/sign-in';

const browser = chromiumPerFile();

/** The console layout: the header with the signed-in user, and the side menu. */
async function expectConsoleLayout(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  await header.getByText('Fleet console', { exact: true }).waitFor();
  await header.getByRole('button', { name: 'Logout' }).waitFor();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
}

describe('signing in as each demo account', () => {
  test.each(DEMO_ACCOUNTS.map((a) => [a.email, a] as const))('%s lands on its home and opens its profile', async (_email, account) =>
    journey(browser(), async ({ page }) => {
      await signIn(page, account.email);
      await page.waitForURL(`**${account.home}`);
      expect(new URL(page.url()).pathname).toBe(account.home);
      await expectConsoleLayout(page);
      if (account.home.endsWith('/devices')) {
        // mfe-devices: the role's own devices, with real rows of the demo fleet
        await page.getByRole('heading', { name: 'Devices', exact: true }).waitFor();
        await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Devices"] tbody tr td').length > 1);
      } else if (account.home === '/user/dashboard') {
        // mfe-heatpump-nms: User's home is the heat pumps of its properties, with real rows
        await page.getByRole('heading', { name: 'Devices [Heat Pump]', exact: true }).waitFor();
        await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Devices [Heat Pump]"] tbody tr td').length > 1);
      } else if (account.home === '/multisite/dashboard' || account.home === '/sitemanager/dashboard') {
        // mfe-heatpump-nms: the network dashboard of the role's slice, with its live devices
        await page.getByRole('heading', { name: 'Network Dashboard', exact: true }).waitFor();
        await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Live devices"] tbody tr td').length > 1);
      } else {
        // Admin: the device dashboard of every product (mfe-devices), with the fleet's figures
        await page.getByRole('heading', { name: 'Dashboard [All]', exact: true }).waitFor();
        await page.waitForFunction(() => /^Total: [1-9]/.test(document.querySelector('[aria-label^="Total: "]')?.getAttribute('aria-label') ?? ''));
      }

      const menu = page.getByRole('navigation', { name: 'Main menu' });
      if (!account.profile) {
        // spec 2.13 gives the User type no profile screen
        expect(await menu.getByRole('link', { name: 'Profile', exact: true }).count()).toBe(0);
        return;
      }
      await menu.getByRole('link', { name: 'Profile', exact: true }).click();
      await page.waitForURL(`**${account.profile}`);
      const email = page.getByRole('textbox', { name: 'Email', exact: true });
      await email.waitFor();
      await page.waitForFunction(
        (expected) => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === expected,
        account.email,
      );
      expect(await email.inputValue()).toBe(account.email);
      await expectConsoleLayout(page);
    }),
  );
});
