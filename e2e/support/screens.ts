// Moving through the console the way its own links do (client-side, no page load), waiting until a
// screen has settled, and switching the colour mode in place.
import type { Page } from 'playwright-core';
import type { Theme } from './axe';

/** Counts the page's requests in flight (fetch, XHR, scripts, styles), for "the network is quiet". */
export class NetworkWatch {
  private pending = new Set<{ url(): string }>();
  private lastChange = Date.now();

  constructor(page: Page) {
    const start = (req: { url(): string }) => {
      this.pending.add(req);
      this.lastChange = Date.now();
    };
    const end = (req: { url(): string }) => {
      this.pending.delete(req);
      this.lastChange = Date.now();
    };
    page.on('request', start);
    page.on('requestfinished', end);
    page.on('requestfailed', end);
  }

  /** Restarts the quiet period (a navigation or a click that is about to ask for data). */
  touch(): void {
    this.lastChange = Date.now();
  }

  /** The requests in flight, for a message that says what a screen still waits for. */
  inFlight(): string[] {
    return [...this.pending].map((req) => req.url());
  }

  /** True when nothing was in flight for `ms`. */
  quietFor(ms: number): boolean {
    return this.pending.size === 0 && Date.now() - this.lastChange >= ms;
  }
}

/** How long the network must have been idle (a lazy chunk and the data call after it follow closely). */
const QUIET_MS = 300;

/** What still moves on the page: a spinner, a busy region, a running finite animation or transition. */
async function stillMoving(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    if (document.querySelector('.chakra-spinner, [aria-busy="true"], .chakra-skeleton[data-loading]')) return 'loading indicator';
    const running = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    return running.length > 0 ? `${running.length} animation(s)` : null;
  });
}

/**
 * Waits until the screen has settled: no request for 300 ms, no loading indicator, no animation
 * under way (a dialog sliding in, a colour transition). Answers what still moved after `timeoutMs`
 * (lists that poll every few seconds still settle between polls).
 */
export async function settle(page: Page, network: NetworkWatch, timeoutMs = 15_000): Promise<void> {
  network.touch();
  const deadline = Date.now() + timeoutMs;
  let reason: string | null = 'not checked';
  while (Date.now() < deadline) {
    if (network.quietFor(QUIET_MS)) {
      reason = await stillMoving(page);
      if (!reason) return;
    } else reason = `requests in flight (${network.inFlight().join(', ')})`;
    await page.waitForTimeout(100);
  }
  throw new Error(`${new URL(page.url()).pathname} did not settle within ${timeoutMs} ms: ${reason}`);
}

/**
 * Opens `path` the way the console's links do: history.pushState, which single-spa patches to tell
 * every router on the page (the shell's and each remote's), so no page load and no second sign-in.
 */
export async function goClientSide(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
  }, path);
}

/**
 * Switches the colour mode without a reload, through the path another tab's choice takes (shared-ui's
 * colorMode listens to `storage` events on `isDarkMode`): every React root re-renders, and a dialog
 * that is open stays open.
 */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((dark) => {
    window.localStorage.setItem('isDarkMode', String(dark));
    window.dispatchEvent(new StorageEvent('storage', { key: 'isDarkMode', newValue: String(dark), storageArea: window.localStorage }));
  }, theme === 'dark');
  await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, theme === 'dark');
  // the colours are CSS variables under the class, and the roots re-render synchronously: two frames
  // later the page is painted in the new mode (no request follows, so no network wait)
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
