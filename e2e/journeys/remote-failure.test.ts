// SECURITY.md 22 / ARCHITECTURE.md: a remote that cannot be fetched is confined to its own area (an
// error panel with Retry) while the header and menu keep working, and Retry recovers it once it is
// reachable again. The remote is made unreachable in the browser: every file under its folder answers
// 404 (its description comes with the page from the console server, so its entry is what fails).
import type { Route } from 'playwright-core';
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

const REMOTE_FILES = '**/remotes/mfe-auth/**';

describe('a remote that cannot be reached', () => {
  test('shows its error panel with Retry, leaves header and menu working, and recovers on Retry', () =>
    journey(browser(), async (j) => {
      // provoked on purpose: the browser logs each refused request for the remote's files
      j.expect(/status of 404 .*\/remotes\/mfe-auth\//);
      // and the shell reports the entry it could not load (a console error, the panel shows it too)
      j.expect(/application 'mfe-auth' died in status LOADING_SOURCE_CODE/);
      const { page } = j;
      await signIn(page, 'admin@demo.test');
      await page.waitForURL('**/admin/dashboard');

      const gone = (route: Route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"status":false,"message":"Not found"}' });
      await page.route(REMOTE_FILES, gone);
      await page.goto('/admin/profile');

      const panel = page.getByRole('alert').filter({ hasText: 'This part of the console could not be loaded' });
      await panel.waitFor();
      await panel.getByText('mfe-auth', { exact: false }).first().waitFor();
      const retry = page.getByRole('button', { name: 'Retry', exact: true });
      await retry.waitFor();

      // the shell around it still works: header controls and the menu
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: 'Switch to dark mode' }).click();
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      await header.getByRole('button', { name: 'Switch to light mode' }).click();
      await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      await header.getByRole('button', { name: 'Logout' }).waitFor();

      // still unreachable: Retry keeps the panel
      await retry.click();
      await panel.waitFor();

      // reachable again: Retry brings the remote's screen, in place, without a reload
      await page.unroute(REMOTE_FILES, gone);
      await page.getByRole('button', { name: 'Retry', exact: true }).click();
      await page.getByRole('heading', { name: 'Admin Profile' }).waitFor();
      await page.waitForFunction(() => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === 'admin@demo.test');
      expect(await panel.count()).toBe(0);
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile', exact: true }).waitFor();
    }));

  test('recovers by itself once the remote is back, without a click or a reload', () =>
    journey(browser(), async (j) => {
      j.expect(/status of 404 .*\/remotes\/mfe-auth\//);
      // and the shell reports the entry it could not load (a console error, the panel shows it too)
      j.expect(/application 'mfe-auth' died in status LOADING_SOURCE_CODE/);
      const { page } = j;
      await signIn(page, 'admin@demo.test');
      await page.waitForURL('**/admin/dashboard');
      const gone = (route: Route) => route.fulfill({ status: 404, body: '' });
      await page.route(REMOTE_FILES, gone);
      await page.goto('/admin/profile');
      await page.getByRole('button', { name: 'Retry', exact: true }).waitFor();

      await page.unroute(REMOTE_FILES, gone);
      // the shell probes an unreachable remote again with a backoff (first probe after about 10 s)
      await page.getByRole('heading', { name: 'Admin Profile' }).waitFor({ timeout: 45_000 });
      expect(new URL(page.url()).pathname).toBe('/admin/profile');
      expect(await page.getByRole('button', { name: 'Retry', exact: true }).count()).toBe(0);
    }));
});
