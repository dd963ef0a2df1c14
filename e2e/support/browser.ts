// Debian's Chromium driven by playwright-core, and a per-journey page that records every console
// error, uncaught page error and Content-Security-Policy violation so a journey fails on any of them.
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import type { StackInfo } from './stack';

const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Every launch gets its own fresh, temporary user-data folder (playwright creates and removes it). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * The one Chromium of a journey file: launched before its first test and closed after its last. Call it
 * at the top of the file; the getter it returns gives the browser inside a test (each journey opens
 * its own context in it).
 */
export function chromiumPerFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is launched in beforeAll: ask for the browser inside a test');
    return browser;
  };
}

/** The stack globalSetup started. */
export function stackInfo(): StackInfo {
  const file = process.env.FLEET_E2E_STATE;
  if (!file) throw new Error('FLEET_E2E_STATE is not set: run the journeys through jest (globalSetup starts the console)');
  return JSON.parse(readFileSync(file, 'utf8')) as StackInfo;
}

interface Problem {
  kind: 'console' | 'pageerror' | 'csp';
  text: string;
}

export interface Journey {
  context: BrowserContext;
  page: Page;
  problems: Problem[];
  /** Problems this journey provokes on purpose (a 404 manifest, a 401); matched on their text. */
  expect(pattern: RegExp): void;
  /** Throws listing every problem not expected; closes the context. */
  finish(): Promise<void>;
}

declare global {
  interface Window {
    __fleetReportCsp?: (text: string) => void;
  }
}

export async function openJourney(browser: Browser, baseURL: string): Promise<Journey> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  context.setDefaultTimeout(20_000);
  const problems: Problem[] = [];
  const expected: RegExp[] = [];
  await context.exposeFunction('__fleetReportCsp', (text: string) => problems.push({ kind: 'csp', text }));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__fleetReportCsp?.(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} in ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const page = await context.newPage();
  const watch = (p: Page): void => {
    p.on('console', (msg) => {
      if (msg.type() === 'error') {
        const loc = msg.location();
        // the browser asks for /favicon.ico on its own; the page never references it
        if (/\/favicon\.ico$/.test(loc.url)) return;
        problems.push({ kind: 'console', text: `${msg.text()}${loc.url ? ` (${loc.url})` : ''}` });
      }
    });
    p.on('pageerror', (err) => problems.push({ kind: 'pageerror', text: `${err.name}: ${err.message}` }));
  };
  watch(page);
  context.on('page', watch);

  return {
    context,
    page,
    problems,
    expect: (pattern) => expected.push(pattern),
    finish: async () => {
      await context.close();
      const unexpected = problems.filter((p) => !expected.some((re) => re.test(p.text)));
      if (unexpected.length > 0) {
        throw new Error(
          `The page reported ${unexpected.length} problem(s):\n` + unexpected.map((p) => `  [${p.kind}] ${p.text}`).join('\n'),
        );
      }
    },
  };
}

/**
 * Runs one journey in a fresh context and fails it on any page problem it did not expect. A failure
 * of the journey itself is reported first, with the page problems beside it. `baseURL`: the console's
 * address unless the journey needs another name for it (stack.ts onLocalhost, for passkeys).
 */
export async function journey(browser: Browser, body: (j: Journey) => Promise<void>, baseURL = stackInfo().consoleUrl): Promise<void> {
  const j = await openJourney(browser, baseURL);
  try {
    await body(j);
  } catch (err) {
    await j.context.close().catch(() => undefined);
    if (j.problems.length > 0 && err instanceof Error) {
      err.message += '\nPage problems seen meanwhile:\n' + j.problems.map((p) => `  [${p.kind}] ${p.text}`).join('\n');
    }
    throw err;
  }
  await j.finish();
}

/** A download's content as text (the CSV exports the journeys check). */
export async function downloadedText(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}
