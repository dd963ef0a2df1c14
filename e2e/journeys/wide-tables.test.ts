// Issue 20 item 10, wide tables: at 1280 px with the side menu open, the heat-pump list and Attention
// show their useful columns and the first row's View / Resolve without sideways scrolling; the row
// actions stay in view (opaque, in both colour modes) when every column is shown; the Columns choice
// survives a reload and Reset restores it; a chip clears one filter; at 390 px each row is a card with
// its actions.
import type { Locator, Page } from 'playwright-core';
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

const DEVICES = 'Devices [Heat Pump]';
const ATTENTION = 'Attention [Heat Pump]';

async function rowsOf(page: Page, label: string): Promise<Locator> {
  await page.waitForFunction((name) => document.querySelectorAll(`table[aria-label="${name}"] tbody tr td`).length > 1, label);
  return page.getByRole('table', { name: label });
}

/** The box of an element against the window: wholly inside it, left to right and top to bottom. */
async function insideViewport(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
}

/** The table's scroll area: how wide its content is, how wide it shows, where it is scrolled to. */
function scrollAreaOf(table: Locator) {
  return table.evaluate((t) => {
    let el: HTMLElement | null = t.parentElement;
    while (el && !['auto', 'scroll'].includes(getComputedStyle(el).overflowX)) el = el.parentElement;
    if (!el) throw new Error('the table has no scroll area');
    const box = el.getBoundingClientRect();
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, scrollLeft: el.scrollLeft, right: box.right };
  });
}

const pageIsNotWider = () => document.documentElement.scrollWidth <= window.innerWidth;

/** The cell's position and background: sticky, and an opaque colour (alpha 1). */
async function stickyAndOpaque(cell: Locator): Promise<{ position: string; opaque: boolean; background: string }> {
  return cell.evaluate((el) => {
    const style = getComputedStyle(el);
    const parts = /rgba?\(([^)]+)\)/.exec(style.backgroundColor)?.[1]?.split(/[\s,/]+/).filter(Boolean) ?? [];
    const alpha = parts.length === 4 ? Number(parts[3]) : parts.length === 3 ? 1 : 0;
    return { position: style.position, opaque: alpha === 1, background: style.backgroundColor };
  });
}

