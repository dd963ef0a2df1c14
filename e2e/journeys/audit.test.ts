// Issue 23: Admin turns on the Update Flag of an OTA group, then finds in the Audit Log who changed it,
// with the flag's old and new value; the flag is turned off again (the worker's stack is shared).
import type { Page } from 'playwright-core';
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

// The seed's airlink pilot group: aimed at the newest airlink version, flag off.
const GROUP = 'Pilot 1.1.1';

async function openFromMenu(page: Page, label: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL(`**${path}`);
}

/** Ticks the group's Update Flag (through its visible box) and says Yes to the question. */
async function setFlag(page: Page): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().includes('/api/ota/group/update-data') && r.request().method() === 'PUT');
  await page.getByLabel(`Update Flag of ${GROUP}`, { exact: true }).locator('xpath=..').click();
  const ask = page.getByRole('dialog', { name: 'UPDATE FLAG' });
  await ask.getByRole('button', { name: 'Yes', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await ask.waitFor({ state: 'detached' });
}

test("Admin finds who turned on an OTA group's Update Flag in the Audit Log", () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');

    await openFromMenu(page, 'Groups', '/admin/OTA-groups');
    const gate = page.getByRole('combobox', { name: 'Product line' });
    const groups = page.getByRole('table', { name: 'Groups' });
    await gate.or(groups).first().waitFor();
    if (await gate.isVisible()) await gate.selectOption('airlink');
    await groups.getByRole('cell', { name: GROUP, exact: true }).waitFor();
    await setFlag(page);

    await openFromMenu(page, 'Audit Log', '/admin/audit-log');
    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.getByRole('combobox', { name: 'Object Type' }).selectOption('ota_group');
    await filters.getByLabel('Object Name').fill(GROUP);
    await filters.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.search.includes('ota_group'));

    // newest first: the change just made, by Admin, of the group's flag
    const entry = page.getByRole('table', { name: 'Audit Log' }).getByRole('row').filter({ hasText: GROUP }).first();
    await entry.getByText('admin@demo.test').waitFor();
    await entry.getByText('OTA Group', { exact: true }).waitFor();
    await entry.getByRole('button', { name: /^View #/ }).click();
    const drawer = page.getByRole('dialog', { name: /^Audit entry / });
    const changes = drawer.getByRole('table', { name: 'Changes' });
    await changes.getByRole('row', { name: 'upgradable false true' }).waitFor();
    await drawer.getByText('PUT /api/ota/group/update-data').waitFor();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });

    // as the seed had it, for the other journeys of this stack
    await openFromMenu(page, 'Groups', '/admin/OTA-groups');
    await groups.getByRole('cell', { name: GROUP, exact: true }).waitFor();
    await setFlag(page);
  }));
