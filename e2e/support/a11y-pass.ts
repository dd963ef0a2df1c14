// The accessibility pass of one role: every screen the console publishes for it, in both colour modes,
// with the dialogs each screen opens, scanned by axe-core (support/axe.ts).
//
// Per screen: the full rule set in the colour mode the page is in, then the colour rules in the other
// mode (the mode changes CSS colours only, the DOM stays: names, roles and structure need one scan).
// The same for each dialog, scanned on its own (the page behind is inert and was scanned already).
// Modes alternate from screen to screen, so both get full scans over a run.
import type { Browser, ElementHandle, Page } from 'playwright-core';
import { AxeLedger, runAxe, type Theme } from './axe';
import { launchChromium, stackInfo } from './browser';
import { readDescriptions, screenKey, pathFor, type PublishedDescription, type Screen } from './console-routes';
import { goClientSide, NetworkWatch, setTheme, settle } from './screens';
import { signIn } from './sign-in';

/**
 * Chromium and the descriptions the console publishes, for a file of passes that run side by side:
 * concurrent tests may start before beforeAll hooks, so they share this one start; the browser closes
 * after the file's last test.
 */
export function concurrentPassesStart(): () => Promise<{ browser: Browser; descriptions: PublishedDescription[] }> {
  let browser: Browser | undefined;
  let started: Promise<{ browser: Browser; descriptions: PublishedDescription[] }> | undefined;
  afterAll(async () => {
    await browser?.close();
  });
  return () =>
    (started ??= (async () => {
      browser = await launchChromium();
      return { browser, descriptions: await readDescriptions(stackInfo().consoleUrl) };
    })());
}

/** The rules a change of colour mode can change the outcome of. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * Buttons that open a dialog on a screen: the filter drawer, Add/New and Edit dialogs, Delete and
 * Remove confirmations, the column chooser, Resolve and Update dialogs. Outside forms only (a form's
 * own "Add Season" adds a row), and never a confirmation's Yes: every dialog is closed with Escape,
 * so the pass changes no data.
 */
const OPENS_DIALOG = /^((Filters|Search)( \d+)?|Columns?\b.*|Add\b.*|New\b.*|Edit\b.*|Delete\b.*|Resolve\b.*|Update|Assign\b.*)$/;

/** Suppress animations and transitions: a dialog is scanned at its end state without waiting 600 ms. */
const NO_MOTION = '*, *::before, *::after { animation-duration: 0s !important; animation-delay: 0s !important; transition-duration: 0s !important; transition-delay: 0s !important; }';

export interface PassContext {
  page: Page;
  network: NetworkWatch;
  ledger: AxeLedger;
  role: string;
  apiUrl: string;
  token: string;
  /** Keys (screenKey) of the screens scanned. */
  visited: Set<string>;
  /** Routes that redirect to another route of the role (scanned there), `alias -> route`. */
  aliases: string[];
  /** Dialogs scanned, `route [dialog name]`. */
  dialogs: string[];
  /** The product selected for screens that name none (Admin and Agency choose one in the header). */
  product?: string;
  /** Milliseconds spent opening screens, scanning them, and on their dialogs. */
  time: { open: number; scan: number; dialogs: number };
}

export function newPass(page: Page, role: string, apiUrl: string, token: string, ledger: AxeLedger): PassContext {
  return { page, network: new NetworkWatch(page), ledger, role, apiUrl, token, visited: new Set(), aliases: [], dialogs: [], time: { open: 0, scan: 0, dialogs: 0 } };
}

/** Once per document: the stylesheet that stops animations (CSP allows inline styles: Emotion needs them). */
export async function stillMotion(page: Page): Promise<void> {
  await page.addStyleTag({ content: NO_MOTION });
}

const other = (t: Theme): Theme => (t === 'light' ? 'dark' : 'light');

async function themeOf(page: Page): Promise<Theme> {
  return (await page.evaluate(() => document.documentElement.classList.contains('dark'))) ? 'dark' : 'light';
}

