// Issue 10: Admin, Agency, mscc and sm open their Attention [Heat Pump] list (each its own slice);
// Admin resolves a fault with the spec's validations (no agent: the message, nothing sent), the row
// leaves the UnResolved tab, and its fault history opens and exports faultHistory.csv; the simulator's
// events reach the open list over the live socket (a row's operation status, the Fault Alert).
import type { Page } from 'playwright-core';
import { chromiumPerFile, downloadedText, journey, stackInfo } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

const TABLE = 'table[aria-label="Attention [Heat Pump]"]';

/** The list's total from the pager ("Showing 1-25 of 123"). */
async function totalOf(page: Page): Promise<number> {
  const text = await page.getByText(/^Showing \d+-\d+ of \d+$/).textContent();
  return Number(/of (\d+)$/.exec(text ?? '')?.[1] ?? NaN);
}

async function openAttention(page: Page, path: string): Promise<number> {
  const listed = page.waitForResponse((r) => r.url().includes('/api/heat-pump/faults?') && r.request().method() === 'GET');
  await page.goto(path);
  expect((await listed).status()).toBe(200);
  await page.getByRole('heading', { name: 'Attention [Heat Pump]' }).waitFor();
  await page.waitForFunction((sel) => document.querySelectorAll(`${sel} tbody tr td`).length > 1, TABLE);
  return totalOf(page);
}

test('Agency, mscc and sm each open their own Attention list', () =>
  journey(browser(), async ({ page }) => {
    const totals: Record<string, number> = {};
    for (const [email, home, path] of [
      ['agency@demo.test', '/agency/devices', '/agency/heat_pump/faulty-systems'],
      ['mscc@demo.test', '/multisite/dashboard', '/multisite/faulty-systems'],
      ['sm@demo.test', '/sitemanager/dashboard', '/sitemanager/faulty-systems'],
    ] as const) {
      await signIn(page, email);
      await page.waitForURL(`**${home}`);
      totals[email] = await openAttention(page, path);
      // another area's Attention list is not theirs: the guard sends them away
      await page.goto('/admin/heat_pump/faulty-systems');
      await page.waitForURL((url) => !url.pathname.startsWith('/admin/'));
      // the home it lands on loads its figures: sign out after they arrive, not while they are in flight
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
    }
    expect(totals['sm@demo.test']).toBeLessThanOrEqual(totals['mscc@demo.test'] ?? 0);
  }));

test('Admin resolves a fault with the spec validations and exports its history', () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    const before = await openAttention(page, '/admin/heat_pump/faulty-systems');
    expect(before).toBeGreaterThan(0);
    expect(await page.getByRole('tab', { name: 'UnResolved' }).getAttribute('aria-selected')).toBe('true');

    const firstRow = page.locator(`${TABLE} tbody tr`).first();
    const serial = (await firstRow.locator('td').nth(1).innerText()).trim();
    await firstRow.getByRole('button', { name: /^Resolve the fault of/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve Fault' });
    await dialog.waitFor();
    let resolveCalls = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/heat-pump/faults/')) resolveCalls += 1;
    });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await dialog.getByText('Agent is required').waitFor();
    expect(resolveCalls).toBe(0);
    await dialog.getByRole('textbox', { name: 'Agent' }).fill('Sam Field');
    await dialog.getByRole('textbox', { name: 'Job Comments' }).fill('Replaced the fan board');
    const resolved = page.waitForResponse((r) => r.url().includes('/resolve') && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    expect((await resolved).status()).toBe(200);
    await page.getByText('Fault resolved successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(
      ([sel, total]) => {
        const pager = [...document.querySelectorAll('p, span, div')].find((e) => /^Showing \d+-\d+ of \d+$/.test(e.textContent ?? ''));
        return Boolean(document.querySelector(sel)) && pager !== undefined && !(pager.textContent ?? '').endsWith(`of ${total}`);
      },
      [TABLE, before] as const,
    );
    expect(await totalOf(page)).toBe(before - 1);

    // the Resolved tab holds it, with the agent; its history opens and exports
    await page.getByRole('tab', { name: 'Resolved', exact: true }).click();
    await page.waitForURL(/fault_status=1/);
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('textbox', { name: 'Serial Number' }).fill(serial);
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await drawer.waitFor({ state: 'detached' });
    const row = page.locator(`${TABLE} tbody tr`, { hasText: serial }).first();
    await row.waitFor();
    await row.getByRole('button', { name: new RegExp(`^View Fault history of ${serial}$`) }).click();
    await page.waitForURL('**/admin/heat_pump/faulty-systems/view/faulty-history/*');
    const timeline = page.getByRole('list', { name: /^Fault History/ });
    await timeline.waitFor();
    await timeline.getByText(/Resolved after .* by /).first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('faultHistory.csv');
    const csv = await downloadedText(file);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Device ID,Date,Time,Email,Fault Code,Fault Description,Fault Status');
    expect(lines.length).toBeGreaterThan(1);

    // Back returns to the Resolved list as it was
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/faulty-systems\?.*fault_status=1/);
  }));

