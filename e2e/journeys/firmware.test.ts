// Issue 4, mfe-firmware: as admin, upload firmware, create a rule, create a group of devices, set its
// target version and Update Flag, push from the OTAs screen and watch the OTA History reach installed.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { chromiumPerFile, journey, stackInfo } from '../support/browser';
import { signIn } from '../support/sign-in';
import { ownStackPerFile, publishRemote, remotePackages, remoteVersion, repoRoot } from '../support/stack';

const browser = chromiumPerFile();
let filesDir: string;

/**
 * The device simulator must move the pushed jobs: fleet-api keeps it off under NODE_ENV=test unless
 * FLEET_SIMULATOR says otherwise. When the shared stack was not started with it (global-setup passes
 * no apiEnv), this journey runs on a stack of its own, started through the harness with the simulator
 * on a fast tick, and points stackInfo() (sign-in, outbox, base URL) at it.
 */
if (!(process.env.FLEET_SIMULATOR && process.env.FLEET_SIMULATOR_INTERVAL_MS)) {
  ownStackPerFile({ seedDevices: 300, apiEnv: { FLEET_SIMULATOR: 'on', FLEET_SIMULATOR_INTERVAL_MS: '300' } });
}

beforeAll(async () => {
  // The harness publishes the remotes it lists; this journey needs mfe-firmware in the registry too.
  if (!remotePackages['mfe-firmware']) {
    publishRemote(stackInfo().dataDir, 'mfe-firmware', join(repoRoot, 'mfe-firmware', 'dist'), remoteVersion('mfe-firmware'));
  }
  filesDir = mkdtempSync(join(tmpdir(), 'fleet-firmware-'));
}, 180_000);
afterAll(async () => {
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

/** A small firmware image and its md5, as a release engineer would have them. */
function firmwareFile(version: string): { path: string; md5: string } {
  const bytes = randomBytes(4096);
  const path = join(filesDir, `livelink-${version}.bin`);
  writeFileSync(path, bytes);
  return { path, md5: createHash('md5').update(bytes).digest('hex') };
}

async function uploadFirmware(page: Page, version: string): Promise<void> {
  const file = firmwareFile(version);
  await page.getByRole('button', { name: 'Add Firmware' }).click();
  const dialog = page.getByRole('dialog', { name: 'Firmware' });
  await dialog.getByLabel('Firmware Version').fill(version);
  await dialog.getByLabel('Forced Update Message').fill(`Firmware ${version} must be installed`);
  await dialog.getByLabel('Firmware File', { exact: true }).setInputFiles(file.path);
  await dialog.getByLabel('Firmware File MD5 Value').fill(file.md5);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('table', { name: 'Firmwares' }).getByRole('cell', { name: version, exact: true }).waitFor();
}

/** Ticks a Chakra checkbox through its visible box: the input itself is visually hidden. */
async function tick(page: Page, label: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).locator('xpath=..').click();
}

/** The Manage Firmwares menu entry of the console's side menu. */
async function openFromMenu(page: Page, label: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL(`**${path}`);
}

const FROM = '9.0.1';
const TO = '9.0.2';

describe('firmware journey', () => {
  test('upload, rule, group, target and flag, push, history reaches installed', async () =>
    journey(browser(), async ({ page }) => {
      await signIn(page, 'admin@demo.test');
      await page.waitForURL('**/admin/dashboard');

      // Firmwares: under "All Products" the firmware area asks for a line first (remembered after).
      await openFromMenu(page, 'Firmwares', '/admin/firmwares');
      await page.getByText('Firmware, rules, groups and pushes are kept per product line. Choose a product line.').waitFor();
      await page.getByRole('combobox', { name: 'Product line' }).selectOption('livelink');
      await page.getByRole('heading', { name: 'Firmwares' }).waitFor();
      await uploadFirmware(page, FROM);
      await uploadFirmware(page, TO);
      const download = page.getByRole('link', { name: `Download livelink-${TO}.bin` });
      expect(await download.getAttribute('href')).toMatch(/\/api\/ota\/download\/\d+\//);

      // Rules: 9.0.1 -> 9.0.2.
      await openFromMenu(page, 'Rules', '/admin/rules');
      await page.getByRole('button', { name: 'Add Rule' }).click();
      const ruleDialog = page.getByRole('dialog', { name: 'Rule' });
      await ruleDialog.getByLabel('Current Version').selectOption(FROM);
      await ruleDialog.getByLabel('Upgrade To').selectOption(TO);
      await ruleDialog.getByLabel('Name').fill('Journey rule');
      await ruleDialog.getByRole('button', { name: 'Add', exact: true }).click();
      await ruleDialog.waitFor({ state: 'detached' });
      await page.getByRole('table', { name: 'Rules' }).getByRole('cell', { name: 'Journey rule', exact: true }).waitFor();

      // Groups: a group of two devices found by digits of their serial numbers.
      await openFromMenu(page, 'Groups', '/admin/OTA-groups');
      await page.getByRole('button', { name: 'Add Group' }).click();
      const groupDialog = page.getByRole('dialog', { name: 'Add Group' });
      await groupDialog.getByLabel('Name').fill('Journey group');
      await groupDialog.getByLabel('Search devices').fill('1');
      const options = groupDialog.getByRole('group', { name: 'Devices' }).getByRole('checkbox');
      await options.nth(1).waitFor();
      await options.nth(0).locator('xpath=..').click();
      await options.nth(1).locator('xpath=..').click();
      await groupDialog.getByRole('button', { name: /^Remove / }).nth(1).waitFor();
      await groupDialog.getByRole('button', { name: 'Yes', exact: true }).click();
      await groupDialog.waitFor({ state: 'detached' });
      const groups = page.getByRole('table', { name: 'Groups' });
      await groups.getByRole('cell', { name: 'Journey group', exact: true }).waitFor();

      // The Update Flag is refused until a target version is chosen.
      const updated = () => page.waitForResponse((r) => r.url().includes('/api/ota/group/update-data') && r.request().method() === 'PUT');
      await tick(page, 'Update Flag of Journey group');
      await page.getByText('Please select Target Version before sending Firmware Update').first().waitFor();
      const targetSaved = updated();
      await page.getByLabel('Target Version of Journey group').selectOption(TO);
      // A change to what devices install is confirmed in words first.
      const targetAsk = page.getByRole('dialog', { name: 'CHANGE TARGET VERSION' });
      await targetAsk.getByText(`Set the target version of Journey group to ${TO}?`).waitFor();
      await targetAsk.getByRole('button', { name: 'Yes', exact: true }).click();
      expect((await targetSaved).status()).toBe(200);
      await targetAsk.waitFor({ state: 'detached' });
      // The list is read again after the save; the flag then goes on with the target in place.
      await page.waitForFunction(
        () => (document.querySelector('[aria-label="Target Version of Journey group"]') as HTMLSelectElement | null)?.disabled === false,
      );
      const flagSaved = updated();
      await tick(page, 'Update Flag of Journey group');
      const flagAsk = page.getByRole('dialog', { name: 'UPDATE FLAG' });
      await flagAsk.getByRole('button', { name: 'Yes', exact: true }).click();
      const flagAnswer = await flagSaved;
      await flagAsk.waitFor({ state: 'detached' });
      expect(flagAnswer.status()).toBe(200);
      // Both are stored: a reload shows the target and the flag on.
      await page.reload();
      await page.getByLabel('Target Version of Journey group').waitFor({ state: 'attached' });
      await page.waitForFunction(
        (target) =>
          (document.querySelector('[aria-label="Target Version of Journey group"]') as HTMLSelectElement | null)?.value === target &&
          (document.querySelector('[aria-label="Update Flag of Journey group"]') as HTMLInputElement | null)?.checked === true,
        TO,
      );

      // The group's devices in Group Details.
      await groups.getByRole('button', { name: 'View Journey group' }).click();
      await page.getByRole('heading', { name: 'Group Details [Journey group]' }).waitFor();
      const members = page.getByRole('table', { name: 'Serial Number' });
      await members.getByRole('row').nth(2).waitFor();
      expect(await members.getByRole('row').count()).toBe(3);
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/OTA-groups');

      // OTAs: the devices that may get 9.0.2, all selected, pushed.
      await openFromMenu(page, 'OTAs', '/admin/OTAs');
      await page.getByRole('button', { name: 'Filters' }).click();
      const filters = page.getByRole('dialog', { name: 'Filters' });
      await filters.getByLabel('Available Firmware').selectOption(TO);
      await filters.getByLabel('Upgradable').selectOption('1');
      await filters.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/available_firmware=9\.0\.2/);
      const otas = page.getByRole('table', { name: 'OTAs' });
      await otas.getByRole('row').nth(2).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('table[aria-label="OTAs"] tbody tr').length === 2);
      // The header checkbox's visible box (Chakra hides the input itself).
      await tick(page, 'Select all rows on this page');
      await page.getByText('All 2 devices on this page are selected.').waitFor();
      await page.getByRole('button', { name: 'Push Firmware Update' }).click();
      const confirm = page.getByRole('dialog', { name: 'PUSH FIRMWARE UPDATE' });
      await confirm.getByText('Are you sure you want to send the firmware update to 2 device(s)?').waitFor();
      await confirm.getByRole('button', { name: 'Yes', exact: true }).click();
      await page.getByText('Firmware update sent to 2 devices').first().waitFor();

      // OTA History: the push, refreshed while it runs, until no device is still on its way.
      await openFromMenu(page, 'OTA History', '/admin/OTA_History');
      const history = page.getByRole('table', { name: 'OTA History' });
      const row = history.getByRole('row').filter({ has: page.getByRole('cell', { name: TO, exact: true }) });
      await row.waitFor();
      await page.waitForFunction(
        (target) => {
          const rows = [...document.querySelectorAll('table[aria-label="OTA History"] tbody tr')];
          const push = rows.find((tr) => tr.children[2]?.textContent === target);
          if (!push) return false;
          const cells = [...push.children].map((td) => td.textContent ?? '');
          return cells[4] === '0' && cells[5] === '0' && Number(cells[6]) + Number(cells[7]) === 2 && Number(cells[6]) >= 1;
        },
        TO,
        { timeout: 60_000, polling: 500 },
      );
      // Pushed By: the signed-in admin's name.
      expect((await row.getByRole('cell').nth(1).textContent())?.trim()).not.toMatch(/^-?$/);

      await row.getByRole('button', { name: /^View #/ }).click();
      const devices = page.getByRole('dialog', { name: /^Push #\d+: devices$/ });
      await devices.locator('[data-state="installed"]').first().waitFor();
      expect(await devices.getByRole('row').count()).toBe(3);
    }));
});