test('at 1280 px the lists show their actions without sideways scrolling; columns are chosen and remembered; a chip clears one filter', () =>
  journey(browser(), async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();

    // the heat-pump list: its useful columns and the first row's View fit beside the side menu
    await page.goto('/admin/heat_pump/devices');
    let table = await rowsOf(page, DEVICES);
    const view = table.locator('tbody tr').first().getByRole('button', { name: /^View / });
    expect(await insideViewport(page, view)).toBe(true);
    expect(await page.evaluate(pageIsNotWider)).toBe(true);
    let area = await scrollAreaOf(table);
    expect(area.scrollWidth).toBeLessThanOrEqual(area.clientWidth);
    await page.screenshot({ path: '/tmp/wide-tables-devices-1280.png' });

    // every column shown: the table scrolls inside its area, and View stays at its right edge, opaque
    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('group', { name: 'Show columns' });
    for (const name of ['Firmware Version', 'WiFi Name', 'Connection Type', 'Date Installed', 'Agency Name', 'Agent Name', 'Record ID']) {
      await chooser.getByText(name, { exact: true }).click();
      expect(await chooser.getByRole('checkbox', { name }).isChecked()).toBe(true);
    }
    expect(await chooser.getByRole('checkbox', { name: 'Serial Number' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await chooser.waitFor({ state: 'detached' });
    await table.getByRole('columnheader', { name: 'Record ID' }).waitFor();
    area = await scrollAreaOf(table);
    expect(area.scrollWidth).toBeGreaterThan(area.clientWidth);
    expect(area.scrollLeft).toBe(0);
    expect(await page.evaluate(pageIsNotWider)).toBe(true);
    expect(await insideViewport(page, view)).toBe(true);
    const actionCell = table.locator('tbody tr').first().locator('td[data-sticky="end"]');
    const cellBox = await actionCell.boundingBox();
    expect(Math.abs((cellBox?.x ?? 0) + (cellBox?.width ?? 0) - area.right)).toBeLessThanOrEqual(2);
    const light = await stickyAndOpaque(actionCell);
    expect(light).toMatchObject({ position: 'sticky', opaque: true });
    await page.screenshot({ path: '/tmp/wide-tables-devices-all-columns.png' });

    // the choice survives a reload (dark mode this time: the action cells are opaque there too)
    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.reload();
    table = await rowsOf(page, DEVICES);
    await table.getByRole('columnheader', { name: 'Record ID' }).waitFor();
    const dark = await stickyAndOpaque(table.locator('tbody tr').first().locator('td[data-sticky="end"]'));
    expect(dark).toMatchObject({ position: 'sticky', opaque: true });
    expect(dark.background).not.toBe(light.background);
    await page.screenshot({ path: '/tmp/wide-tables-devices-dark.png' });
    await page.getByRole('banner').getByRole('button', { name: 'Switch to light mode' }).click();

    // Reset columns: the list's defaults again
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('button', { name: 'Reset columns' }).click();
    await table.getByRole('columnheader', { name: 'Record ID' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    // a chip per filter that is on; one chip clears its filter in one navigation
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Active', { exact: true }).click();
    await drawer.getByText('Bluetooth', { exact: true }).click();
    const filtered = page.waitForResponse((r) => r.url().includes('/api/heat-pump/list') && r.url().includes('filter='));
    await drawer.getByRole('button', { name: 'Apply' }).click();
    expect((await filtered).status()).toBe(200);
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Filters 2', exact: true }).waitFor();
    const chips = page.getByRole('group', { name: 'Filters on' });
    await chips.getByRole('button', { name: 'Clear the filter Device Status: Active', exact: true }).waitFor();
    const entries = await page.evaluate(() => history.length);
    const cleared = page.waitForResponse((r) => r.url().includes('/api/heat-pump/list'));
    await chips.getByRole('button', { name: 'Clear the filter Connection Type: Bluetooth', exact: true }).click();
    const call = new URL((await cleared).url());
    expect(call.searchParams.get('filter')).toContain('device_status');
    expect(call.searchParams.get('filter')).not.toContain('connection_type');
    await page.getByRole('button', { name: 'Filters 1', exact: true }).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.getAll('device_status[]')).toEqual(['Active']);
    expect(url.searchParams.getAll('connection_type[]')).toEqual([]);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);

    // Attention: the first row's Resolve and View fit too
    await page.goto('/admin/heat_pump/faulty-systems');
    table = await rowsOf(page, ATTENTION);
    const first = table.locator('tbody tr').first();
    expect(await insideViewport(page, first.getByRole('button', { name: /^Resolve the fault of/ }))).toBe(true);
    expect(await insideViewport(page, first.getByRole('button', { name: /^View Fault history of/ }))).toBe(true);
    expect(await page.evaluate(pageIsNotWider)).toBe(true);
    area = await scrollAreaOf(table);
    await page.screenshot({ path: '/tmp/wide-tables-attention-1280.png' });
    expect(area.scrollWidth).toBeLessThanOrEqual(area.clientWidth);
  }));

test('at 390 px each row is a card with its key fields and its actions', () =>
  journey(browser(), async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');

    await page.goto('/admin/heat_pump/devices');
    const cards = page.getByRole('list', { name: DEVICES });
    await cards.getByRole('listitem').first().waitFor();
    expect(await page.getByRole('table', { name: DEVICES }).isVisible()).toBe(false);
    const card = cards.getByRole('listitem').first();
    await card.getByText('Serial Number', { exact: true }).waitFor();
    const view = card.getByRole('button', { name: /^View / });
    expect(await insideViewport(page, view)).toBe(true);
    expect(await page.evaluate(pageIsNotWider)).toBe(true);
    await page.screenshot({ path: '/tmp/wide-tables-devices-390.png' });

    // a card's View opens the device, as the row's does
    await view.click();
    await page.waitForURL('**/admin/heat_pump/device/view/**');

    await page.goto('/admin/heat_pump/faulty-systems');
    const faults = page.getByRole('list', { name: ATTENTION });
    const fault = faults.getByRole('listitem').first();
    await fault.waitFor();
    expect(await page.getByRole('table', { name: ATTENTION }).isVisible()).toBe(false);
    await fault.getByRole('button', { name: /^Resolve the fault of/ }).waitFor();
    expect(await insideViewport(page, fault.getByRole('button', { name: /^Resolve the fault of/ }))).toBe(true);
    expect(await insideViewport(page, fault.getByRole('button', { name: /^View Fault history of/ }))).toBe(true);
    expect(await page.evaluate(pageIsNotWider)).toBe(true);
    // nothing sticks out of a card (a long value wraps)
    expect(await fault.evaluate((card) => card.scrollWidth <= card.clientWidth)).toBe(true);
    await page.screenshot({ path: '/tmp/wide-tables-attention-390.png' });
  }));
