import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { containerName, evaluateDescription, createRemoteConfig, createShellConfig, providedShared, requiredShared, sharedPolicy, FIRST_PAINT_CHUNKS, SHARED_PACKAGES, SHARED_SINGLETONS, SHARED_VENDOR_CHUNKS } from './index';

const shellDir = path.join(__dirname, '..', 'shell');
const authDir = path.join(__dirname, '..', 'mfe-auth');

type Plugin = { constructor: { name: string }; _options?: Record<string, unknown> };

describe('the shared policy', () => {
  it('makes the host provide every singleton it uses, Chakra excluded', () => {
    const shared = sharedPolicy({ dir: shellDir, role: 'host' }) as Record<string, { singleton: boolean; import?: false; version?: string }>;
    expect(Object.keys(shared).sort()).toEqual([...SHARED_SINGLETONS].sort());
    expect(shared['@chakra-ui/react']).toBeUndefined();
    expect(shared['react-router-dom']).toBeUndefined();
    expect(shared['react-i18next']).toBeUndefined();
    for (const [key, entry] of Object.entries(shared)) {
      expect(entry.singleton).toBe(true);
      expect(entry.version).toMatch(/^\d+\.\d+\.\d+/);
      // our workspaces are provided by path, so a subpath the shell never imports is still in the page
      if (key.startsWith('@fleet/')) expect(path.isAbsolute(String(entry.import))).toBe(true);
      else expect(entry.import).toBeUndefined();
    }
    expect(String(shared['@fleet/shared-ui/tables']?.import)).toMatch(/shared-ui[\\/]src[\\/]tables\.ts$/);
    expect(String(shared['@fleet/shared-ui/overlays']?.import)).toMatch(/shared-ui[\\/]src[\\/]overlays\.ts$/);
    // the dashboards' charts: provided by the shell (which never draws one), fetched only by a dashboard
    expect(String(shared['@fleet/shared-ui/charts']?.import)).toMatch(/shared-ui[\\/]src[\\/]charts\.ts$/);
  });

  it('makes a remote in the page consume them without bundling, strictly', () => {
    const shared = sharedPolicy({ dir: authDir, role: 'remote' }) as Record<string, { import?: false; strictVersion?: boolean; requiredVersion?: string }>;
    expect(shared.react).toEqual(expect.objectContaining({ import: false, strictVersion: true, requiredVersion: '^19.2.0' }));
    // the renderer and the JSX runtime too, or a remote would bundle a second react-dom
    expect(shared['react-dom/client']).toEqual(expect.objectContaining({ import: false, requiredVersion: '^19.2.0' }));
    expect(shared['react/jsx-runtime']).toEqual(expect.objectContaining({ import: false, requiredVersion: '^19.2.0' }));
    expect(shared['@fleet/shared-ui']).toEqual(expect.objectContaining({ import: false, requiredVersion: '1.0.0' }));
  });
});

describe('createRemoteConfig', () => {
  const factory = createRemoteConfig({
    name: 'mfe-auth',
    dir: authDir,
    description: './src/description.ts',
    exposes: { './app': './src/app.tsx' },
    port: 8081,
    standaloneEntry: './src/standalone.ts',
  });
  const federation = (c: ReturnType<typeof factory>) =>
    (c.plugins as Plugin[]).find((p) => p.constructor.name === 'ModuleFederationPlugin')?._options as {
      name: string;
      shared: Record<string, { import?: false }>;
      manifest: boolean;
      experiments: { externalRuntime?: boolean; optimization?: { disableRemote?: boolean } };
    };

  it('names entries [name].js, hashes chunks and resolves the public path at run time', () => {
    const c = factory({}, { mode: 'production' });
    expect(c.output?.filename).toBe('[name].js');
    expect(c.output?.chunkFilename).toBe('[name].[contenthash].js');
    expect(c.output?.publicPath).toBe('auto');
    // the shell clears this array on Retry so a fixed build's chunks are really loaded
    expect(c.output?.chunkLoadingGlobal).toBe('fleetChunks_mfe_auth');
    expect(c.optimization?.minimize).toBe(true);
    expect(federation(c).name).toBe('mfe_auth');
    expect(federation(c).manifest).toBe(true);
    expect(federation(c).shared.react?.import).toBe(false);
    // the shell's runtime; and a remote never loads another, so its entry has no remote-loading code
    expect(federation(c).experiments).toMatchObject({ externalRuntime: true, optimization: { disableRemote: true } });
    expect(c.entry).toEqual({});
  });

  it('takes a remote\'s entry points from the conventional files when not given', () => {
    const c = createRemoteConfig({ name: 'mfe-firmware', dir: authDir, port: 8082 })({ standalone: true }, { mode: 'development' });
    expect(c.entry).toEqual({ main: './src/standalone/index.ts' });
    expect((c.plugins as Plugin[]).find((p) => p.constructor.name === 'ModuleFederationPlugin')?._options).toMatchObject({
      exposes: { './app': './src/app.tsx' },
    });
  });

  it('--env standalone provides the singletons and builds a page', () => {
    const c = factory({ standalone: true }, { mode: 'development' });
    expect(c.entry).toEqual({ main: './src/standalone.ts' });
    expect(federation(c).shared.react?.import).toBeUndefined();
    expect((c.plugins as Plugin[]).some((p) => p.constructor.name === 'HtmlWebpackPlugin')).toBe(true);
    expect(c.devServer).toEqual(expect.objectContaining({ port: 8081, historyApiFallback: true }));
  });
});

