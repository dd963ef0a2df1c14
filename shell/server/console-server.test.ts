/** @jest-environment node */
// The console server runs as the real ES module in a child process (jest here is CommonJS).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const work = mkdtempSync(join(tmpdir(), 'console-server-'));
const dataDir = join(work, 'data');
const shellDist = join(work, 'dist');
let api: Server;
let child: ChildProcess;
let base = '';
const apiCalls: string[] = [];

function writeRegistry(registry: unknown) {
  writeFileSync(join(dataDir, 'remotes.json'), JSON.stringify(registry));
}

beforeAll(async () => {
  mkdirSync(join(dataDir, 'remotes', 'mfe-auth', '1.0.0'), { recursive: true });
  mkdirSync(shellDist, { recursive: true });
  writeFileSync(join(shellDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(shellDist, 'main.js'), 'console.log(1)');
  writeFileSync(join(dataDir, 'remotes', 'mfe-auth', '1.0.0', 'mf-manifest.json'), '{"id":"mfe_auth"}');
  writeRegistry({ 'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.0/mf-manifest.json', version: '1.0.0' } });

  // a stand-in fleet-api that echoes what reached it
  api = createServer((req, res) => {
    apiCalls.push(req.url ?? '');
    if (req.url === '/api/slow') {
      setTimeout(() => res.end(JSON.stringify({ status: true, message: 'slow', info: null })), 1500);
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: true, message: 'ok', info: { url: req.url, auth: req.headers.authorization ?? null, forwardedFor: req.headers['x-forwarded-for'] ?? null } }));
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

  const script = `
    import { startConsoleServer } from ${JSON.stringify(join(__dirname, 'console-server.mjs'))};
    const s = await startConsoleServer({ port: 0, host: '127.0.0.1', dataDir: ${JSON.stringify(dataDir)},
      shellDist: ${JSON.stringify(shellDist)}, apiUrl: ${JSON.stringify(apiUrl)}, extraRemoteOrigins: [] });
    console.log('URL ' + s.url);
    process.on('SIGTERM', () => s.close().then(() => process.exit(0)));`;
  child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /URL (\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`console server exited (${code})`)));
  });
}, 20_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await new Promise<void>((r) => api.close(() => r()));
  rmSync(work, { recursive: true, force: true });
});

