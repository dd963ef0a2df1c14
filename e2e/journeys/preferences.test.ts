// Dark mode and language are the user's choice on this browser: they survive a reload (spec 1, 9).
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

const htmlIsDark = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('preferences', () => {
  test('dark mode survives a reload', () =>
    journey(browser(), async ({ page }) => {
      await signIn(page, 'admin@demo.test');
      await page.waitForURL('**/admin/dashboard');
      expect(await htmlIsDark(page)).toBe(false);

      await page.getByRole('banner').getByRole('button', { name: 'Switch to dark mode' }).click();
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      expect(await page.evaluate(() => localStorage.getItem('isDarkMode'))).toBe('true');

      await page.reload();
      await page.getByRole('banner').getByRole('button', { name: 'Switch to light mode' }).waitFor();
      expect(await htmlIsDark(page)).toBe(true);
      // the remote's area follows the same switch: open the profile and look at its page
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile', exact: true }).click();
      await page.getByRole('heading', { name: 'Admin Profile' }).waitFor();
      expect(await htmlIsDark(page)).toBe(true);

      await page.getByRole('banner').getByRole('button', { name: 'Switch to light mode' }).click();
      await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
      expect(await page.evaluate(() => localStorage.getItem('isDarkMode'))).toBe('false');
    }));

  test('Hindi stays after a reload, in the shell and in the remote', () =>
    journey(browser(), async ({ page }) => {
      await signIn(page, 'admin@demo.test');
      await page.waitForURL('**/admin/dashboard');
      await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('hi');
      await page.getByRole('navigation', { name: 'मुख्य मेनू' }).waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'लॉग आउट' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('hi');

      await page.reload();
      await page.getByRole('banner').getByRole('button', { name: 'लॉग आउट' }).waitFor();
      // Admin's home is its device dashboard (mfe-devices), in Hindi
      await page.getByRole('heading', { name: 'डैशबोर्ड [सभी]', level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      expect(await page.getByRole('banner').getByRole('button', { name: 'Logout' }).count()).toBe(0);
      // the remote's screen and, once its texts are loaded, its menu entry speak Hindi too
      await page.getByRole('navigation', { name: 'मुख्य मेनू' }).locator('a[href="/admin/profile"]').click();
      await page.waitForURL('**/admin/profile');
      await page.getByRole('heading', { name: 'एडमिन प्रोफ़ाइल' }).waitFor();
      await page.getByRole('navigation', { name: 'मुख्य मेनू' }).getByRole('link', { name: 'प्रोफ़ाइल', exact: true }).waitFor();
    }));
});