/** Scans what is showing in both modes: every rule in the current one, the colour rules in the other. */
export async function scanBothThemes(pass: PassContext, place: { route: string; path: string; dialog?: string }, selector?: string): Promise<void> {
  const { page, ledger, role } = pass;
  const first = await themeOf(page);
  ledger.record({ role, ...place, theme: first }, await runAxe(page, { selector }));
  await setTheme(page, other(first));
  ledger.record({ role, ...place, theme: other(first) }, await runAxe(page, { selector, rules: COLOUR_RULES }));
}

/** What the shell shows instead of a screen: not found, or a remote's error panel. */
async function shellRefusal(page: Page): Promise<string | null> {
  for (const text of ['Page not found', 'This part of the console could not be loaded', 'This part of the console stopped working', 'This part of the console is not compatible with this console']) {
    if (await page.getByText(text, { exact: true }).count()) return text;
  }
  return null;
}

/** Selects a product in the header (Admin's and Agency's screens that depend on it). */
async function selectProduct(page: Page, product: string): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Product', exact: true });
  if ((await select.inputValue()) !== product) await select.selectOption(product);
}

/** Whether a path is an instance of a route (its parameters any one segment). */
const matchesRoute = (pathname: string, route: string): boolean =>
  new RegExp(`^${route.replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(pathname);

/**
 * Opens one screen client-side and checks the console really shows it: the path stays (no guard
 * redirect), the route's remote is mounted, and no not-found or error panel stands in for it.
 * A route that is an alias (it redirects to another route of `others`, e.g. Admin's /admin/models to
 * /admin/heat_pump/models) answers the route it landed on: that screen is scanned under its own route.
 */
export async function openScreen(pass: PassContext, screen: Screen, path: string, landsOn = path, others: Screen[] = []): Promise<string | null> {
  const { page, network } = pass;
  const product = screen.product ?? pass.product;
  if (product) await selectProduct(page, product);
  await goClientSide(page, path);
  await settle(page, network);
  const landed = new URL(page.url());
  if (landed.pathname !== new URL(landsOn, landed).pathname) {
    const target = others.find((s) => s.route !== screen.route && matchesRoute(landed.pathname, s.route));
    if (target) return target.route;
    throw new Error(`${pass.role}: ${path} (${screenKey(screen)}) went to ${landed.pathname}`);
  }
  const refusal = await shellRefusal(page);
  if (refusal) throw new Error(`${pass.role}: ${path} (${screenKey(screen)}) shows "${refusal}"`);
  const area = page.locator(`[data-testid="remote-area-${screen.remote}"] > *`);
  if ((await area.count()) === 0) throw new Error(`${pass.role}: ${path} is not shown by ${screen.remote}`);
  return null;
}

interface Opener {
  name: string;
  /** A row's button ("Edit Kitchen"): the first row's stands for every row. */
  inRow: boolean;
}

/** The dialog openers on the screen: every distinct page-level one, and the first row's of each verb. */
async function dialogOpeners(page: Page): Promise<Opener[]> {
  const found = await page.evaluate(
    ({ pattern }) => {
      const re = new RegExp(pattern);
      const out: Array<{ name: string; inRow: boolean }> = [];
      for (const el of document.querySelectorAll<HTMLElement>('main button, main [role="button"]')) {
        if (el.closest('form') || el.closest('[role="dialog"], [role="alertdialog"]')) continue;
        if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
        if (!el.offsetParent) continue;
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
        if (!re.test(name)) continue;
        out.push({ name, inRow: !!el.closest('tbody, [role="row"], li') });
      }
      return out;
    },
    { pattern: OPENS_DIALOG.source },
  );
  const openers: Opener[] = [];
  const verbs = new Set<string>();
  for (const o of found) {
    if (o.inRow) {
      const verb = o.name.split(' ')[0]!;
      if (verbs.has(verb)) continue;
      verbs.add(verb);
    } else if (openers.some((p) => !p.inRow && p.name === o.name)) continue;
    openers.push(o);
  }
  return openers;
}

async function dialogOpen(page: Page): Promise<boolean> {
  return (await page.locator(DIALOG).filter({ visible: true }).count()) > 0;
}

/** Closes the open dialog with Escape (a busy one with its close button), and waits until it is gone. */
async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  for (let i = 0; i < 30 && (await dialogOpen(page)); i += 1) await page.waitForTimeout(100);
  if (await dialogOpen(page)) {
    await page.locator(DIALOG).getByRole('button', { name: /^(Close|Cancel|No)$/ }).first().click();
    await page.locator(DIALOG).first().waitFor({ state: 'detached' });
  }
}

/**
 * The panel a disclosure button opened (aria-expanded, aria-controls: the table's column chooser),
 * as a selector for axe; null when the button opened none.
 */
async function openedPanel(button: ElementHandle): Promise<string | null> {
  if ((await button.getAttribute('aria-expanded')) !== 'true') return null;
  const id = await button.getAttribute('aria-controls');
  return id ? `[id="${id}"]` : null;
}

/** Closes an open disclosure panel with Escape (its keyboard way out) and waits until its button says so. */
async function closePanel(page: Page, button: ElementHandle): Promise<void> {
  await page.keyboard.press('Escape');
  for (let i = 0; i < 30 && (await button.getAttribute('aria-expanded')) === 'true'; i += 1) await page.waitForTimeout(100);
  if ((await button.getAttribute('aria-expanded')) === 'true') throw new Error(`Escape did not close the panel of "${await button.textContent()}"`);
}

/**
 * Opens each dialog (and disclosure panel) the screen offers, scans it in both modes, closes it; a
 * button that navigates is undone.
 */
export async function scanDialogs(pass: PassContext, route: string, path: string): Promise<void> {
  const { page, network } = pass;
  const here = () => new URL(page.url()).pathname === path.split('?')[0];
  for (const opener of await dialogOpeners(page)) {
    // the list's column chooser is one shared-ui panel whatever the list: scanned once per pass
    if (opener.name === 'Columns' && pass.dialogs.some((d) => d.endsWith('[Columns (panel)]'))) continue;
    // found on this screen a moment ago: after a dialog closed or an edit page was left, it comes back
    const found = page.locator('main').getByRole('button', { name: opener.name, exact: true }).first();
    await found.waitFor({ state: 'visible', timeout: 10_000 });
    // a handle: an open dialog makes the page behind it inert, out of reach of a role locator
    const button = await found.elementHandle();
    if (!button) throw new Error(`${pass.role}: ${route}: "${opener.name}" went away`);
    await button.click();
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline && !(await dialogOpen(page)) && !(await openedPanel(button)) && here()) {
      await page.waitForTimeout(50);
    }
    const name = opener.inRow ? `${opener.name.split(' ')[0]} (row)` : opener.name;
    const panel = await openedPanel(button);
    if (await dialogOpen(page)) {
      await settle(page, network);
      await scanBothThemes(pass, { route, path, dialog: name }, DIALOG);
      pass.dialogs.push(`${route} [${name}]`);
      await closeDialog(page);
    } else if (panel) {
      await settle(page, network);
      await scanBothThemes(pass, { route, path, dialog: `${name} (panel)` }, panel);
      pass.dialogs.push(`${route} [${name} (panel)]`);
      await closePanel(page, button);
    } else if (here()) {
      pass.dialogs.push(`${route} [${opener.name}: no dialog]`);
    } else {
      // an Add or Edit that is a page of its own (a route of the description, scanned there)
      await goClientSide(page, path);
      await settle(page, network);
    }
  }
}

/** Every screen of the list, its dialogs with it; answers nothing, records into the ledger and the visited set. */
async function scanScreens(pass: PassContext, screens: Screen[], options: { dialogs: boolean }): Promise<void> {
  for (const screen of screens) {
    let t = Date.now();
    const lap = (phase: keyof PassContext['time']) => {
      pass.time[phase] += Date.now() - t;
      t = Date.now();
    };
    const path = await pathFor(screen.route, pass.apiUrl, pass.token);
    const aliasOf = await openScreen(pass, screen, path, path, screens);
    lap('open');
    if (aliasOf) {
      pass.aliases.push(`${screen.route} -> ${aliasOf}`);
      pass.visited.add(screenKey(screen));
      continue;
    }
    await scanBothThemes(pass, { route: screen.route, path });
    lap('scan');
    if (options.dialogs) await scanDialogs(pass, screen.route, path);
    lap('dialogs');
    pass.visited.add(screenKey(screen));
  }
}

/**
 * Splits screens into `count` lanes of about equal length for passes that run side by side (two browser
 * contexts keep both cores busy while one waits for the network); a remote's screens stay in one lane,
 * so each context loads each remote once.
 */
export function lanesOf(screens: Screen[], count: number): Screen[][] {
  const byRemote = new Map<string, Screen[]>();
  for (const s of screens) byRemote.set(s.remote, [...(byRemote.get(s.remote) ?? []), s]);
  const lanes: Screen[][] = Array.from({ length: count }, () => []);
  for (const group of [...byRemote.values()].sort((a, b) => b.length - a.length)) {
    lanes.reduce((shortest, lane) => (lane.length < shortest.length ? lane : shortest)).push(...group);
  }
  return lanes;
}

// One sign-in at a time: two passes of one account must not race for its one-time code.
let signingIn: Promise<unknown> = Promise.resolve();
export function signInOneAtATime(page: Page, email: string): Promise<void> {
  const mine = signingIn.then(() => signIn(page, email));
  signingIn = mine.catch(() => undefined);
  return mine;
}

/** Roles with the header's product selector; their screens are scanned with a product line selected. */
const PRODUCT_ROLES = ['Admin', 'Agency'];

/**
 * Signs `email` in through the login form and scans every screen of its role. Admin and Agency scan
 * with Livelink selected: under All Products the firmware screens show their line chooser instead of
 * their lists (routes that name products select their own first).
 */
export async function auditRole(
  page: Page,
  account: { email: string; userType: string },
  screens: Screen[],
  ledger: AxeLedger,
  apiUrl: string,
): Promise<PassContext> {
  await signInOneAtATime(page, account.email);
  await stillMotion(page);
  const token = await page.evaluate(() => window.localStorage.getItem('access-token'));
  if (!token) throw new Error(`${account.email} has no access token after signing in`);
  const pass = newPass(page, account.userType, apiUrl, token, ledger);
  await settle(page, pass.network);
  if (PRODUCT_ROLES.includes(account.userType)) pass.product = 'livelink';
  await scanScreens(pass, screens, { dialogs: true });
  return pass;
}

/** Fails with the screens of the description the pass did not scan (and any it scanned beyond them). */
export function expectCovered(pass: PassContext, screens: Screen[]): void {
  const expected = screens.map(screenKey).sort();
  const missing = expected.filter((k) => !pass.visited.has(k));
  const extra = [...pass.visited].filter((k) => !expected.includes(k));
  if (missing.length || extra.length) {
    throw new Error(`${pass.role}: screens not scanned: ${missing.join(', ') || 'none'}; scanned beyond the description: ${extra.join(', ') || 'none'}`);
  }
}

/** Throws the serious and critical findings (of one role, one dialog) as one readable message. */
export function expectNoBlocking(ledger: AxeLedger, role?: string, dialog?: string): void {
  const blocking = ledger.blocking().filter((f) => (!role || f.role === role) && (!dialog || f.dialog === dialog));
  if (blocking.length) throw new Error(`axe-core found ${blocking.length} serious or critical violation(s):\n${ledger.report(blocking)}`);
}
