// Issue 8, Hindi: with the page in Hindi, the shell, shared-ui (table, pager, filters, dialogs,
// validation) and the firmware remote speak Hindi; no line of the screen is an English text of theirs.
// Issue 20 item 11: a write's success toast, fleet-api's own sentence, is Hindi too (by its code).
import type { Page } from 'playwright-core';
import { en as firmwareEn } from '../../mfe-firmware/src/i18n/en';
import { hi as firmwareHi } from '../../mfe-firmware/src/i18n/hi';
import { hi as heatPumpHi } from '../../mfe-heatpump-nms/src/i18n/hi';
import { en as uiEn } from '../../shared-ui/src/texts/en';
import { hi as uiHi } from '../../shared-ui/src/texts/hi';
import { en as shellEn } from '../../shell/src/i18n/en';
import { hi as authHi } from '../../mfe-auth/src/i18n/hi';
import { hi as shellHi } from '../../shell/src/i18n/hi';
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

/** Every English text of a bundle that its Hindi bundle says differently (placeholders cut off). */
function englishOnly(en: object, hi: object): string[] {
  const out: string[] = [];
  const walk = (a: object, b: object) => {
    for (const [key, value] of Object.entries(a)) {
      const other = (b as Record<string, unknown>)[key];
      if (typeof value === 'string') {
        if (value !== other && !value.includes('{{')) out.push(value);
      } else walk(value as object, other as object);
    }
  };
  walk(en, hi);
  return out;
}

const ENGLISH = new Set([...englishOnly(uiEn, uiHi), ...englishOnly(firmwareEn, firmwareHi), ...englishOnly(shellEn, shellHi)]);

/** The lines of the visible page that are, whole, an English text of the console. */
async function englishLines(page: Page): Promise<string[]> {
  const lines = (await page.evaluate(() => document.body.innerText)).split('\n').map((line) => line.trim());
  return [...new Set(lines.filter((line) => ENGLISH.has(line)))];
}

test('in Hindi the shell, the tables, pager, filters, dialogs and validation of a remote are Hindi', () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    // the check is not empty: in English the same screen is full of the console's English texts
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Firmwares', exact: true }).waitFor({ state: 'attached' });
    expect((await englishLines(page)).length).toBeGreaterThan(3);
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('hi');
    await page.waitForFunction(() => document.documentElement.lang === 'hi');

    await page.goto('/admin/firmwares');
    await page.getByRole('combobox', { name: firmwareHi.productLine.label }).selectOption('livelink');
    const table = page.getByRole('table', { name: firmwareHi.firmwares.title });
    await table.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length > 0);
    // the pager of shared-ui
    await page.getByRole('navigation', { name: uiHi.pager.label }).getByText(/दिखाए जा रहे हैं/).waitFor();
    await page.getByText(uiHi.pager.rowsPerPage, { exact: true }).waitFor();
    expect(await englishLines(page)).toEqual([]);

    // a validation message of shared-ui: the go-to-page box refuses 0
    await page.getByLabel(uiHi.pager.goToPage).fill('0');
    await page.getByText(uiHi.pager.notZero, { exact: true }).waitFor();

    // the filter drawer of shared-ui, opened from the remote's header
    await page.getByRole('button', { name: firmwareHi.common.filters }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: uiHi.filters.apply }).waitFor();
    await drawer.getByRole('button', { name: uiHi.filters.clear }).waitFor();
    expect(await englishLines(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // a confirmation dialog: Yes / No are shared-ui's
    await table.getByRole('button', { name: new RegExp(`^${uiHi.common.delete} `) }).first().click();
    const confirm = page.getByRole('dialog', { name: firmwareHi.firmwares.deleteTitle });
    await confirm.getByRole('button', { name: firmwareHi.common.no, exact: true }).waitFor();
    expect(await englishLines(page)).toEqual([]);
    await confirm.getByRole('button', { name: firmwareHi.common.no, exact: true }).click();
    await confirm.waitFor({ state: 'detached' });

    // the remote's own form validation
    await page.getByRole('button', { name: firmwareHi.firmwares.add }).click();
    const form = page.getByRole('dialog', { name: firmwareHi.firmwareDialog.title });
    await form.getByRole('button', { name: firmwareHi.common.add, exact: true }).click();
    await form.getByText(firmwareHi.validation.versionRequired, { exact: true }).first().waitFor();
    expect(await englishLines(page)).toEqual([]);
  }));

/** A line of the page in Hindi: it has Devanagari (names and numbers aside). */
const DEVANAGARI = /[\u0900-\u097F]/;

test('in Hindi every menu entry and group, the product names and the enum cells of a list are Hindi', () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('hi');
    await page.waitForFunction(() => document.documentElement.lang === 'hi');

    // the menu: entries of every remote, loaded or not, and their groups (from the descriptions)
    const menu = page.getByRole('navigation', { name: shellHi.menu.title });
    await menu.getByRole('link', { name: 'ध्यान दें', exact: true }).waitFor();
    const links = await menu.getByRole('link').allTextContents();
    expect(links.length).toBeGreaterThan(25);
    expect(links.filter((text) => !DEVANAGARI.test(text))).toEqual([]);
    const groups = await menu.getByRole('group').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
    expect(groups.length).toBeGreaterThan(4);
    expect(groups.filter((text) => !DEVANAGARI.test(text))).toEqual([]);

    // the product selector
    const products = await page.getByRole('banner').getByRole('combobox', { name: shellHi.header.product }).locator('option').allTextContents();
    expect(products).toEqual([...Object.values(uiHi.products)]);

    // a list's enum cells say what its filter says
    await menu.getByRole('group', { name: 'डिवाइस', exact: true }).getByRole('link', { name: 'हीट पंप', exact: true }).click();
    await page.waitForURL('**/admin/heat_pump/devices');
    const table = page.getByRole('table', { name: 'डिवाइस [हीट पंप]' });
    await table.waitFor();
    // Connection Type is hidden by default: the operator shows it from the Columns panel
    await page.getByRole('button', { name: uiHi.table.columns }).click();
    await page.getByRole('group', { name: uiHi.table.showColumns }).getByText(heatPumpHi.list.connectionType, { exact: true }).click();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr td').length > 3);
    const cells = await table.locator('tbody td').allTextContents();
    expect(cells.some((text) => text === uiHi.deviceOptions.bluetooth || text === uiHi.deviceOptions.ap)).toBe(true);
    expect(cells.filter((text) => text === 'Bluetooth' || text === 'AP')).toEqual([]);
    expect(await englishLines(page)).toEqual([]);
  }));

test("in Hindi a save's toast, fleet-api's own sentence, is Hindi (by the answer's code)", () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('hi');
    await page.waitForFunction(() => document.documentElement.lang === 'hi');

    await page.goto('/admin/profile');
    await page.waitForFunction(() => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === 'admin@demo.test');
    const saved = page.waitForResponse((res) => res.url().endsWith('/api/profile/update') && res.request().method() === 'PUT');
    await page.getByRole('button', { name: authHi.common.save, exact: true }).click();
    // the answer is English with its code; the toast says the code's Hindi
    expect(await (await saved).json()).toMatchObject({ status: true, message: 'Profile updated successfully', code: 'profile.updated' });
    // shell/src/i18n/server-hi.ts 'profile.updated' (not imported: it types itself by shared-api, ESM for this CommonJS project)
    await page.getByText('प्रोफ़ाइल सफलतापूर्वक अपडेट की गई', { exact: true }).waitFor();
    expect(await page.getByText('Profile updated successfully').count()).toBe(0);
  }));
