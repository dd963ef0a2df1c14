// Issue 22, mfe-firmware: as Admin, start a rollout of the line's seeded demo failing firmware (x.y.99)
// from its preview, watch the first wave move live, see it halt by itself with the reason and the
// figures, queue the failed devices again, and abort it.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { stillMotion } from '../support/a11y-pass';
import { runAxe } from '../support/axe';
import { setTheme } from '../support/screens';
import { chromiumPerFile, journey, stackInfo } from '../support/browser';
import { signIn } from '../support/sign-in';
import { ownStackPerFile, publishRemote, remotePackages, remoteVersion, repoRoot } from '../support/stack';

const browser = chromiumPerFile();

/**
 * The simulator plays the devices and the orchestrator dispatches and halts: both are off under
 * NODE_ENV=test, so this journey runs on a stack of its own with both on a fast tick.
 */
ownStackPerFile({
  seedDevices: 300,
  apiEnv: { FLEET_SIMULATOR: 'on', FLEET_SIMULATOR_INTERVAL_MS: '300', FLEET_ROLLOUTS: 'on', FLEET_ROLLOUT_INTERVAL_MS: '500' },
});

beforeAll(() => {
  if (!remotePackages['mfe-firmware']) {
    publishRemote(stackInfo().dataDir, 'mfe-firmware', join(repoRoot, 'mfe-firmware', 'dist'), remoteVersion('mfe-firmware'));
  }
}, 180_000);

/** Ticks a Chakra checkbox through its visible box: the input itself is visually hidden. */
async function tick(page: Page, label: string | RegExp): Promise<void> {
  await page.getByRole('checkbox', { name: label }).locator('xpath=..').click();
}

/** axe's serious and critical findings on the page as it is (the accessibility pass's bar), as text. */
async function blocking(page: Page, rules?: string[]): Promise<string[]> {
  const found = await runAxe(page, rules ? { rules } : {});
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.rule}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function fill(page: Page, label: string | RegExp, value: string): Promise<void> {
  await page.getByRole('textbox', { name: label }).fill(value);
}

describe('rollouts journey', () => {
  test('preview, start, first wave live, halt by itself, retry the failed, abort', () =>
    journey(browser(), async ({ page }) => {
      await signIn(page, 'admin@demo.test');
      await page.waitForURL('**/admin/dashboard');
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Rollouts', exact: true }).click();
      await page.waitForURL('**/admin/rollouts');
      await page.getByRole('combobox', { name: 'Product line' }).selectOption('livelink');
      await page.getByRole('heading', { name: 'Rollouts' }).waitFor();
      // no transitions: axe reads the colours as they end, not half-faded (as the accessibility pass does)
      await stillMotion(page);

      await page.getByRole('button', { name: 'New rollout' }).click();
      await page.waitForURL(/\/admin\/rollouts\/new/);
      await page.getByRole('heading', { name: 'New rollout' }).waitFor();
      await fill(page, /^Name/, 'Journey canary');
      // the seeded demo failing firmware of the line: x.y.99
      const firmware = page.getByRole('combobox', { name: /^Target firmware/ });
      await firmware.locator('option', { hasText: /\.99$/ }).first().waitFor({ state: 'attached' });
      const failing = (await firmware.locator('option').allTextContents()).find((v) => /\.99$/.test(v));
      expect(failing).toBeDefined();
      await firmware.selectOption(failing!);
      // every version the line's devices run
      const versions = page.getByRole('checkbox', { name: /· \d+ devices?$/ });
      await versions.first().waitFor({ state: 'attached' });
      for (const name of await versions.evaluateAll((els) => els.map((el) => el.getAttribute('aria-labelledby') && document.getElementById(el.getAttribute('aria-labelledby')!)?.textContent))) {
        if (name && !name.startsWith(failing!)) await tick(page, name);
      }
      // two waves, the second after the first by itself; halt above 10 % failed once 3 finished
      await page.getByRole('button', { name: 'Remove wave 4' }).click();
      await page.getByRole('button', { name: 'Remove wave 3' }).click();
      await fill(page, 'Wave 1 (%)', '50');
      await fill(page, 'Wave 2 (%)', '100');
      await tick(page, 'Wave 2 waits for approval');
      await fill(page, /^Max devices in flight/, '100');
      await fill(page, /^Max new devices a minute/, '1000');
      await fill(page, /^Once at least this many finished/, '3');

      await expect(page.getByRole('button', { name: 'Start rollout' }).isDisabled()).resolves.toBe(true);
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('region', { name: 'Preview' });
      const reaches = await preview.getByText(/^Reaches \d+ devices?$/).textContent();
      expect(Number(/\d+/.exec(reaches ?? '')?.[0])).toBeGreaterThan(3);
      expect(await blocking(page)).toEqual([]);
      await page.getByRole('button', { name: 'Start rollout' }).click();
      await page.waitForURL(/\/admin\/rollouts\/\d+$/);
      await page.getByRole('heading', { name: 'Rollout: Journey canary' }).waitFor();

      // the first wave moves without a reload: its devices go in flight as the orchestrator dispatches them
      const wave1 = page.getByRole('list', { name: /^Wave 1: \d+ of \d+ installed$/ });
      await wave1.getByText(/^In flight: [1-9]\d*$/).waitFor({ timeout: 30_000 });
      // and the orchestrator halts it: the reason with its figures
      const halt = page.getByText(/^Halted: [\d.]+ % of \d+ finished devices failed/);
      await halt.waitFor({ timeout: 40_000 });
      const figures = /^Halted: ([\d.]+) % of (\d+) finished devices failed.*\(threshold 10 %\)/.exec((await halt.textContent()) ?? '');
      expect(figures).not.toBeNull();
      expect(Number(figures![1])).toBeGreaterThan(10);
      expect(Number(figures![2])).toBeGreaterThanOrEqual(3);
      await page.getByText('Halted', { exact: true }).first().waitFor();
      await wave1.getByText(/^Failed: [1-9]\d*$/).waitFor();
      expect(await blocking(page)).toEqual([]);
      // readable in the dark theme too (the bars, badges and the halt's alert)
      await setTheme(page, 'dark');
      expect(await blocking(page, ['color-contrast', 'link-in-text-block'])).toEqual([]);
      await setTheme(page, 'light');
      // usable at phone width: nothing wider than the screen
      const desktop = page.viewportSize() ?? { width: 1280, height: 800 };
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Retry failed' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.setViewportSize(desktop);

      // Retry failed asks, saying how many
      await page.getByRole('button', { name: 'Retry failed' }).click();
      const retry = page.getByRole('dialog', { name: 'RETRY FAILED DEVICES' });
      await retry.getByText(/^Queue [1-9]\d* failed or timed-out devices? again\?/).waitFor();
      await retry.getByRole('button', { name: 'Yes' }).click();
      await retry.waitFor({ state: 'detached' });
      await page.getByText(/^[1-9]\d* failed devices? queued again$/).first().waitFor();

      // Abort, confirmed: the rollout is read only
      await page.getByRole('button', { name: 'Abort' }).click();
      const abort = page.getByRole('dialog', { name: 'ABORT ROLLOUT' });
      await abort.getByRole('button', { name: 'Yes' }).click();
      await page.getByText('This rollout is Aborted: it is read only.').waitFor();
      expect(await page.getByRole('button', { name: 'Resume' }).count()).toBe(0);

      // the list shows it aborted
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL(/\/admin\/rollouts(\?|$)/);
      await page.getByRole('table', { name: 'Rollouts' }).getByRole('row', { name: /Journey canary.*Aborted/ }).waitFor();
    }));
});
