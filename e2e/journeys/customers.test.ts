// Issue 12: Admin, Agency, mscc and sm each open their customer list with real rows of their slice
// (the pager's total is the server's); the agency opens a customer and its property, adds a member
// trying every message of the spec and removes it, edits the property's tariff through the
// distributor cascade trying each message, and downloads its filtered list as CSV.
import type { Locator, Page } from 'playwright-core';
import { chromiumPerFile, downloadedText, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

interface ListAnswer {
  info: { total: number; data: Array<{ id: number; email: string }> };
}

/** Opens a customer list and answers the server's page (the one the table shows). */
async function openList(page: Page, path: string, call: string): Promise<ListAnswer> {
  const answered = page.waitForResponse((r) => r.url().includes(call) && r.request().method() === 'GET');
  await page.goto(path);
  const response = await answered;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as ListAnswer;
  await page.getByRole('table', { name: 'Customers' }).waitFor();
  return body;
}

/** Save with the form as it is, and see each message. */
async function expectMessages(dialog: Locator, button: string, messages: string[]): Promise<void> {
  await dialog.getByRole('button', { name: button, exact: true }).click();
  for (const m of messages) await dialog.getByText(m, { exact: true }).first().waitFor();
}

test('Admin, Agency, mscc and sm each open their customer list with real rows of their slice', () =>
  journey(browser(), async ({ page }) => {
    const totals: Record<string, number> = {};
    for (const [email, home, path, call] of [
      ['admin@demo.test', '/admin/dashboard', '/admin/customers', '/api/customer/get/all'],
      ['agency@demo.test', '/agency/devices', '/agency/customers', '/api/agency/customer/get/all'],
      ['mscc@demo.test', '/multisite/dashboard', '/multisite/customers', '/api/mscc/customer/get/all'],
      ['sm@demo.test', '/sitemanager/dashboard', '/sitemanager/customers', '/api/sm/customer/get/all'],
    ] as const) {
      await signIn(page, email);
      await page.waitForURL(`**${home}`);
      // the side menu leads there
      await page.getByRole('link', { name: 'Customers', exact: true }).first().waitFor();
      const answer = await openList(page, path, call);
      expect(answer.info.total).toBeGreaterThan(0);
      totals[email] = answer.info.total;
      await page.getByText(new RegExp(`of ${answer.info.total}$`)).first().waitFor();
      const rows = page.getByRole('table', { name: 'Customers' }).locator('tbody tr');
      await rows.first().getByRole('button', { name: `View ${answer.info.data[0]?.email ?? ''}` }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
    }
    expect(totals['agency@demo.test']).toBeLessThan(totals['admin@demo.test'] ?? 0);
    expect(totals['sm@demo.test']).toBeLessThanOrEqual(totals['mscc@demo.test'] ?? 0);
  }));

test("Agency opens a customer and its property, adds and removes a member, edits the tariff, and exports its list", () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'agency@demo.test');
    await page.waitForURL('**/agency/devices');
    const list = await openList(page, '/agency/customers?email=customer%40demo.test', '/api/agency/customer/get/all');
    expect(list.info.data.map((c) => c.email)).toEqual(['customer@demo.test']);

    // the filtered list as CSV: a server job, then the file
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const downloads = page.getByRole('dialog', { name: 'Download CSV' });
    await downloads.getByRole('button', { name: 'Customers' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Customers.csv');
    const csv = await downloadedText(file);
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('Record ID,Email ID,Name,Phone,Status,Auto Sync,Weekly Report,Street Address,Property Type,Agency,Created');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('customer@demo.test');

    await downloads.getByRole('button', { name: 'Close' }).first().click();
    await downloads.waitFor({ state: 'detached' });

    // its Auto Sync cell opens the customer's auto syncs and feedback
    await page.getByRole('link', { name: 'Yes' }).first().click();
    await page.getByRole('heading', { name: 'Auto Sync History' }).waitFor();
    await page.getByRole('table', { name: 'Auto Sync History' }).getByText('Readings synced').first().waitFor();
    await page.getByRole('table', { name: 'Feedback' }).getByText('The app shows my usage clearly').waitFor();
    await page.goBack();

    // the customer, then its property
    await page.getByRole('button', { name: 'View customer@demo.test' }).click();
    await page.getByRole('heading', { name: /^Customer Details \[/ }).waitFor();
    await page.getByRole('link', { name: 'View Home' }).click();
    await page.getByRole('heading', { name: 'Property Details [Home]' }).waitFor();

    // Add Member: every message of the spec, then a member added and removed
    const members = page.getByRole('table', { name: 'Members' });
    await members.waitFor();
    await page.getByRole('button', { name: 'Add Member' }).click();
    const add = page.getByRole('dialog', { name: 'Add Member' });
    await expectMessages(add, 'Add', ['Email is required', 'First Name is required', 'Last Name is required', 'Phone Number is required']);
    await add.getByRole('textbox', { name: 'Email' }).fill('nia.member@');
    await add.getByRole('textbox', { name: 'Phone Number' }).fill('04123');
    await expectMessages(add, 'Add', ['Email address is invalid', 'Phone Number must be 8 to 13 characters.']);
    const stamp = Date.now().toString(36);
    await add.getByRole('textbox', { name: 'Email' }).fill(`nia.${stamp}@example.com`);
    await add.getByRole('textbox', { name: 'Phone Number' }).fill('0412345678');
    await add.getByRole('textbox', { name: 'First Name' }).fill('Nia');
    await add.getByRole('textbox', { name: 'Last Name' }).fill('Member');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Member added successfully').first().waitFor();
    await members.getByText(`nia.${stamp}@example.com`).waitFor();
    await members.getByRole('button', { name: `Delete nia.${stamp}@example.com` }).click();
    await page.getByRole('dialog', { name: 'Remove Member' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Member removed successfully').first().waitFor();
    await members.getByText(`nia.${stamp}@example.com`).waitFor({ state: 'detached' });

    // Edit Details: each rule's message, then a per-plan tariff saved
    await page.getByRole('button', { name: 'Edit Details' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Details' });
    const distributor = edit.getByRole('combobox', { name: 'Electricity Distributor' });
    await distributor.locator('option', { hasText: 'Endeavour Energy' }).waitFor({ state: 'attached' });
    await edit.getByRole('textbox', { name: 'Property Name' }).fill('');
    await edit.getByRole('textbox', { name: 'Postal Code' }).fill('21');
    await edit.getByRole('textbox', { name: 'Cost per kWh ($)' }).fill('');
    await expectMessages(edit, 'Update', ['Property Name is required', 'Valid postal code is required', 'Cost per unit is required']);
    await edit.getByRole('textbox', { name: 'Property Name' }).fill('Home');
    await edit.getByRole('textbox', { name: 'Cost per kWh ($)' }).fill('0.30');
    await edit.getByRole('combobox', { name: 'Discount type' }).selectOption('value');
    await edit.getByRole('textbox', { name: 'Discount', exact: true }).fill('0.35');
    await edit.getByRole('combobox', { name: 'Electricity Retailer' }).selectOption('');
    // a postal code no distributor serves: the distributor is no longer a choice
    await edit.getByRole('textbox', { name: 'Postal Code' }).fill('9999');
    await edit.getByText('No distributor serves this postal code.').waitFor();
    await expectMessages(edit, 'Update', ['Please select the electricity distributor', 'Please select the electricity retailer', 'Discount value must be less than unit charge']);
    await edit.getByRole('textbox', { name: 'Postal Code' }).fill('2150');
    await distributor.locator('option', { hasText: 'Endeavour Energy' }).waitFor({ state: 'attached' });
    await distributor.selectOption({ label: 'Endeavour Energy' });
    const structure = edit.getByRole('combobox', { name: 'Tariff Structure' });
    await structure.locator('option', { hasText: 'Time of Use' }).waitFor({ state: 'attached' });
    await structure.selectOption('');
    await expectMessages(edit, 'Update', ['Please select the tariff structure']);
    await structure.selectOption({ label: 'Time of Use' });
    await edit.getByRole('combobox', { name: 'Electricity Retailer' }).selectOption({ label: 'Origin Energy' });
    await edit.getByRole('textbox', { name: 'Peak: Cost per kWh ($)', exact: true }).fill('0.52');
    await edit.getByRole('textbox', { name: 'Shoulder: Cost per kWh ($)', exact: true }).fill('0.29');
    await expectMessages(edit, 'Update', ['Cost per unit is required']);
    await edit.getByRole('textbox', { name: 'Off-peak: Cost per kWh ($)', exact: true }).fill('0.18');
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Property details updated successfully').first().waitFor();
    await edit.waitFor({ state: 'detached' });
    const tariff = page.getByRole('region', { name: 'Tariff' });
    await tariff.getByText('Time of Use').waitFor();
    await tariff.getByText('Origin Energy').waitFor();
    // the change is in its tariff history, newest first
    await page.getByRole('link', { name: 'Tariff History' }).click();
    await page.getByRole('heading', { name: 'Tariff History' }).waitFor();
    await page.getByRole('table', { name: 'Tariff History' }).locator('tbody tr').first().getByText('Time of Use').waitFor();
  }));
