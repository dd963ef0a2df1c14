// Issue 23: Admin turns on the Update Flag of an OTA group, then finds who changed it, with the flag's old
// and new value, in the Audit Log and on the Timeline tab of a device of the group; the flag is turned
// off again (the worker's stack is shared).
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

interface GroupInfoAnswer {
  info: { devices: { data: Array<{ device_id: number }> } };
}

test("Admin finds who turned on an OTA group's Update Flag in the Audit Log and on a device's timeline", () =>
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

    // a device of the group: its timeline shows the change, newest first, with who made it
    await openFromMenu(page, 'Groups', '/admin/OTA-groups');
    const read = page.waitForResponse((r) => r.url().includes('/api/ota/group/info') && r.request().method() === 'GET');
    await groups.getByRole('row').filter({ hasText: GROUP }).getByRole('button', { name: /^View/ }).click();
    await page.waitForURL('**/admin/OTA-groups/**');
    const member = ((await (await read).json()) as GroupInfoAnswer).info.devices.data[0];
    if (!member) throw new Error(`${GROUP} has no device`);
    // its device page, as a shared link opens it
    await page.goto(`/admin/airlink/device/view/${member.device_id}`);
    await page.getByRole('heading', { name: /^Device Details \[/ }).waitFor();
    const timelineTab = page.getByRole('tab', { name: 'Timeline', exact: true });
    await timelineTab.click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'timeline');
    await page.getByRole('tab', { name: 'Timeline', exact: true, selected: true }).waitFor();
    const flagOn = page.getByRole('table', { name: 'Timeline' }).getByRole('row').filter({ hasText: GROUP }).filter({ hasText: 'upgradable: false → true' }).first();
    await flagOn.getByText('admin@demo.test', { exact: true }).waitFor();
    await flagOn.getByText('Change', { exact: true }).waitFor();
    // the arrow keys move between the tabs (Chakra's tabs), the URL follows
    await timelineTab.press('ArrowLeft');
    await page.waitForURL((url) => !url.searchParams.has('tab'));
    await page.getByRole('tab', { name: 'Details', exact: true, selected: true }).waitFor();

    // as the seed had it, for the other journeys of this stack
    await openFromMenu(page, 'Groups', '/admin/OTA-groups');
    await groups.getByRole('cell', { name: GROUP, exact: true }).waitFor();
    await setFlag(page);
  }));
