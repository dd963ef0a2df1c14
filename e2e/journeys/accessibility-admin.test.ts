// Issue 20, Admin: every screen the console publishes for Admin (its remotes' description.json), in
// light and dark, with the dialogs each opens, scanned by axe-core; serious or critical violations fail,
// the rest are written to .test-results/axe-admin.json.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { auditRole, expectCovered, expectNoBlocking } from '../support/a11y-pass';
import { AxeLedger } from '../support/axe';
import { journey, launchChromium, stackInfo } from '../support/browser';
import { readDescriptions, screensOf, type PublishedDescription } from '../support/console-routes';
import { account } from '../support/sign-in';
import { repoRoot } from '../support/stack';

let browser: Browser;
let descriptions: PublishedDescription[];
const ledger = new AxeLedger();

beforeAll(async () => {
  browser = await launchChromium();
  descriptions = await readDescriptions(stackInfo().consoleUrl);
});
afterAll(async () => {
  ledger.write(join(repoRoot, '.test-results', 'axe-admin.json'));
  await browser?.close();
});

test('Admin: every screen and its dialogs, light and dark, without serious or critical violations', () =>
  journey(browser, async ({ page }) => {
    const started = Date.now();
    const screens = screensOf(descriptions, 'Admin');
    const pass = await auditRole(page, account('admin@demo.test'), screens, ledger, stackInfo().apiUrl);
    console.log(
      `Admin: ${pass.visited.size} screens, ${pass.dialogs.length} dialogs, ${ledger.scans} scans in ${Math.round((Date.now() - started) / 1000)} s ${JSON.stringify(pass.time)}\n${pass.dialogs.join('\n')}`,
    );
    expectCovered(pass, screens);
    expectNoBlocking(ledger);
  }), 900_000);
