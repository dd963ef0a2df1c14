// Issue 20, every role but Admin (accessibility-admin.test.ts): each screen the console publishes for
// the role (its remotes' description.json), in light and dark, with the dialogs each opens, scanned by
// axe-core; and the session-expired dialog. Serious or critical violations fail; the rest are written
// to .test-results/axe-roles.json. The roles run three at a time (jest.config.js maxConcurrency).
import { join } from 'node:path';
import { auditRole, concurrentPassesStart, expectCovered, expectNoBlocking, newPass, scanBothThemes, signInOneAtATime, stillMotion } from '../support/a11y-pass';
import { AxeLedger } from '../support/axe';
import { journey, stackInfo } from '../support/browser';
import { screensOf } from '../support/console-routes';
import { settle } from '../support/screens';
import { DEMO_ACCOUNTS } from '../support/sign-in';
import { repoRoot } from '../support/stack';

const ledger = new AxeLedger();
const ready = concurrentPassesStart();

afterAll(async () => {
  ledger.write(join(repoRoot, '.test-results', 'axe-roles.json'));
});

const ROLES = DEMO_ACCOUNTS.filter((a) => a.userType !== 'Admin');

test.concurrent.each(ROLES.map((a) => [a.userType, a] as const))('%s: every screen and its dialogs, light and dark, without serious or critical violations', async (role, account) => {
  const { browser: b, descriptions } = await ready();
  await journey(b, async ({ page }) => {
    const since = Date.now();
    const screens = screensOf(descriptions, role);
    expect(screens.length).toBeGreaterThan(0);
    const pass = await auditRole(page, account, screens, ledger, stackInfo().apiUrl);
    console.log(`${role}: ${pass.visited.size} screens, ${pass.dialogs.length} dialogs in ${Math.round((Date.now() - since) / 1000)} s ${JSON.stringify(pass.time)}\n${pass.dialogs.join('\n')}`);
    expectCovered(pass, screens);
    expectNoBlocking(ledger, role);
  });
}, 600_000);

test.concurrent('the session-expired dialog, light and dark', async () => {
  const { browser: b } = await ready();
  await journey(b, async (j) => {
    j.expect(/status of 401/);
    const { page } = j;
    await signInOneAtATime(page, 'customer@demo.test');
    await page.goto('/customer/profile');
    // tokens the server refuses (their signatures broken): the page's first call after a load meets a
    // 401, and the silent renewal is refused too, so the dialog opens
    const token = await page.evaluate(() => {
      const t = window.localStorage.getItem('access-token') ?? '';
      for (const key of ['access-token', 'refresh-token']) {
        const v = window.localStorage.getItem(key) ?? '';
        window.localStorage.setItem(key, `${v.slice(0, -4)}${v.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`);
      }
      return t;
    });
    const pass = newPass(page, 'Customer (session expired)', stackInfo().apiUrl, token, ledger);
    await page.reload();
    await stillMotion(page);
    await page.getByRole('alertdialog').getByText('Please renew your session to continue', { exact: true }).waitFor();
    // no settle(): the refused renewal's answer is never read (its body holds nothing the console
    // needs), so the browser never reports that request finished; the dialog is drawn, animations are off
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await scanBothThemes(pass, { route: '(any)', path: '/customer/profile', dialog: 'Session expired' }, '[role="alertdialog"]');
    expectNoBlocking(ledger, 'Customer (session expired)');
  });
});

// At phone width a list is cards, not a table, the filters that are on are chips, and the side menu
// folds behind a button: what no desktop scan sees.
test.concurrent('at phone width: a list as cards with its filter chips, and the folded menu, light and dark', async () => {
  const { browser: b } = await ready();
  await journey(b, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInOneAtATime(page, 'sm@demo.test');
    await stillMotion(page);
    const pass = newPass(page, 'sm (phone width)', stackInfo().apiUrl, '', ledger);
    const route = '/sitemanager/devices';
    const path = `${route}?device_status[]=Active`;
    await page.goto(path);
    await stillMotion(page);
    await page.getByRole('list', { name: 'Devices [Heat Pump]' }).getByRole('listitem').first().waitFor();
    await page.getByRole('group', { name: 'Filters on' }).getByRole('button').first().waitFor();
    await settle(page, pass.network);
    await scanBothThemes(pass, { route, path });

    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'visible' });
    await settle(page, pass.network);
    await scanBothThemes(pass, { route, path, dialog: 'Main menu (phone width)' });
    expectNoBlocking(ledger, 'sm (phone width)');
  });
});
