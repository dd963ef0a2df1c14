// Issue 13 (electricians): Admin adds an electrician trying every message of the spec, edits it (the
// aggregator is required then), sees one who installed devices kept and deletes the new one; the
// electrician adds, edits and deletes a field worker of its own with the messages; the agency opens
// its electricians and their field workers and devices.
import type { Locator, Page } from 'playwright-core';
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

const stamp = Date.now().toString(36);

/** Save with the form as it is, and see each message. */
async function expectMessages(scope: Page | Locator, messages: string[]): Promise<void> {
  await scope.getByRole('button', { name: 'Save', exact: true }).click();
  for (const m of messages) await scope.getByText(m, { exact: true }).first().waitFor();
}

const box = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const password = (page: Page) => page.getByLabel(/^Password/);

test('Admin adds an electrician with every message of the spec, edits its aggregator, and deletes it', () =>
  journey(browser(), async ({ page, expect: provokes }) => {
    // refused on purpose: an email already used, an electrician who installed devices
    provokes(/409 \(Conflict\).*\/api\/electrician\/add/);
    provokes(/409 \(Conflict\).*\/api\/electrician\/delete\//);
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('group', { name: 'Manage Electricians' }).getByRole('link', { name: 'Electricians' }).click();
    await page.waitForURL('**/admin/electricians');
    const list = page.getByRole('table', { name: 'Electricians', exact: true });
    await list.getByText('Ben Carter').waitFor();

    await page.getByRole('button', { name: 'Add Electrician' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/electrician');
    await expectMessages(page, [
      'First Name is required',
      'Last Name is required',
      'Email is required',
      'Phone Number is required',
      'Company Name is required',
      'ABN Number is required',
      'Address is required',
      'Valid Postal code is required',
      'Password is required',
    ]);
    await box(page, 'First Name').fill('x'.repeat(200));
    await box(page, 'Last Name').fill('y'.repeat(200));
    await box(page, 'Email').fill('riley@volt');
    await box(page, 'Phone Number').fill('0412');
    await box(page, 'ABN Number').fill('5182');
    await box(page, 'Postcode').fill('20');
    await password(page).fill('weakpass');
    await expectMessages(page, [
      'First Name should be less than 200 character',
      'Last Name should be less than 200 character',
      'Email address is invalid',
      'Phone Number must be 8 to 13 characters.',
      'Invalid ABN',
      'Valid Postal code is required',
      'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit',
    ]);
    await box(page, 'Phone Number').fill('04125556x6');
    await expectMessages(page, ['Phone Number can only contain digits, spaces, brackets, hyphens and a leading +']);

    await box(page, 'First Name').fill('Riley');
    await box(page, 'Last Name').fill(`Sparks ${stamp}`);
    // an address another account signs in with is refused, and what was typed stays
    await box(page, 'Email').fill('agency@demo.test');
    await box(page, 'Phone Number').fill('0412555666');
    await box(page, 'Company Name').fill('Sparks Electrical');
    await box(page, 'ABN Number').fill('51824753556');
    await box(page, 'Address').fill('4 Volt Lane, Newtown');
    await box(page, 'City').fill('Newtown');
    await page.getByRole('combobox', { name: 'State' }).selectOption('NSW');
    await box(page, 'Postcode').fill('2042');
    await password(page).fill('Brisk-volt-2026');
    await expectMessages(page, ['An account with this email already exists']);
    expect(await box(page, 'Company Name').inputValue()).toBe('Sparks Electrical');
    await box(page, 'Email').fill(`riley.${stamp}@volt.example.com`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Electrician added successfully').first().waitFor();
    await page.waitForURL('**/admin/electrician/view/*');
    await page.getByRole('heading', { level: 1, name: `Electrician [Riley Sparks ${stamp}]` }).waitFor();
    await page.getByRole('table', { name: 'Field Workers' }).waitFor();

    // edit: the aggregator is required now
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Edit Electrician [Riley Sparks ${stamp}]` }).waitFor();
    await expectMessages(page, ['Aggregator is required']);
    await page.getByRole('combobox', { name: 'Aggregator' }).selectOption({ label: 'Evergen' });
    await box(page, 'Company Name').fill('Sparks & Co');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Electrician updated successfully').first().waitFor();
    await page.getByRole('heading', { level: 1, name: `Electrician [Riley Sparks ${stamp}]` }).waitFor();
    await page.getByText('Evergen', { exact: true }).waitFor();
    await page.getByText('Sparks & Co', { exact: true }).waitFor();

    // the new one is deleted; one who installed devices is kept, and the dialog says why
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete Electrician' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Electrician deleted successfully').first().waitFor();
    await page.waitForURL('**/admin/electricians');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('Ben Carter');
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await list.getByRole('button', { name: 'Delete Ben Carter' }).click();
    const refuse = page.getByRole('dialog', { name: 'Delete Electrician' });
    await refuse.getByRole('button', { name: 'Yes' }).click();
    await refuse.getByText(/^This electrician has installed \d+ devices and cannot be deleted$/).waitFor();
    await refuse.getByRole('button', { name: 'No' }).click();
    await list.getByRole('button', { name: 'View Ben Carter' }).click();
    await page.getByRole('table', { name: 'Installed Devices' }).locator('tbody tr').first().waitFor();
  }));

test('the electrician adds, edits and deletes a field worker of its own, with the messages', () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'electrician@demo.test');
    await page.waitForURL('**/electrician/devices');
    await page.getByRole('link', { name: 'Field Workers', exact: true }).click();
    await page.waitForURL('**/electrician/installer-agents');
    const list = page.getByRole('table', { name: 'Field Workers' });
    await list.locator('tbody tr').first().waitFor();

    await page.getByRole('button', { name: 'Add Field Worker' }).click();
    await page.waitForURL((url) => url.pathname === '/electrician/installer-agent');
    await expectMessages(page, ['First Name is required', 'Last Name is required', 'Email is required', 'Phone Number is required', 'Password is required']);
    await box(page, 'First Name').fill('x'.repeat(200));
    await box(page, 'Last Name').fill('y'.repeat(200));
    await box(page, 'Email').fill('jamie@');
    await box(page, 'Phone Number').fill('1234567');
    await password(page).fill('lowercase1');
    await expectMessages(page, [
      'First Name should be less than 200 character',
      'Last Name should be less than 200 character',
      'Email address is invalid',
      'Phone Number must be 8 to 13 characters.',
      'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit',
    ]);
    await box(page, 'First Name').fill('Jamie');
    await box(page, 'Last Name').fill(`Ladder ${stamp}`);
    await box(page, 'Email').fill(`jamie.${stamp}@volt.example.com`);
    await box(page, 'Phone Number').fill('+61412345678');
    await password(page).fill('Ladder-up-2026');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Field worker added successfully').first().waitFor();
    await page.waitForURL('**/electrician/installer-agent/view/*');
    await page.getByRole('heading', { level: 1, name: `Field Worker [Jamie Ladder ${stamp}]` }).waitFor();

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Edit Field Worker [Jamie Ladder ${stamp}]` }).waitFor();
    await box(page, 'Last Name').fill(`Ladders ${stamp}`);
    await box(page, 'Phone Number').fill('0412');
    await expectMessages(page, ['Phone Number must be 8 to 13 characters.']);
    await box(page, 'Phone Number').fill('0412345679');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Field worker updated successfully').first().waitFor();
    await page.getByRole('heading', { level: 1, name: `Field Worker [Jamie Ladders ${stamp}]` }).waitFor();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete Field Worker' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Field worker deleted successfully').first().waitFor();
    await page.waitForURL('**/electrician/installer-agents');
    await list.locator('tbody tr').first().waitFor();
    await list.getByText(`Jamie Ladders ${stamp}`).waitFor({ state: 'detached' });
  }));

test('the agency opens its electricians, their field workers and devices, and its electrician agents', () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'agency@demo.test');
    await page.waitForURL('**/agency/devices');
    await page.getByRole('link', { name: 'Electricians', exact: true }).click();
    await page.waitForURL('**/agency/electricians');
    const list = page.getByRole('table', { name: 'Electricians', exact: true });
    await list.getByText('Ben Carter').waitFor();
    await page.getByText(/of 3$/).first().waitFor();
    // under the list, the agency's devices its electricians installed, each with who installed it
    const installed = page.getByRole('table', { name: 'Devices installed by electricians' });
    await installed.locator('tbody tr').first().waitFor();
    await installed.getByText('Ben Carter').first().waitFor();
    await list.getByRole('button', { name: 'View Ben Carter' }).click();
    await page.waitForURL('**/agency/electricians/view/*');
    await page.getByRole('heading', { level: 1, name: 'Electrician [Ben Carter]' }).waitFor();
    const workers = page.getByRole('table', { name: 'Field Workers' });
    await workers.locator('tbody tr').first().waitFor();
    await page.getByRole('table', { name: 'Installed Devices' }).locator('tbody tr').first().waitFor();
    await workers.getByRole('link').first().click();
    await page.waitForURL('**/agency/electricians-agents/view/*');
    await page.getByRole('heading', { level: 1, name: /^Field Worker \[/ }).waitFor();

    await page.getByRole('link', { name: 'Electrician Agents', exact: true }).click();
    await page.waitForURL('**/agency/electricians-agents');
    await page.getByRole('table', { name: 'Electrician Agents' }).locator('tbody tr').first().waitFor();
  }));
