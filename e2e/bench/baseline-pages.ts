// The bench's baselines: the same pages as the console's, built as one plain webpack bundle each
// (baseline/webpack.config.js), and the static server they are measured on.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { freePort, startStack, type Stack } from '../support/stack';

const baselineDir = join(__dirname, 'baseline');

function buildBaseline(): void {
  const r = spawnSync(
    process.execPath,
    [require.resolve('webpack-cli/bin/cli.js'), '--config', join(baselineDir, 'webpack.config.js'), '--mode', 'production'],
    { cwd: baselineDir, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (r.status !== 0) throw new Error('the baseline page did not build');
}

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/**
 * A plain static server for the baselines: dashboard.html for Admin's and Agency's pages, index.html for every other
 * page path (like the console), and /api passed to fleet-api (as the console server does).
 */
async function serveStatic(dir: string, apiUrl: string): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const api = new URL(apiUrl);
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (pathname.startsWith('/api/')) {
      const upstream = httpRequest({ host: api.hostname, port: api.port, path: req.url, method: req.method, headers: { ...req.headers, host: api.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    const path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    // the signed-in first screens (Admin's dashboard, Agency's device list) are one page, the login another
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, /^\/(admin|agency)\//.test(path) ? 'dashboard.html' : 'index.html');
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${port}`, server };
}

export interface BenchPages {
  /** The console: fleet-api and the console server over a fresh demo fleet. */
  stack: Stack;
  /** The baselines' server (its /api goes to the same fleet-api). */
  baselineUrl: string;
  browser: Browser;
}

/**
 * Builds the baselines, starts the console (300 demo devices), the baselines' server and Chromium, runs
 * `body`, and stops them all; a failure ends the process with status 1.
 */
export function runBench(body: (pages: BenchPages) => Promise<void>): void {
  const run = async (): Promise<void> => {
    buildBaseline();
    const stack = await startStack({ seedDevices: 300 });
    const baseline = await serveStatic(join(baselineDir, 'dist'), stack.apiUrl);
    const browser = await launchChromium();
    try {
      await body({ stack, baselineUrl: baseline.url, browser });
    } finally {
      await browser.close();
      await stack.stop();
      baseline.server.close();
    }
  };
  run().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
