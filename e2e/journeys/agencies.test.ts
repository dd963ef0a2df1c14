// Issue 13 (agencies): Admin creates an agency trying every message of the spec, edits it, sets it
// In-Active (the agency, signed in meanwhile, is ended at once) and deletes it; an agency that still
// has devices is kept. The agency creates, edits and deletes an installation agent with its messages.
import type { Page } from 'playwright-core';
import { chromiumPerFile, journey, stackInfo } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

const stamp = Date.now().toString(36);
const STRENGTH = 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit';
const SESSION_DIALOG = 'Please renew your session to continue';

/**
 * Save the page's form as it is (Enter in its first box: a refusal's toast may lie over the Save
 * button, and a pointer over a toast keeps it open), and see each message.
 */
async function save(page: Page): Promise<void> {
  await page.locator('form input').first().press('Enter');
}

async function expectMessages(page: Page, messages: string[]): Promise<void> {
  await save(page);
  for (const m of messages) await page.getByText(m, { exact: true }).first().waitFor();
}

async function fill(page: Page, label: RegExp, value: string): Promise<void> {
  await page.getByRole('textbox', { name: label }).fill(value);
}

test('Admin creates an agency with every message of the spec, edits it, sets it In-Active (its user is ended) and deletes it', () =>
  journey(browser(), async ({ page, expect: provokes }) => {
    // an agency with devices, and an email in use, are refused on purpose
    provokes(/409 \(Conflict\)/);
    await signIn(page, 'admin@demo.test');
    await page.getByRole('group', { name: 'Manage Agencies' }).getByRole('link', { name: 'Agencies' }).click();
    await page.waitForURL('**/admin/installer-agencies');
    const agencies = page.getByRole('table', { name: 'Agencies' });
    await agencies.locator('tbody tr').first().waitFor();

    // the one that installs devices is kept, saying why
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog').getByLabel('Agency Name').fill('Sunrise Installers West');
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await agencies.getByRole('button', { name: 'Delete Sunrise Installers West' }).click();
    const refuse = page.getByRole('dialog', { name: 'Delete Agency' });
    await refuse.getByRole('button', { name: 'Yes' }).click();
    await refuse.getByText(/^This agency has \d+ devices?, .*; move them to another agency or set it In-Active instead$/).waitFor();
    await refuse.getByRole('button', { name: 'No' }).click();

    await page.getByRole('button', { name: 'Add Agency' }).click();
    await page.waitForURL(/\/admin\/installer-agency\?/);
    await page.getByRole('heading', { level: 1, name: 'Add Agency' }).waitFor();
    await expectMessages(page, [
      'Agency Name is required',
      'Email is required',
      'Password is required',
      'Contact First Name is required',
      'Contact Last Name is required',
      'Phone Number is required',
      'Valid Postal code is required',
    ]);
    const name = `Journey Energy ${stamp}`;
    const email = `office-${stamp}@journey-energy.example.com`;
    const password = 'Journey-Agency-2026';
    await fill(page, /Agency Name/, name);
    await fill(page, /^Email/, 'office@journey');
    await page.getByLabel(/^Password/).fill('weakpass');
    await fill(page, /Phone Number/, '12345');
    await fill(page, /Contact First Name/, 'Jo');
    await fill(page, /Contact Last Name/, 'Journey');
    await fill(page, /Postcode/, '20');
    await expectMessages(page, ['Email address is invalid', STRENGTH, 'Phone Number must be 8 to 13 characters.', 'Valid Postal code is required']);
    // an email another agency has: the server says so, what was typed stays
    await fill(page, /^Email/, 'agency@demo.test');
    await page.getByLabel(/^Password/).fill(password);
    await fill(page, /Phone Number/, '0412345678');
    await fill(page, /Postcode/, '3000');
    await expectMessages(page, ['An agency with this email already exists']);
    expect(await page.getByRole('textbox', { name: /Agency Name/ }).inputValue()).toBe(name);
    await fill(page, /^Email/, email);
    await save(page);
    await page.waitForURL('**/admin/installer-agency/view/*');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('Agency added successfully').first().waitFor();
    const id = new URL(page.url()).pathname.split('/').pop();

    // edit: the password stays unless one is typed
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`**/admin/installer-agency/${id}`);
    await fill(page, /Contact First Name/, 'Joanne');
    await save(page);
    await page.waitForURL(`**/admin/installer-agency/view/${id}`);
    await page.getByText('Joanne Journey').waitFor();

    // the new agency signs in with the password Admin gave it
    const agencyContext = await browser().newContext({ baseURL: stackInfo().consoleUrl, viewport: { width: 1400, height: 900 } });
    const agencyPage = await agencyContext.newPage();
    try {
      await signIn(agencyPage, email, password);
      await agencyPage.waitForURL('**/agency/devices');
      await agencyPage.getByRole('table').first().waitFor();

      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await page.waitForURL(`**/admin/installer-agency/${id}`);
      await page.getByRole('combobox', { name: 'Status' }).selectOption('In-Active');
      await save(page);
      await page.waitForURL(`**/admin/installer-agency/view/${id}`);
      await page.getByText('In-Active', { exact: true }).first().waitFor();
      // its live socket is closed by the edit: the session dialog opens with no action of the agency's
      await agencyPage.getByRole('alertdialog').getByText(SESSION_DIALOG, { exact: true }).waitFor();
      // its token is refused from now on
      const token = await agencyPage.evaluate(() => localStorage.getItem('access-token'));
      const profile = await fetch(`${stackInfo().apiUrl}/api/agency/getprofile`, { headers: { authorization: `Bearer ${token}` } });
      expect(profile.status).toBe(401);
    } finally {
      await agencyContext.close();
    }

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete Agency' }).getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL('**/admin/installer-agencies');
    await page.getByText('Agency deleted successfully').first().waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog').getByLabel('Agency Name').fill(stamp);
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Showing 0-0 of 0').waitFor();
  }));

