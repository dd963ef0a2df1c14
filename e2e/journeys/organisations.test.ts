// Issue 13 (part): Admin adds, renames and deletes an aggregator and a retailer, trying the spec's
// messages; an aggregator electricians work for, and a retailer properties use, are kept.
import type { Locator } from 'playwright-core';
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

const stamp = Date.now().toString(36);

async function save(dialog: Locator, message?: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  if (message) await dialog.getByText(message, { exact: true }).waitFor();
}

test('Admin adds, renames and deletes an aggregator and a retailer', () =>
  journey(browser(), async ({ page, expect: provokes }) => {
    // the duplicate name is refused on purpose
    provokes(/409 \(Conflict\).*\/api\/electricity-retailer\/add/);
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    // the menu's Manage Electricians group leads there
    await page.getByRole('group', { name: 'Manage Electricians' }).getByRole('link', { name: 'Aggregators' }).click();
    await page.waitForURL('**/admin/aggregators');
    const aggregators = page.getByRole('table', { name: 'Aggregators' });
    await aggregators.locator('tbody tr').first().waitFor();

    await page.getByRole('button', { name: 'Add Aggregator' }).click();
    const add = page.getByRole('dialog', { name: 'Add Aggregator' });
    await save(add, 'Name is required');
    await add.getByRole('textbox', { name: 'Name' }).fill(`Harbour ${stamp}`);
    await save(add);
    await page.getByText('Aggregator added successfully').first().waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill(stamp);
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await aggregators.getByText(`Harbour ${stamp}`).waitFor();
    await aggregators.getByRole('button', { name: `Edit Harbour ${stamp}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Aggregator' });
    await edit.getByRole('textbox', { name: 'Name' }).fill(`Harbour Group ${stamp}`);
    await save(edit);
    await page.getByText('Aggregator updated successfully').first().waitFor();
    await aggregators.getByRole('button', { name: `Delete Harbour Group ${stamp}` }).click();
    await page.getByRole('dialog', { name: 'Delete Aggregator' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Aggregator deleted successfully').first().waitFor();
    await aggregators.getByText(`Harbour Group ${stamp}`).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Electricity Retailers' }).click();
    await page.waitForURL('**/admin/electricity-retailers');
    const retailers = page.getByRole('table', { name: 'Electricity Retailers' });
    await retailers.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Add Retailer' }).click();
    const addRetailer = page.getByRole('dialog', { name: 'Add Retailer' });
    await save(addRetailer, 'Retailer Name is required');
    await addRetailer.getByRole('textbox', { name: 'Retailer Name' }).fill(`Tango ${stamp}`);
    await addRetailer.getByText('Top Listed').click();
    await save(addRetailer);
    await page.getByText('Retailer added successfully').first().waitFor();
    // a retailer of the same name, case aside, is refused and what was typed stays
    await page.getByRole('button', { name: 'Add Retailer' }).click();
    await addRetailer.getByRole('textbox', { name: 'Retailer Name' }).fill(`TANGO ${stamp}`);
    await save(addRetailer, 'A retailer with this name already exists');
    await addRetailer.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog').getByLabel('Retailer Name').fill(stamp);
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    const row = retailers.locator('tbody tr', { hasText: `Tango ${stamp}` });
    await row.getByText('Yes').waitFor();
    await retailers.getByRole('button', { name: `Delete Tango ${stamp}` }).click();
    await page.getByRole('dialog', { name: 'Delete Retailer' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Retailer deleted successfully').first().waitFor();
  }));
