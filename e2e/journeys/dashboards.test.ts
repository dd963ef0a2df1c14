// Issue 14: Admin signs in and lands on the device dashboard with the demo fleet's real figures, picks
// another year and other products (heat pumps hand /admin/dashboard to the network dashboard of the
// heat-pump remote, and back), reads the charts in dark mode, and opens the analysis page; every chart
// has its table for screen readers. The agency opens its own dashboard.
import type { Page } from 'playwright-core';
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

const thisYear = new Date().getFullYear();

/** The number a figure card reads out ("Users: 1,234"). */
async function figure(page: Page, label: string): Promise<number> {
  const card = page.getByLabel(new RegExp(`^${label}: `)).first();
  await card.waitFor();
  const text = (await card.getAttribute('aria-label')) ?? '';
  return Number(text.slice(label.length + 2).replace(/[^0-9.]/g, ''));
}

/** The sum of a chart table's column (the screen-reader view of a chart). */
async function columnSum(page: Page, table: string, column: number): Promise<number> {
  const selector = `table[aria-label="${table}"] tbody tr`;
  await page.waitForFunction((sel) => document.querySelectorAll(sel).length > 0, selector);
  return page.$$eval(selector, (rows, col) => rows.reduce((sum, row) => sum + Number((row.children[col]?.textContent ?? '0').replace(/[^0-9.]/g, '') || 0), 0), column);
}

/** Waits until at least `n` canvases have something drawn on them (chart.js has drawn its charts). */
async function chartsPainted(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (least) =>
      [...document.querySelectorAll('canvas')].filter((c) => {
        const context = c.getContext('2d');
        if (!context || c.width === 0 || c.height === 0) return false;
        const pixels = context.getImageData(0, 0, c.width, c.height).data;
        for (let i = 3; i < pixels.length; i += 4 * 7) if ((pixels[i] ?? 0) > 0) return true;
        return false;
      }).length >= least,
    n,
    { timeout: 10_000 },
  );
}

test('Admin lands on the device dashboard, switches year and product (heat pumps and back) and opens analysis', () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'Dashboard [All]', level: 1 }).waitFor();

    // real figures of the demo fleet
    expect(await figure(page, 'Users')).toBeGreaterThan(0);
    const total = await figure(page, 'Total');
    expect(total).toBeGreaterThan(0);
    expect(await figure(page, 'Active')).toBeLessThanOrEqual(total);
    expect(await columnSum(page, 'Active devices by firmware version', 1)).toBeGreaterThan(0);
    expect(await columnSum(page, `Consumption by month, ${thisYear}`, 1)).toBeGreaterThan(0);
    const lastMonth = page.getByLabel(/^Last month: [0-9,.]+ (kWh|MWh)$/);
    await lastMonth.waitFor();
    // the charts are drawn, and each has its table for screen readers
    await chartsPainted(page, 5);
    for (const name of ['Active devices by firmware version', 'Devices by product', `Devices by month, ${thisYear}`, `Consumption by month, ${thisYear}`, `Average consumption per device, ${thisYear}`]) {
      expect(await page.locator(`table[aria-label="${name}"]`).count()).toBe(1);
    }
    // every drawing is hidden from screen readers and has a named table beside it
    expect(
      await page.$$eval('canvas', (canvases) =>
        canvases.every((c) => c.parentElement?.getAttribute('aria-hidden') !== null && Boolean(c.parentElement?.nextElementSibling?.querySelector('table[aria-label]'))),
      ),
    ).toBe(true);

    // another year: its graph and months
    await page.getByRole('combobox', { name: 'Year' }).selectOption('2024');
    await page.waitForURL(/year=2024/);
    expect(await columnSum(page, 'Devices by month, 2024', 1)).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'Month' }).selectOption('6');
    await page.getByRole('table', { name: 'Devices installed in Jun 2024' }).waitFor();

    // dark mode: the charts are drawn again, in the dark colours
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await chartsPainted(page, 5);
    await page.getByRole('button', { name: 'Switch to light mode' }).click();

    // one product: its figures under its name
    const livelink = page.waitForResponse((r) => r.url().includes('/api/dashboard/month-device-livelink?'));
    await page.getByRole('combobox', { name: 'Product' }).selectOption('livelink');
    await page.getByRole('heading', { name: 'Dashboard [Livelink]', level: 1 }).waitFor();
    expect((await livelink).status()).toBe(200);
    expect(await figure(page, 'Total')).toBeLessThan(total);

    // heat pumps: /admin/dashboard is the network dashboard (the heat-pump remote), then back
    await page.getByRole('combobox', { name: 'Product' }).selectOption('heat_pump');
    await page.getByRole('heading', { name: 'Network Dashboard', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Live devices"] tbody tr td').length > 1);
    expect(await page.locator(`table[aria-label^="Online and offline heat pumps by month"]`).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Product' }).selectOption('bulb');
    await page.getByRole('heading', { name: 'Dashboard [Lighting]', level: 1 }).waitFor();
    expect(await figure(page, 'Total')).toBeGreaterThan(0);

    // analysis, from the menu
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Analysis', exact: true }).click();
    await page.waitForURL('**/admin/analysis');
    await page.getByRole('heading', { name: 'Analysis', level: 1 }).waitFor();
    expect(await figure(page, 'App users')).toBeGreaterThan(0);
    expect(await columnSum(page, 'App versions', 1)).toBeGreaterThan(0);
    expect(await columnSum(page, 'Users by product', 1)).toBeGreaterThan(0);
    expect(await figure(page, 'Smoke alarms')).toBeGreaterThan(0);
    for (const name of ['Weekly report users', 'Auto sync users', 'Location preference', 'Smoke alarms by battery level', `Weekly reports by month, ${thisYear}`, `Synched data by month, ${thisYear}`]) {
      expect(await page.locator(`table[aria-label="${name}"]`).count()).toBe(1);
    }
    await chartsPainted(page, 8);
  }));

test("the agency's dashboard shows its own slice", () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'agency@demo.test');
    await page.waitForURL('**/agency/devices');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/dashboard/')) calls.push(new URL(r.url()).pathname);
    });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL('**/agency/dashboard');
    await page.getByRole('heading', { name: 'Dashboard [All]', level: 1 }).waitFor();
    expect(await figure(page, 'Total')).toBeGreaterThan(0);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((path) => path.startsWith('/api/agency/dashboard/'))).toBe(true);
  }));
