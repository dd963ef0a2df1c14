// Issue 8, phone width (390 x 844): the side menu folds behind a menu button, the page never scrolls
// sideways, and a list shows its rows as cards (issue 20; wide-tables.test.ts has more).
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

const pageIsNotWider = () => document.documentElement.scrollWidth <= window.innerWidth;

test('at 390 px the menu is behind a button, and pages and tables fit the width', () =>
  journey(browser(), async ({ page }) => {
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

    // The firmware list (after choosing a line): at phone width each row is a card (issue 20), the page
    // does not scroll sideways.
    await page.getByRole('combobox', { name: 'Product line' }).selectOption('livelink');
    const cards = page.getByRole('list', { name: 'Firmwares' });
    await cards.getByRole('listitem').first().waitFor();
    expect(await page.getByRole('table', { name: 'Firmwares' }).isVisible()).toBe(false);
    expect(await page.evaluate(pageIsNotWider)).toBe(true);
    const card = await cards.getByRole('listitem').first().boundingBox();
    expect(card).not.toBeNull();
    expect(card!.x + card!.width).toBeLessThanOrEqual(390);

    // Escape folds an open menu.
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await menu.waitFor({ state: 'visible' });
    await menu.getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    // Dark mode at phone width, for the eye.
    await page.screenshot({ path: '/tmp/phone-390.png' });
  }));