describe('the console server', () => {
  it('serves the shell with an SPA fallback, and 404 for missing files', async () => {
    for (const path of ['/', '/login', '/admin/OTA-groups/7']) {
      const r = await fetch(base + path);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/html');
      expect(await r.text()).toContain('<div id="root">');
    }
    expect((await fetch(`${base}/main.js`)).status).toBe(200);
    expect((await fetch(`${base}/missing.js`)).status).toBe(404);
  });

  it('puts the registry and the descriptions of its own remotes into the page, as data no script can break out of', async () => {
    const description = { name: 'mfe-auth', routes: [{ path: '/login', label: '</script><script>alert(1)</script>' }] };
    writeFileSync(join(dataDir, 'remotes', 'mfe-auth', '1.0.0', 'description.json'), JSON.stringify(description));
    writeRegistry({
      'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.0/mf-manifest.json', version: '1.0.0' },
      // another origin's description is the shell's to fetch; a path out of the remotes folder is never read
      'mfe-devices': { manifest: 'https://cdn.example.com/mfe-devices/mf-manifest.json', version: '2.0.0' },
      'mfe-firmware': { manifest: '/remotes/../remotes.json/mf-manifest.json', version: '1' },
    });
    try {
      const page = await (await fetch(`${base}/admin/dashboard`)).text();
      const block = /<script type="application\/json" id="fleet-composition">(.*?)<\/script>/s.exec(page);
      expect(block).not.toBeNull();
      expect(block![1]).not.toContain('<');
      const data = JSON.parse(block![1]!) as { registry: Record<string, unknown>; descriptions: Record<string, unknown> };
      expect(Object.keys(data.registry).sort()).toEqual(['mfe-auth', 'mfe-devices', 'mfe-firmware']);
      expect(data.descriptions).toEqual({ 'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.0/mf-manifest.json', description } });
      // the page answers with the registry of this moment (a deployment is one file write)
      writeRegistry({});
      const later = await (await fetch(`${base}/login`)).text();
      expect(later).toContain('{"registry":{},"descriptions":{}}');
    } finally {
      rmSync(join(dataDir, 'remotes', 'mfe-auth', '1.0.0', 'description.json'));
      writeRegistry({ 'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.0/mf-manifest.json', version: '1.0.0' } });
    }
  });

  it('reads the registry from disk on every request, uncached', async () => {
    const first = await fetch(`${base}/remotes.json`);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.json()).toEqual({ 'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.0/mf-manifest.json', version: '1.0.0' } });
    writeRegistry({ 'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.1/mf-manifest.json', version: '1.0.1' } });
    expect(await (await fetch(`${base}/remotes.json`)).json()).toEqual({
      'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.1/mf-manifest.json', version: '1.0.1' },
    });
    writeRegistry({ 'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.0/mf-manifest.json', version: '1.0.0' } });
  });

  it('serves deployed remotes from the data folder', async () => {
    const r = await fetch(`${base}/remotes/mfe-auth/1.0.0/mf-manifest.json`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ id: 'mfe_auth' });
    expect((await fetch(`${base}/remotes/mfe-auth/9.9.9/mf-manifest.json`)).status).toBe(404);
  });

  it('proxies /api to fleet-api with the caller headers', async () => {
    const r = await fetch(`${base}/api/profile?x=1`, { headers: { authorization: 'Bearer t' } });
    expect(await r.json()).toEqual({
      status: true,
      message: 'ok',
      // the browser's address, so fleet-api's per-address sign-in limit sees callers, not the proxy
      info: { url: '/api/profile?x=1', auth: 'Bearer t', forwardedFor: '127.0.0.1' },
    });
  });

  it('puts the security headers on every answer, naming the registry remote origins in the CSP', async () => {
    writeRegistry({
      'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.0/mf-manifest.json', version: '1.0.0' },
      'mfe-devices': { manifest: 'https://cdn.example.test/mfe-devices/2.0.0/mf-manifest.json', version: '2.0.0' },
    });
    for (const path of ['/', '/remotes.json', '/api/profile', '/missing.js']) {
      const r = await fetch(base + path);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example\.test(;|$)/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/connect-src 'self' https:\/\/cdn\.example\.test(;|$)/);
      expect(csp).not.toContain('unsafe-eval');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    }
    writeRegistry({ 'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.0/mf-manifest.json', version: '1.0.0' } });
    const csp = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('cdn.example.test');
  });

  it('builds the CSP from configuration, never from the Host header', async () => {
    const answer = await new Promise<{ csp: string }>((resolve, reject) => {
      const req = request(`${base}/`, { headers: { host: "evil.example'; script-src *" } }, (res) => {
        res.resume();
        resolve({ csp: String(res.headers['content-security-policy'] ?? '') });
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.csp).not.toContain('evil.example');
    expect(answer.csp).toMatch(/script-src 'self'(;|$)/);
  });

  it('never forwards development-only calls (the mail outbox) to fleet-api', async () => {
    apiCalls.length = 0;
    for (const path of ['/api/dev/outbox?to=admin@demo.test', '/api/dev', '/api/dev/anything']) {
      const r = await fetch(base + path);
      expect(r.status).toBe(404);
      expect(await r.json()).toEqual({ status: false, message: 'Not found' });
    }
    expect(apiCalls).toEqual([]);
  });
});

// Last: it stops the shared server.
describe('stopping (SIGTERM)', () => {
  it('lets a running request finish, answers new ones 503 (not a reset), and exits 0', async () => {
    const slow = fetch(`${base}/api/slow`);
    await new Promise((r) => setTimeout(r, 300));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    const during = await fetch(`${base}/remotes.json`);
    expect(during.status).toBe(503);
    expect((await slow).status).toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
  });
});