/** The simulator raises these heat pumps' events now (fleet-api's development call, loopback only). */
async function raise(events: { work_state?: number[]; fault?: number[] }): Promise<void> {
  const res = await fetch(`${stackInfo().apiUrl}/api/dev/heat-pump-events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(events),
  });
  expect(res.status).toBe(200);
}

test('the simulator changes a row live and a new fault raises the Fault Alert', () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    await openAttention(page, '/admin/heat_pump/faulty-systems');
    const row = page.locator(`${TABLE} tbody tr`).first();
    const href = (await row.getByRole('link').first().getAttribute('href')) ?? '';
    const deviceId = Number(/\/(\d+)$/.exec(href)?.[1]);
    expect(deviceId).toBeGreaterThan(0);
    // the column by its header: which columns show is the list's (issue 20: Model Number is in Columns)
    const column = await page
      .locator(`${TABLE} thead th`)
      .evaluateAll((headers) => headers.findIndex((th) => (th.textContent ?? '').trim() === 'Device Operation Status'));
    expect(column).toBeGreaterThan(0);
    const operation = row.locator('td').nth(column);
    const before = (await operation.innerText()).trim();
    // the work state moves Off -> In Progress -> Completed -> Off
    const next: Record<string, string> = { Off: 'In Progress', 'In Progress': 'Completed', Completed: 'Off' };
    await raise({ work_state: [deviceId] });
    await page.waitForFunction(
      ([sel, want, nth]) => (document.querySelector(`${sel} tbody tr td:nth-child(${nth})`)?.textContent ?? '').trim() === want,
      [TABLE, next[before] ?? 'In Progress', column + 1] as const,
    );
    expect(await page.getByText('Fault Alert').count()).toBe(0);
    await raise({ fault: [deviceId] });
    const banner = page.getByRole('button', { name: /Fault Alert/ });
    await banner.waitFor();
    const reread = page.waitForResponse((r) => r.url().includes('/api/heat-pump/faults?') && r.request().method() === 'GET');
    await banner.click();
    expect((await reread).status()).toBe(200);
    await banner.waitFor({ state: 'detached' });
  }));

test("Admin's dashboard with heat pumps selected is the network dashboard, with figures and months", () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    // choose the heat-pump product in the header
    await page.getByRole('combobox', { name: /product/i }).selectOption('heat_pump');
    await page.getByRole('heading', { name: 'Network Dashboard' }).waitFor();
    // the counts read 0 until the server answers (spec 4): wait for the slice's figure
    await page.getByLabel(/^Total in service: [1-9]\d*$/).waitFor();
    // the months of a past year come from the recorded history
    await page.getByRole('combobox', { name: 'Year' }).selectOption('2024');
    const months = page.getByRole('table', { name: 'Online and offline heat pumps by month, 2024' });
    await page.waitForFunction(() => {
      const t = document.querySelector('table[aria-label="Online and offline heat pumps by month, 2024"]');
      return [...(t?.querySelectorAll('tbody td') ?? [])].some((td) => /^[1-9]/.test(td.textContent ?? ''));
    });
    expect(await months.count()).toBe(1);
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Live devices"] tbody tr td').length > 1);
  }));

