// Issue 13 (part): Admin creates a tariff trying every message of spec 5 (the CSV of post codes,
// 1440 minutes a day, 365 days a year, unique types, the first slot's name), edits and deletes it, and
// is refused the delete of a tariff a property uses; then creates, edits and deletes a slider of a
// product line, trying 'Link is invalid.Enter valid link', and sees the slides' images.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();
let filesDir: string;
beforeAll(async () => {
  filesDir = mkdtempSync(join(tmpdir(), 'fleet-tariffs-'));
});
afterAll(async () => {
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

const stamp = Date.now().toString(36);

/** A file an operator would pick. */
function file(name: string, content: string | Buffer): string {
  const path = join(filesDir, name);
  writeFileSync(path, content);
  return path;
}

/** A 1 x 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNg+M8AAAICAQB7CYF4AAAAAElFTkSuQmCC', 'base64');

async function openFromMenu(page: Page, name: string, path: string, group?: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await (group ? menu.getByRole('group', { name: group }) : menu).getByRole('link', { name, exact: true }).click();
  await page.waitForURL(`**${path}`);
}

/** Ticks a Chakra checkbox through its visible box: the input itself is visually hidden. */
async function tick(scope: Locator, label: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).locator('xpath=..').click();
}

async function seeAll(scope: Locator | Page, messages: string[]): Promise<void> {
  for (const m of messages) await scope.getByText(m, { exact: true }).first().waitFor();
}

/** Adds a slot of a kind to a day of a season and fills it. */
async function addSlot(season: Locator, day: string, kind: string, start: string, end: string, name: string): Promise<void> {
  const kindGroup = season.getByRole('group', { name: `${day}: ${kind}`, exact: true });
  await kindGroup.getByRole('button', { name: `Add ${kind} slot` }).click();
  const row = kindGroup.getByRole('group', { name: new RegExp(`^${day}: ${kind} slot \\d+$`) }).last();
  await row.getByLabel('Start Time').fill(start);
  await row.getByLabel('End Time').fill(end);
  if (name) await row.getByRole('textbox', { name: 'Name' }).fill(name);
}

test('Admin creates a tariff through every rule of spec 5, edits it and deletes it; a tariff in use is kept', () =>
  journey(browser(), async ({ page, expect: provokes }) => {
    // the tariff of the demo property's distributor cannot go
    provokes(/409 \(Conflict\).*\/api\/tarrif\/delete\//);
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    await openFromMenu(page, 'Tariffs', '/admin/tariffs');
    const table = page.getByRole('table', { name: 'Tariffs' });
    await table.getByText('Endeavour Energy').waitFor();
    await table.getByRole('button', { name: 'Delete Endeavour Energy' }).click();
    const refused = page.getByRole('dialog', { name: 'Delete Tariff' });
    await refused.getByRole('button', { name: 'Yes' }).click();
    await refused.getByText(/^This tariff is the current tariff of \d+ propert(y|ies)$/).waitFor();
    await refused.getByRole('button', { name: 'No' }).click();

    await page.getByRole('button', { name: 'Add Tariff' }).click();
    await page.waitForURL('**/admin/tariff?*');
    const save = () => page.getByRole('button', { name: 'Save', exact: true }).click();
    await save();
    await seeAll(page, ['Company is required', 'Post Code is required. Please upload valid CSV file.', 'Type is required', 'Start date is required', 'End date is required']);

    const company = `Harbour Grid ${stamp}`;
    await page.getByRole('textbox', { name: 'Company' }).fill(company);
    const csvInput = page.getByLabel('Post codes CSV file', { exact: true });
    await csvInput.setInputFiles(file('towns.csv', 'Post Code,Town\n2995,Sydney\n'));
    await page.getByRole('alert').filter({ hasText: 'Post Code is required. Please upload valid CSV file.' }).waitFor();
    await csvInput.setInputFiles(file('codes.csv', 'Post Code\n2995\n2996,2995\n'));
    await page.getByText('2 post codes: 2995, 2996').waitFor();

    const first = page.getByRole('group', { name: 'Tariff Type 1', exact: true });
    await first.getByRole('textbox', { name: 'Type' }).fill('Time of Use');
    const season = first.getByRole('group', { name: 'Season 1', exact: true });
    await season.getByLabel('From').fill('2026-01-01');
    await season.getByLabel('To').fill('2026-06-30');
    await season.getByText('181 days').waitFor();
    // a peak without a name and 18 hours of the day
    await addSlot(season, 'Season 1: Weekdays', 'Peak', '14:00', '20:00', '');
    await addSlot(season, 'Season 1: Weekdays', 'Off-peak', '22:00', '10:00', 'Off-peak');
    await save();
    await seeAll(first, ['Season should be of 365 Days', 'Weekday should be of 24 Hours', 'Name is required']);
    await season.getByText('18:00 of 24 hours').waitFor();

    await season.getByRole('group', { name: 'Season 1: Weekdays: Peak slot 1' }).getByRole('textbox', { name: 'Name' }).fill('Peak');
    await addSlot(season, 'Season 1: Weekdays', 'Shoulder', '10:00', '14:00', 'Shoulder');
    await addSlot(season, 'Season 1: Weekdays', 'Shoulder', '20:00', '22:00', '');
    await season.getByText('Weekday should be of 24 Hours').waitFor({ state: 'detached' });
    // weekends of their own: the weekdays without the peak are 18 hours
    await tick(season, 'Weekends same as weekdays');
    await season.getByRole('group', { name: 'Season 1: Weekends: Peak slot 1' }).getByRole('button', { name: 'Remove Peak slot 1' }).click();
    await season.getByText('Weekend should be of 24 Hours').waitFor();
    await addSlot(season, 'Season 1: Weekends', 'Other', '14:00', '20:00', 'Weekend day');
    await season.getByText('Weekend should be of 24 Hours').waitFor({ state: 'detached' });
    // the rest of the year: one season, all day off-peak
    await first.getByRole('button', { name: 'Add Season' }).click();
    const second = first.getByRole('group', { name: 'Season 2', exact: true });
    await second.getByLabel('To').fill('2026-12-31');
    await addSlot(second, 'Season 2: Weekdays', 'Off-peak', '00:00', '00:00', 'All day');
    await first.getByText('Season should be of 365 Days').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add Tariff Type' }).click();
    const flat = page.getByRole('group', { name: 'Tariff Type 2', exact: true });
    await flat.getByRole('textbox', { name: 'Type' }).fill('TIME OF USE');
    await tick(flat, 'Flat Rate');
    await flat.getByText('Type cannot be same').waitFor();
    await flat.getByRole('textbox', { name: 'Type' }).fill('Flat Rate');
    await save();
    await page.getByText('Tariff added successfully').first().waitFor();
    await page.waitForURL('**/admin/tariffs*');

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog').getByLabel('Company').fill(stamp);
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    const row = table.locator('tbody tr', { hasText: company });
    await row.getByText('Time of Use, Flat Rate').waitFor();
    await row.getByRole('button', { name: `Edit ${company}` }).click();
    await page.waitForURL('**/admin/tariff/*');
    await page.getByRole('heading', { name: 'Edit Tariff' }).waitFor();
    await page.getByRole('group', { name: 'Season 1: Weekends: Other slot 1' }).getByRole('textbox', { name: 'Name' }).waitFor();
    await page.getByRole('textbox', { name: 'Company' }).fill(`${company} Networks`);
    await save();
    await page.getByText('Tariff updated successfully').first().waitFor();
    await page.waitForURL('**/admin/tariffs*');
    await table.getByText(`${company} Networks`).waitFor();

    await table.getByRole('button', { name: `Delete ${company} Networks` }).click();
    await page.getByRole('dialog', { name: 'Delete Tariff' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Tariff deleted successfully').first().waitFor();
    await table.getByText(`${company} Networks`).waitFor({ state: 'detached' });
  }));

test('Admin adds, edits and deletes a slider of a product line; the slides show their images', () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    await openFromMenu(page, 'Livelink', '/admin/livelink/slider', 'Sliders');
    const table = page.getByRole('table', { name: 'Livelink Sliders' });
    // the demo slides' images load through their signed links
    const demo = table.getByRole('img').first();
    await demo.waitFor();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await demo.elementHandle());

    await page.getByRole('button', { name: 'Add Slider' }).click();
    const add = page.getByRole('dialog', { name: 'Add Slider' });
    await add.getByRole('button', { name: 'Save' }).click();
    await seeAll(add, ['Name is required', 'Link is invalid.Enter valid link', 'Image is required']);
    const name = `Winter tips ${stamp}`;
    await add.getByRole('textbox', { name: 'Name' }).fill(name);
    await add.getByRole('textbox', { name: 'Link' }).fill('https://example.com/winter');
    await add.getByText('Link is invalid.Enter valid link').waitFor({ state: 'detached' });
    await add.getByLabel('Image', { exact: true }).setInputFiles(file('winter.png', PNG));
    await add.getByText('Image is required').waitFor({ state: 'detached' });
    // a link without its scheme is refused, and nothing is sent
    await add.getByRole('textbox', { name: 'Link' }).fill('example.com/winter');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText('Link is invalid.Enter valid link').waitFor();
    await add.getByRole('button', { name: 'Remove winter.png' }).waitFor();
    await add.getByRole('textbox', { name: 'Link' }).fill('https://example.com/winter');
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Slider added successfully').first().waitFor();
    await add.waitFor({ state: 'detached' });

    const image = table.getByRole('img', { name: `Image of ${name}` });
    await image.waitFor();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 1, await image.elementHandle());
    await table.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Slider' });
    await edit.getByText('Current image: winter.png. Choose a file to replace it.').waitFor();
    await edit.getByRole('textbox', { name: 'Link' }).fill('winter');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Link is invalid.Enter valid link').waitFor();
    await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} (updated)`);
    await edit.getByRole('textbox', { name: 'Link' }).fill('https://example.com/winter-tips');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Slider updated successfully').first().waitFor();
    await table.getByRole('link', { name: 'https://example.com/winter-tips' }).waitFor();

    await table.getByRole('button', { name: `Delete ${name} (updated)` }).click();
    await page.getByRole('dialog', { name: 'Delete Slider' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Slider deleted successfully').first().waitFor();
    await table.getByText(`${name} (updated)`).waitFor({ state: 'detached' });
  }));