describe('createShellConfig', () => {
  it('builds a host with no remote in it', () => {
    const c = createShellConfig({ dir: shellDir, port: 8090 })({}, { mode: 'production' });
    const mf = (c.plugins as Plugin[]).find((p) => p.constructor.name === 'ModuleFederationPlugin')?._options as {
      remotes: Record<string, string>;
      shareStrategy: string;
      experiments: { optimization?: { disableRemote?: boolean } };
    };
    expect(mf.remotes).toEqual({});
    // the shell loads the remotes: its runtime keeps that code
    expect(mf.experiments.optimization?.disableRemote).not.toBe(true);
    expect(mf.shareStrategy).toBe('loaded-first');
    expect(c.output?.publicPath).toBe('/');
  });
});

it('describes requirements and provisions by package, subpaths folded', () => {
  expect(SHARED_PACKAGES).not.toContain('react-dom/client');
  expect(requiredShared(authDir)).toEqual(expect.objectContaining({ react: '^19.2.0', 'react-dom': '^19.2.0' }));
  expect(Object.keys(requiredShared(authDir))).not.toContain('react/jsx-runtime');
  expect(providedShared(shellDir).react).toMatch(/^19\./);
});

it('keeps each library several share keys use in one async chunk named for it, served by a real share key', () => {
  const c = createShellConfig({ dir: shellDir })({}, { mode: 'production' });
  const splitChunks = c.optimization?.splitChunks;
  const groups = splitChunks ? (splitChunks.cacheGroups as Record<string, { name?: string; chunks?: string; test?: RegExp }>) : {};
  for (const [name, { test, shareKey }] of Object.entries(SHARED_VENDOR_CHUNKS)) {
    expect(SHARED_SINGLETONS).toContain(shareKey);
    // async chunks only: the baseline page's one bundle (and any entry) is left whole
    expect(groups[name]).toEqual(expect.objectContaining({ name, chunks: 'async', test }));
  }
  expect(SHARED_VENDOR_CHUNKS['tanstack-query']!.test.test('/x/node_modules/@tanstack/query-core/build/modern/query.js')).toBe(true);
  expect(SHARED_VENDOR_CHUNKS.emotion!.test.test('/x/node_modules/@emotion/serialize/dist/index.js')).toBe(true);
  // each share key one file: the key's own module with its library, a library's helpers only it uses with it
  expect(SHARED_VENDOR_CHUNKS['tanstack-query']!.test.test('/x/shared-api/src/query.ts')).toBe(true);
  expect(SHARED_VENDOR_CHUNKS['tanstack-query']!.test.test('/x/shared-api/src/lists.ts')).toBe(false);
  expect(SHARED_VENDOR_CHUNKS.emotion!.test.test('/x/node_modules/stylis/src/Parser.js')).toBe(true);
});

