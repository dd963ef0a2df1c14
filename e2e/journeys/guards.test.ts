// Route guards of spec 2.10 and 2.1 as a person meets them in the assembled console.
import type { Page } from 'playwright-core';
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

/** Every path the page shows, client-side moves included (redirects are replace-navigations). */
function pathsVisited(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

describe('route guards', () => {
  test('a signed-out visit to /admin/profile goes to /login', () =>
    journey(browser(), async ({ page }) => {
      await page.goto('/admin/profile');
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Sign in to the Fleet Console' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
    }));

  test('a signed-in agency opening /admin/profile is sent to /login, which takes it to its own home', () =>
    journey(browser(), async ({ page }) => {
      await signIn(page, 'agency@demo.test');
      await page.waitForURL('**/agency/devices');
      const adminCalls: string[] = [];
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === '/api/profile') adminCalls.push(req.url());
      });
      const visited = pathsVisited(page);
      await page.goto('/admin/profile');
      // /login is public, and a signed-in user on a public page is sent home (spec 2.1)
      await page.waitForURL('**/agency/devices');
      expect(visited).toContain('/login');
      expect(visited.indexOf('/login')).toBeGreaterThan(visited.indexOf('/admin/profile'));
      expect(adminCalls).toEqual([]);
      expect(await page.getByRole('heading', { name: 'Admin Profile' }).count()).toBe(0);
      // still signed in as the agency
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile', exact: true }).click();
      await page.waitForURL('**/agency/profile');
    }));

  test('a signed-in user opening /login goes home', () =>
    journey(browser(), async ({ page }) => {
      await signIn(page, 'user@demo.test');
      await page.waitForURL('**/user/dashboard');
      await page.goto('/login');
      await page.waitForURL('**/user/dashboard');
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Password', exact: true }).count()).toBe(0);
    }));
});
