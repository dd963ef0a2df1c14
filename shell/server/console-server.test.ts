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

  it('names the scripts a signed-in page runs first as preloads, for the remote that owns it, and none on /login', async () => {
    const remotes = join(dataDir, 'remotes');
    const folders = { 'mfe-auth': join(remotes, 'mfe-auth', '1.0.0'), 'mfe-devices': join(remotes, 'mfe-devices', '2.0.0'), 'mfe-heatpump-nms': join(remotes, 'mfe-heatpump-nms', '3.0.0') };
    for (const folder of Object.values(folders)) mkdirSync(folder, { recursive: true });
    const describeRemote = (name: string, routes: unknown[]) => writeFileSync(join(folders[name as keyof typeof folders], 'description.json'), JSON.stringify({ name, routes }));
    describeRemote('mfe-auth', [{ path: '/login', access: 'public' }, { path: '/agency/profile', access: ['Agency'] }]);
    describeRemote('mfe-devices', [
      { path: '/agency/devices', access: ['Agency'] },
      { path: '/agency/devices/view/:id', access: ['Agency'] },
      { path: '/admin/dashboard', access: ['Admin'], products: ['all', 'livelink'] },
    ]);
    // a heat-pump route owns its path only once heat pumps are chosen: the page starts with every product
    describeRemote('mfe-heatpump-nms', [{ path: '/agency/devices', access: ['Agency'], products: ['heat_pump'] }, { path: '/admin/dashboard', access: ['Admin'], products: ['heat_pump'] }]);
    // what federation-config's preload list writes beside each build
    const shellList = {
      shared: {
        react: ['696.a.js'],
        'react-dom/client': ['470.b.js', '696.a.js'],
        '@fleet/shared-ui': ['696.a.js', 'shared-ui.c.js'],
        '@fleet/shared-ui/tables': ['559.d.js', 'shared-ui.c.js'],
        '@fleet/shared-api/live': ['628.e.js'],
        '@fleet/shared-ui/charts': ['203.f.js'],
      },
      lazy: {
        'src/bootstrap.tsx': { files: ['330.g.js'], shared: ['react', 'react-dom/client', '@fleet/shared-ui'] },
        'src/layout/SignedInFrame.tsx': { files: ['587.h.js'], shared: [] },
        'src/layout/NotFound.tsx': { files: ['404.i.js'], shared: [] },
      },
      exposes: {},
    };
    writeFileSync(join(shellDist, 'preload.json'), JSON.stringify(shellList));
    const devicesList = { shared: {}, lazy: { 'src/dashboard/DashboardPage.tsx': { files: ['953.j.js'], shared: ['@fleet/shared-ui/charts'] } }, exposes: { './app': { files: ['__federation_expose_app.k.js'], shared: ['react', '@fleet/shared-ui/tables'] } } };
    writeFileSync(join(folders['mfe-devices'], 'preload.json'), JSON.stringify(devicesList));
    writeRegistry({
      'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.0/mf-manifest.json', version: '1.0.0' },
      'mfe-devices': { manifest: '/remotes/mfe-devices/2.0.0/mf-manifest.json', version: '2.0.0' },
      'mfe-heatpump-nms': { manifest: '/remotes/mfe-heatpump-nms/3.0.0/mf-manifest.json', version: '3.0.0' },
    });
    const preloads = async (path: string) => {
      const page = await (await fetch(base + path)).text();
      const links = [...page.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]);
      // every link is a preload of a classic script, without crossorigin (the tags that use them have none)
      expect(page.match(/<link /g)?.length ?? 0).toBe(links.length);
      return links;
    };
    try {
      const devices = [
        '/main.js',
        // the shell's bootstrap and what it consumes
        '/330.g.js',
        '/696.a.js',
        '/470.b.js',
        '/shared-ui.c.js',
        // the owner's entry, its ./app and what that consumes (not the dashboard's lazy chunk, not charts)
        '/remotes/mfe-devices/2.0.0/remoteEntry.js',
        '/remotes/mfe-devices/2.0.0/__federation_expose_app.k.js',
        '/559.d.js',
        // the signed-in frame and the live socket
        '/587.h.js',
        '/628.e.js',
      ];
      expect(await preloads('/agency/devices')).toEqual(devices);
      expect(await preloads('/Agency/Devices/view/42?page=2')).toEqual(devices);
      expect(await preloads('/admin/dashboard')).toEqual(devices);
      // mfe-auth's build wrote no list: its entry alone, beside the shell's
      expect(await preloads('/agency/profile')).toContain('/remotes/mfe-auth/1.0.0/remoteEntry.js');
      // the sign-in page gets nothing it would not fetch anyway: no preload at all
      expect(await preloads('/login')).toEqual([]);
      expect(await preloads('/login?next=%2Fagency%2Fdevices')).toEqual([]);
      // a path nobody owns, a deeper path than any route, a QA override of a remote: none either
      expect(await preloads('/nobody/owns/this')).toEqual([]);
      expect(await preloads('/agency/devices/view/42/more')).toEqual([]);
      expect(await preloads('/agency/devices?remote-override=mfe-devices=http://localhost:8083/mf-manifest.json')).toEqual([]);
      // a shell built without a preload list: none, and the page still carries its composition
      rmSync(join(shellDist, 'preload.json'));
      const page = await (await fetch(`${base}/agency/devices`)).text();
      expect(page).not.toContain('rel="preload"');
      expect(page).toContain('id="fleet-composition"');
    } finally {
      rmSync(join(shellDist, 'preload.json'), { force: true });
      for (const name of ['mfe-devices', 'mfe-heatpump-nms']) rmSync(join(remotes, name), { recursive: true, force: true });
      rmSync(join(folders['mfe-auth'], 'description.json'), { force: true });
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
