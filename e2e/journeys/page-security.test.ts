// SECURITY.md 20-21 in the browser: the page carries its security headers and its CSP is enforced (a
// script the page did not ship is refused and reported, which also proves this harness sees CSP
// violations); a remote entry from an origin the registry does not name is never fetched.
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { chromiumPerFile, journey } from '../support/browser';
import { signIn } from '../support/sign-in';
import { freePort, repoRoot } from '../support/stack';

const browser = chromiumPerFile();

describe('the page and its remotes', () => {
  test('security headers are sent and the CSP refuses a script the page did not ship', () =>
    journey(browser(), async (j) => {
      j.expect(/Executing inline script violates the following Content Security Policy directive 'script-src/);
      j.expect(/^script-src/);
      const { page, problems } = j;
      const response = await page.goto('/login');
      const headers = response!.headers();
      const csp = headers['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/frame-ancestors /);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      await page.getByRole('heading', { name: 'Sign in to the Fleet Console' }).waitFor();

      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.head.appendChild(script);
      });
      for (let i = 0; i < 50 && !problems.some((p) => p.kind === 'csp'); i += 1) await page.waitForTimeout(100);
      expect(problems.filter((p) => p.kind === 'csp').map((p) => p.text)).toEqual([expect.stringMatching(/^script-src/)]);
      expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    }));

  describe('a remote override to an origin the registry does not name', () => {
    let server: Server;
    let origin: string;
    const requests: string[] = [];
    beforeAll(async () => {
      // a real server with the real build and CORS open: only the page's CSP stands in the way
      const dist = join(repoRoot, 'mfe-auth/dist');
      const port = await freePort();
      server = createServer((req, res) => {
        requests.push(req.url ?? '');
        const file = join(dist, new URL(req.url ?? '/', 'http://x').pathname);
        if (!file.startsWith(dist) || !existsSync(file)) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': file.endsWith('.json') ? 'application/json' : 'text/javascript' });
        createReadStream(file).pipe(res);
      });
      await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
      origin = `http://127.0.0.1:${port}`;
    });
    afterAll(async () => {
      await new Promise((ok) => server?.close(ok));
    });

    test('is refused by the CSP before any request leaves, and the area shows its error panel', () =>
      journey(browser(), async (j) => {
        j.expect(/violates the following Content Security Policy directive: "connect-src/);
        j.expect(/^connect-src/);
        j.expect(/Fetch API cannot load .*(description|mf-manifest)\.json\. Refused to connect because it violates the document's Content Security Policy/);
        const { page, problems } = j;
        await signIn(page, 'admin@demo.test');
        await page.goto(`/admin/profile?remote-override=mfe-auth=${origin}/mf-manifest.json`);
        await page.getByRole('button', { name: 'Retry', exact: true }).waitFor();
        await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
        expect(problems.some((p) => p.kind === 'csp' && p.text.startsWith('connect-src') && p.text.includes(origin))).toBe(true);
        expect(requests).toEqual([]);
        expect(await page.getByRole('heading', { name: 'Admin Profile' }).count()).toBe(0);

        // forgetting the override brings the registry's build back
        await page.goto('/admin/profile?remote-override=clear');
        await page.getByRole('heading', { name: 'Admin Profile' }).waitFor();
      }));
  });
});
