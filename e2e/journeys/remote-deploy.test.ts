// Deploying one remote: a new build in its own version folder and one registry entry changed. The
// running console shows the new build on the next page load; the shell is neither rebuilt nor restarted.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPerFile, journey, stackInfo } from '../support/browser';
import { signIn } from '../support/sign-in';
import { processAlive, publishRemote, repoRoot } from '../support/stack';

const browser = chromiumPerFile();

const OLD_TITLE = 'Admin Profile';
const NEW_TITLE = 'Admin Profile (build e2e-2)';

/** mfe-auth's build with one visible text changed, as a new build of the remote would be. */
function patchedBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mfe-auth-next-'));
  cpSync(join(repoRoot, 'mfe-auth/dist'), dir, { recursive: true });
  let patched = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    const next = text.split(`"${OLD_TITLE}"`).join(`"${NEW_TITLE}"`);
    if (next !== text) {
      writeFileSync(join(dir, file), next);
      patched += 1;
    }
  }
  if (patched === 0) throw new Error(`no chunk of mfe-auth/dist holds the text "${OLD_TITLE}"`);
  return dir;
}

describe('deploying one remote', () => {
  test('a new build and registry entry change what the running console shows', async () => {
    const { consoleUrl, dataDir, consolePid } = stackInfo();
    const registryFile = join(dataDir, 'remotes.json');
    const originalRegistry = readFileSync(registryFile, 'utf8');
    const shellMainBefore = await (await fetch(`${consoleUrl}/main.js`)).text();
    const build = patchedBuild();
    try {
      await journey(browser(), async ({ page }) => {
        await signIn(page, 'admin@demo.test');
        await page.goto('/admin/profile');
        await page.getByRole('heading', { name: OLD_TITLE, exact: true }).waitFor();

        const version = `${(JSON.parse(originalRegistry) as Record<string, { version: string }>)['mfe-auth']!.version}-e2e.2`;
        publishRemote(dataDir, 'mfe-auth', build, version);
        const registry = (await (await fetch(`${consoleUrl}/remotes.json`)).json()) as Record<string, { manifest: string; version: string }>;
        expect(registry['mfe-auth']).toEqual({ manifest: `/remotes/mfe-auth/${version}/mf-manifest.json`, version });

        await page.reload();
        await page.getByRole('heading', { name: NEW_TITLE, exact: true }).waitFor();
        expect(await page.getByRole('heading', { name: OLD_TITLE, exact: true }).count()).toBe(0);
        // the new build is the one the page loaded
        const loadedFromNewFolder = await page.evaluate(
          (v) => performance.getEntriesByType('resource').some((e) => e.name.includes(`/remotes/mfe-auth/${v}/`)),
          version,
        );
        expect(loadedFromNewFolder).toBe(true);
      });
      // the console server started before the deployment still serves, with the same shell build
      expect(processAlive(consolePid)).toBe(true);
      expect(await (await fetch(`${consoleUrl}/main.js`)).text()).toBe(shellMainBefore);
    } finally {
      // the other journeys expect the remote as built
      writeFileSync(registryFile, originalRegistry);
      rmSync(build, { recursive: true, force: true });
    }
  });
});
