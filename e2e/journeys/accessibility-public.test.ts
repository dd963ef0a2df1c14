// Issue 20, signed out: every public screen the console publishes (mfe-auth's description.json), the
// login form with its validation messages, and the not-found page (signed out and signed in), in light
// and dark, scanned by axe-core. Serious or critical violations fail; the rest are written to
// .test-results/axe-public.json.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectCovered, expectNoBlocking, newPass, openScreen, scanBothThemes, scanDialogs, stillMotion, type PassContext } from '../support/a11y-pass';
import { AxeLedger } from '../support/axe';
import { chromiumPerFile, journey, stackInfo } from '../support/browser';
import { readDescriptions, screenKey, screensOf, type PublishedDescription } from '../support/console-routes';
import { goClientSide, settle } from '../support/screens';
import { DEMO_PASSWORD, signIn } from '../support/sign-in';
import { repoRoot } from '../support/stack';

const browser = chromiumPerFile();
let descriptions: PublishedDescription[];
const ledger = new AxeLedger();

beforeAll(async () => {
  descriptions = await readDescriptions(stackInfo().consoleUrl);
});
afterAll(async () => {
  ledger.write(join(repoRoot, '.test-results', 'axe-public.json'));
});

/** Public routes that are not opened as they are: where they are reached from, and where they land. */
const ENTRIES: Record<string, { path?: string; landsOn?: string; before?: (page: Page) => Promise<void> }> = {
  // a signed-out visit to / goes to the login form
  '/': { landsOn: '/login' },
  // the code step needs the password step first (its email travels with the navigation)
  '/verify-otp': {
    before: async (page) => {
      await goClientSide(page, '/login');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('customer@demo.test');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL('**/verify-otp');
    },
  },
};
// the reset forms are opened from the mailed link, with its token
const RESET_QUERY = '?token=a11y-token&email=customer%40demo.test';

async function scanNotFound(pass: PassContext, path: string): Promise<void> {
  await goClientSide(pass.page, path);
  await settle(pass.page, pass.network);
  await pass.page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await scanBothThemes(pass, { route: '(not found)', path });
}

test('every public screen and the not-found page, light and dark, without serious or critical violations', () =>
  journey(browser(), async ({ page }) => {
    const started = Date.now();
    await page.goto('/login');
    await stillMotion(page);
    const pass = newPass(page, 'signed out', stackInfo().apiUrl, '', ledger);
    await settle(page, pass.network);
    const screens = screensOf(descriptions, 'public');
    for (const screen of screens) {
      const entry = ENTRIES[screen.route] ?? {};
      await entry.before?.(page);
      const path = entry.path ?? (/reset-password$/.test(screen.route) ? `${screen.route}${RESET_QUERY}` : screen.route);
      await openScreen(pass, screen, path, entry.landsOn);
      await scanBothThemes(pass, { route: screen.route, path });
      await scanDialogs(pass, screen.route, path);
      pass.visited.add(screenKey(screen));
    }
    expectCovered(pass, screens);

    // the login form's validation messages
    await goClientSide(page, '/login');
    await settle(page, pass.network);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Email is required').first().waitFor();
    await scanBothThemes(pass, { route: '/login', path: '/login', dialog: 'validation messages' });

    await scanNotFound(pass, '/no-such-page');
    console.log(`signed out: ${pass.visited.size} screens in ${Math.round((Date.now() - started) / 1000)} s`);
    expectNoBlocking(ledger, 'signed out');
  }));

test('the not-found page signed in, light and dark', () =>
  journey(browser(), async ({ page }) => {
    await signIn(page, 'customer@demo.test');
    await stillMotion(page);
    const pass = newPass(page, 'Customer', stackInfo().apiUrl, '', ledger);
    await scanNotFound(pass, '/customer/no-such-page');
    expectNoBlocking(ledger, 'Customer');
  }));
