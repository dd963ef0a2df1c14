// Issue 20, item 13: a write on one console reaches the others live. Two consoles, each its own
// browser context and sign-in: a multi-site company's manager (mscc) watches its Attention list while
// Admin resolves one of its faults on another console; without a reload, the heat pump leaves the
// manager's UnResolved rows, its total drops by one, and no Fault Alert is raised for the recount.
import type { Page } from 'playwright-core';
import { chromiumPerFile, journey, openJourney, stackInfo } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

const TABLE = 'table[aria-label="Attention [Heat Pump]"]';
const PAGER = /^Showing \d+-\d+ of (\d+)$/;

declare global {
  interface Window {
    __fleetNotReloaded?: boolean;
  }
}

/** The list's total from the pager ("Showing 1-25 of 123"). */
async function totalOf(page: Page): Promise<number> {
  const text = await page.getByText(PAGER).textContent();
  return Number(PAGER.exec(text ?? '')?.[1] ?? NaN);
}

async function openAttention(page: Page, path: string): Promise<void> {
  const listed = page.waitForResponse((r) => r.url().includes('/api/heat-pump/faults?') && r.request().method() === 'GET');
  await page.goto(path);
  expect((await listed).status()).toBe(200);
  await page.getByRole('heading', { name: 'Attention [Heat Pump]' }).waitFor();
  await page.waitForFunction((sel) => document.querySelectorAll(`${sel} tbody tr td`).length > 1, TABLE);
}

/** The UnResolved row of a heat pump by its serial number (the row's second cell). */
function rowOf(page: Page, serial: string) {
  return page.locator(`${TABLE} tbody tr`).filter({ has: page.locator('td:nth-child(2)', { hasText: serial }) });
}

test("Admin resolves a fault on one console; the manager's open Attention list drops it without a reload", () =>
  journey(browser(), async ({ page: manager }) => {
    await signIn(manager, 'mscc@demo.test');
    await manager.waitForURL('**/multisite/dashboard');
    await openAttention(manager, '/multisite/faulty-systems');
    const before = await totalOf(manager);
    expect(before).toBeGreaterThan(0);
    const serial = (await manager.locator(`${TABLE} tbody tr`).first().locator('td').nth(1).innerText()).trim();
    expect(serial).not.toBe('');
    // a reload would drop this mark: the change must come over the socket
    await manager.evaluate(() => {
      window.__fleetNotReloaded = true;
    });

    const other = await openJourney(browser(), stackInfo().consoleUrl);
    try {
      const admin = other.page;
      await signIn(admin, 'admin@demo.test');
      await admin.waitForURL('**/admin/dashboard');
      await openAttention(admin, '/admin/heat_pump/faulty-systems');
      // Admin finds the manager's heat pump with the list's filter
      await admin.getByRole('button', { name: 'Filters' }).click();
      const drawer = admin.getByRole('dialog');
      await drawer.getByRole('textbox', { name: 'Serial Number' }).fill(serial);
      await drawer.getByRole('button', { name: 'Apply' }).click();
      await drawer.waitFor({ state: 'detached' });
      const row = rowOf(admin, serial);
      await row.waitFor();
      await row.getByRole('button', { name: /^Resolve the fault of/ }).click();
      const dialog = admin.getByRole('dialog', { name: 'Resolve Fault' });
      await dialog.getByRole('textbox', { name: 'Agent' }).fill('Sam Field');
      await dialog.getByRole('textbox', { name: 'Job Comments' }).fill('Resolved from another console');
      const resolved = admin.waitForResponse((r) => r.url().includes('/resolve') && r.request().method() === 'PUT');
      await dialog.getByRole('button', { name: 'Yes' }).click();
      expect((await resolved).status()).toBe(200);
      await admin.getByText('Fault resolved successfully').waitFor();
      await other.finish();
    } catch (err) {
      await other.context.close().catch(() => undefined);
      throw err;
    }

    // the manager's console, untouched meanwhile: the row leaves and the total follows
    await rowOf(manager, serial).waitFor({ state: 'detached', timeout: 10_000 });
    await manager.waitForFunction(
      ([pattern, total]) => {
        const pager = [...document.querySelectorAll('p, span, div')].find((e) => new RegExp(pattern).test(e.textContent ?? ''));
        return pager !== undefined && !(pager.textContent ?? '').endsWith(`of ${total}`);
      },
      [PAGER.source, before] as const,
      { timeout: 10_000 },
    );
    expect(await totalOf(manager)).toBe(before - 1);
    expect(await manager.evaluate(() => window.__fleetNotReloaded)).toBe(true);
    expect(await manager.getByRole('button', { name: /Fault Alert/ }).count()).toBe(0);
  }));