it("keeps each first-paint share key in one async chunk of the host, with the modules other share keys use too", () => {
  type Module = { resource?: string };
  type Chunk = { name: string };
  type ChunkGraph = { getModuleChunksIterable(m: Module): Chunk[]; getChunkModulesIterable(c: Chunk): Module[] };
  type Group = { name: string; chunks: string; enforce: boolean; priority: number; test: (m: Module, ctx: { chunkGraph: ChunkGraph }) => boolean };
  const c = createShellConfig({ dir: shellDir })({}, { mode: 'production' });
  const splitChunks = c.optimization?.splitChunks;
  const groups = (splitChunks ? splitChunks.cacheGroups : {}) as unknown as Record<string, Group>;
  expect(Object.keys(FIRST_PAINT_CHUNKS)).toEqual(['shared-ui', 'shared-api']);
  for (const [name, { shareKey }] of Object.entries(FIRST_PAINT_CHUNKS)) {
    expect(SHARED_SINGLETONS).toContain(shareKey);
    const group = groups[name]!;
    expect(group).toEqual(expect.objectContaining({ name, chunks: 'async', enforce: true }));
    // the vendor chunks win: Emotion and TanStack Query stay in theirs
    for (const vendor of Object.keys(SHARED_VENDOR_CHUNKS)) expect(group.priority).toBeLessThan((groups[vendor] as unknown as { priority?: number }).priority ?? 0);

    // before splitting: the key's chunk holds its module and a module another key's chunk holds too
    const keyModule = { resource: require.resolve(shareKey, { paths: [shellDir] }) };
    const common = { resource: '/x/node_modules/@chakra-ui/react/dist/esm/components/button/button.js' };
    const otherKeyOnly = { resource: '/x/shared-ui/src/dialogs/ModalDialog.tsx' };
    const consumed = {}; // a consumed share key: loaded by the federation runtime, never moved
    const keyChunk = { name: 'key' };
    const otherChunk = { name: 'other key' };
    const modules = new Map<Chunk, Module[]>([
      [keyChunk, [keyModule, common, consumed]],
      [otherChunk, [common, otherKeyOnly, consumed]],
    ]);
    const chunkGraph: ChunkGraph = {
      getModuleChunksIterable: (m) => [...modules].filter(([, held]) => held.includes(m)).map(([chunk]) => chunk),
      getChunkModulesIterable: (chunk) => modules.get(chunk) ?? [],
    };
    expect(group.test(common, { chunkGraph })).toBe(true);
    expect(group.test(keyModule, { chunkGraph })).toBe(true);
    expect(group.test(otherKeyOnly, { chunkGraph })).toBe(false);
    expect(group.test(consumed, { chunkGraph })).toBe(false);
  }
});

it('turns registry names into container names', () => {
  expect(containerName('mfe-auth')).toBe('mfe_auth');
  expect(containerName('mfe_heatpump-nms')).toBe('mfe_heatpump_nms');
});

describe('the published description', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-description-'));
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  it("is the module's description, evaluated with the build constants", () => {
    const file = write(
      'ok.ts',
      `import type { RemoteDescription } from '@fleet/shared-api';
       const routes = ['/a', '/b'].map((path) => ({ path, access: 'public' as const }));
       export const description: RemoteDescription = { name: 'x', version: FLEET_REMOTE_VERSION, routes, menu: [], requires: FLEET_REQUIRES };`,
    );
    expect(evaluateDescription(file, { FLEET_REMOTE_VERSION: '2.0.0', FLEET_REQUIRES: { react: '^19.2.0' } })).toEqual({
      name: 'x',
      version: '2.0.0',
      routes: [{ path: '/a', access: 'public' }, { path: '/b', access: 'public' }],
      menu: [],
      requires: { react: '^19.2.0' },
    });
  });

  it("may use the remote contract's route table at run time (nothing else: no React, no screens)", () => {
    const file = write(
      'table.ts',
      `import type { RemoteDescription } from '@fleet/shared-api';
       import { describeRoutes, routesPer } from '@fleet/shared-api/remote-contract';
       const ROUTES = { list: { path: '/a', access: ['Admin'] }, line: routesPer(['x', 'y'], (v) => ({ path: '/b/' + v, access: 'login' })) };
       export const description: RemoteDescription = { name: 'x', version: '1.0.0', routes: describeRoutes(ROUTES), menu: [], requires: {} };`,
    );
    expect((evaluateDescription(file, {}) as { routes: unknown }).routes).toEqual([
      { path: '/a', access: ['Admin'] },
      { path: '/b/x', access: 'login' },
      { path: '/b/y', access: 'login' },
    ]);
  });

  it('refuses a runtime import, naming it', () => {
    const file = write('bad.ts', `import { homePath } from '@fleet/shared-api';\nexport const description = { name: homePath('Admin') };`);
    expect(() => evaluateDescription(file, {})).toThrow("bad.ts may import types and '@fleet/shared-api/remote-contract' only (it imports '@fleet/shared-api' at run time)");
  });

  it('refuses a module without a description', () => {
    expect(() => evaluateDescription(write('none.ts', 'export const other = 1;'), {})).toThrow('must export a description');
  });

  it("matches mfe-auth's own description module", () => {
    const published = evaluateDescription(path.join(authDir, 'src', 'description.ts'), {
      FLEET_REMOTE_VERSION: '1.0.0',
      FLEET_REQUIRES: requiredShared(authDir),
    }) as { name: string; routes: Array<{ path: string }> };
    expect(published.name).toBe('mfe-auth');
    expect(published.routes.map((r) => r.path)).toContain('/verify-otp');
  });
});
