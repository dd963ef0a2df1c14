// Issue 8, phone width (390 x 844): the side menu folds behind a menu button, the page never scrolls
// sideways, and a wide table scrolls inside its own area.
import type { Browser } from 'playwright-core';
import { journey, launchChromium } from '../support/browser';
import { signIn } from '../support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const pageIsNotWider = () => document.documentElement.scrollWidth <= window.innerWidth;

test('at 390 px the menu is behind a button, and pages and tables fit the width', () =>
  journey(browser, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const button = page.getByRole('button', { name: 'Open the menu' });
    await button.waitFor();
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(pageIsNotWider)).toBe(true);

    // Keyboard: the button is reachable and opens the menu; a link navigates and folds it again.
    await button.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'visible' });
    expect(await page.evaluate(pageIsNotWider)).toBe(true);
    await menu.getByRole('link', { name: 'Firmwares', exact: true }).click();
    await page.waitForURL('**/admin/firmwares');
    await menu.waitFor({ state: 'hidden' });

    // The firmware list (after choosing a line): the table scrolls inside its area, the page does not.
    await page.getByRole('combobox', { name: 'Product line' }).selectOption('livelink');
    const table = page.getByRole('table', { name: 'Firmwares' });
    await table.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Firmwares"] tbody tr').length > 0);
    expect(await page.evaluate(pageIsNotWider)).toBe(true);
    const scroller = await table.evaluate((t) => {
      let el: HTMLElement | null = t.parentElement;
      while (el && getComputedStyle(el).overflowX !== 'auto' && getComputedStyle(el).overflowX !== 'scroll') el = el.parentElement;
      return el ? { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth } : null;
    });
    expect(scroller).not.toBeNull();
    expect(scroller!.clientWidth).toBeLessThanOrEqual(390);
    expect(scroller!.scrollWidth).toBeGreaterThan(scroller!.clientWidth);

    // Escape folds an open menu.
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await menu.waitFor({ state: 'visible' });
    await menu.getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    // Dark mode at phone width, for the eye.
    await page.screenshot({ path: '/tmp/phone-390.png' });
  }));