test('the agency creates, edits and deletes an installation agent with the messages of the spec', () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'agency@demo.test');
    await page.waitForURL('**/agency/devices');
    await page.getByRole('link', { name: 'Installation Agents', exact: true }).click();
    await page.waitForURL('**/agency/installation-agents');
    const agents = page.getByRole('table', { name: 'Installation Agents' });
    await agents.locator('tbody tr').first().waitFor();

    await page.getByRole('button', { name: 'Add Installation Agent' }).click();
    await page.waitForURL(/\/agency\/installation-agent\?/);
    await expectMessages(page, ['First Name is required', 'Last Name is required', 'Email is required', 'Phone Number is required', 'Password is required']);
    await fill(page, /First Name/, 'x'.repeat(200));
    await fill(page, /Last Name/, 'y'.repeat(200));
    await fill(page, /^Email/, 'priya@agents');
    await fill(page, /Phone Number/, '0412');
    await page.getByLabel(/^Password/).fill('install9');
    await expectMessages(page, ['First Name should be less than 200 character', 'Last Name should be less than 200 character', 'Email address is invalid', 'Phone Number must be 8 to 13 characters.', STRENGTH]);
    await fill(page, /First Name/, 'Priya');
    await fill(page, /Last Name/, `Shah ${stamp}`);
    await fill(page, /^Email/, `priya.${stamp}@agents.example.com`);
    await fill(page, /Phone Number/, '0412000111');
    await page.getByLabel(/^Password/).fill('Install-Pass-9');
    await save(page);
    await page.waitForURL('**/agency/installation-agents/view/*');
    await page.getByRole('heading', { level: 1, name: `Priya Shah ${stamp}` }).waitFor();
    await page.getByText('Installation agent added successfully').first().waitFor();
    await page.getByText('Can sign in to the installer app').waitFor();

    // edit without a password: the one set stays (the password is required on create only)
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL('**/agency/installation-agents/*');
    await fill(page, /Phone Number/, '0412000222');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('In-Active');
    await save(page);
    await page.waitForURL('**/agency/installation-agents/view/*');
    await page.getByText('0412000222').waitFor();
    await page.getByText('The installation agent is In-Active').waitFor();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete Installation Agent' }).getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL('**/agency/installation-agents');
    await page.getByText('Installation agent deleted successfully').first().waitFor();
    await agents.getByText(`Priya Shah ${stamp}`).waitFor({ state: 'detached' });
  }));
