// What the front-end bench and the waterfall tool share: a sign-in through the real form (password,
// then the mailed code), a session carried into a cold context, and when a first screen's content shows.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, newestMailKey, waitForOtp } from '../support/sign-in';
import type { Stack } from '../support/stack';
import { installNameShim, recordScripts } from './page-weight';

export type Files = Array<{ url: string; body: Buffer }>;

/**
 * What a first screen's first content is, in the page:
 *   - a dashboard's first chart drawn: a canvas in <main> holding a chart (shared-ui's SeriesChart marks
 *     it `data-drawn` once chart.js has drawn; the bare canvas comes before chart.js does);
 *   - a list's first row: a cell of a data row in <main> (the empty or loading row is one cell spanning all).
 */
export const FIRST_CONTENT = {
  chart: 'main canvas[data-drawn]',
  row: 'main tbody tr td:not([colspan])',
} as const;
export type FirstContent = keyof typeof FIRST_CONTENT;

/** performance.now() when `selector` first matches in the page (read with `firstContentTime`). */
export async function installContentTimer(context: BrowserContext, selector: string): Promise<void> {
  await context.addInitScript((sel: string) => {
    const w = window as unknown as { __firstContentAt?: number };
    const obs = new MutationObserver(() => {
      if (document.querySelector(sel)) {
        w.__firstContentAt = performance.now();
        obs.disconnect();
      }
    });
    obs.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-drawn'] });
  }, selector);
}

/** Waits for the content `installContentTimer` watches for, and answers when it showed (ms since navigation). */
export async function firstContentTime(page: Page): Promise<number> {
  await page.waitForFunction(() => typeof (window as unknown as { __firstContentAt?: number }).__firstContentAt === 'number', null, { timeout: 60_000 });
  return page.evaluate(() => (window as unknown as { __firstContentAt: number }).__firstContentAt);
}

/** Local storage of a signed-in console, put into a page (of any origin) before its scripts run. */
export async function carrySession(context: BrowserContext, session: Record<string, string>): Promise<void> {
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [key, value] of Object.entries(entries)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
  }, session);
}

export interface SignedIn {
  /** The page signing in landed on. */
  home: string;
  /** The console's local storage after signing in. */
  session: Record<string, string>;
  state: Awaited<ReturnType<BrowserContext['storageState']>>;
  /** The scripts signing in downloaded on top of /login. */
  duringSignIn: Files;
}

/** Signs in through the form: the page it lands on, its session (local storage) and what signing in downloaded. */
export async function signInThroughForm(browser: Browser, stack: Stack, email: string): Promise<SignedIn> {
  const context = await browser.newContext({ baseURL: stack.consoleUrl });
  await installNameShim(context);
  const page = await context.newPage();
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  const rec = recordScripts(context);
  const before = await newestMailKey(email, stack.apiUrl);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/verify-otp**');
  await page.getByRole('textbox', { name: 'OTP', exact: true }).fill(await waitForOtp(email, before, stack.apiUrl));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL((u) => !/\/(verify-otp|login)$/.test(u.pathname));
  await page.waitForLoadState('networkidle');
  const duringSignIn = await rec.stop();
  const home = new URL(page.url()).pathname;
  const state = await context.storageState();
  const session = Object.fromEntries((state.origins.find((o) => o.origin === new URL(stack.consoleUrl).origin)?.localStorage ?? []).map((e) => [e.name, e.value]));
  await context.close();
  return { home, session, state, duringSignIn };
}
