/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { PreloadListPlugin, PRELOAD_FILE } from './preload-list';
import type { PreloadList } from './index';

// A host and a remote as small as can be, built for real: the list is read from webpack's chunk graph.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'preload-list-'));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
  fs.writeFileSync(path.join(work, file), text);
};

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function build(dir: string, federation: ConstructorParameters<typeof ModuleFederationPlugin>[0], entry?: string): Promise<PreloadList> {
  const compiler = webpack({
    context: dir,
    mode: 'production',
    entry: entry ? { main: entry } : {},
    output: { path: path.join(dir, 'dist'), filename: '[name].js', chunkFilename: '[id].[contenthash].js', publicPath: 'auto' },
    optimization: { minimize: false },
    plugins: [new ModuleFederationPlugin({ ...federation, dts: false, manifest: false }), new PreloadListPlugin({ dir })],
  });
  return new Promise((resolve, reject) => {
    compiler.run((err, stats) => {
      compiler.close(() => undefined);
      if (err || !stats || stats.hasErrors()) return reject(err ?? new Error(stats?.toString('errors-only')));
      resolve(JSON.parse(fs.readFileSync(path.join(dir, 'dist', PRELOAD_FILE), 'utf8')) as PreloadList);
    });
  });
}

it('lists what the shell bootstrap, its lazy pieces and each share key need, and what an exposed module consumes', async () => {
  write('lib/base.js', 'export const base = "base";');
  write('lib/table.js', 'import { base } from "fixture-base"; export const table = () => base + " table";');
  write('host/src/index.js', 'import("./bootstrap");');
  write('host/src/bootstrap.js', 'import { base } from "fixture-base"; console.log(base); import("./frame").then((m) => m.frame());');
  write('host/src/frame.js', 'import { table } from "fixture-table"; export const frame = () => table();');
  const shared = (role: 'host' | 'remote') => ({
    'fixture-base': { singleton: true, version: '1.0.0', requiredVersion: '1.0.0', ...(role === 'host' ? { import: path.join(work, 'lib/base.js') } : { import: false as const }) },
    'fixture-table': { singleton: true, version: '1.0.0', requiredVersion: '1.0.0', ...(role === 'host' ? { import: path.join(work, 'lib/table.js') } : { import: false as const }) },
  });
  const host = await build(path.join(work, 'host'), { name: 'host', shared: shared('host') }, './src/index.js');

  const file = (list: string[]) => list.every((f) => /^\d+\.[0-9a-f]+\.js$/.test(f) && fs.existsSync(path.join(work, 'host', 'dist', f)));
  expect(Object.keys(host.shared).sort()).toEqual(['fixture-base', 'fixture-table']);
  // a share key's chunks come with those of the keys it consumes (the table uses the base)
  expect(host.shared['fixture-table']).toEqual(expect.arrayContaining(host.shared['fixture-base']!));
  expect(host.shared['fixture-table']!.length).toBeGreaterThan(host.shared['fixture-base']!.length);
  expect(file(host.shared['fixture-table']!)).toBe(true);
  expect(Object.keys(host.lazy).sort()).toEqual(['src/bootstrap.js', 'src/frame.js']);
  expect(host.lazy['src/bootstrap.js']!.shared).toEqual(['fixture-base']);
  expect(host.lazy['src/frame.js']!.shared).toEqual(['fixture-table']);
  expect(file(host.lazy['src/bootstrap.js']!.files)).toBe(true);
  // the bootstrap's own later import is not its chunk
  expect(host.lazy['src/bootstrap.js']!.files).not.toEqual(expect.arrayContaining(host.lazy['src/frame.js']!.files));
  expect(host.exposes).toEqual({});

  write('remote/src/app.js', 'import { table } from "fixture-table"; export const mount = () => table(); export const later = () => import("./later");');
  write('remote/src/later.js', 'import { base } from "fixture-base"; export const later = base;');
  const remote = await build(path.join(work, 'remote'), { name: 'remote', filename: 'remoteEntry.js', exposes: { './app': './src/app.js' }, shared: shared('remote') });
  expect(Object.keys(remote.exposes)).toEqual(['./app']);
  expect(remote.exposes['./app']!.shared).toEqual(['fixture-table']);
  expect(remote.exposes['./app']!.files.length).toBeGreaterThan(0);
  for (const f of remote.exposes['./app']!.files) expect(fs.existsSync(path.join(work, 'remote', 'dist', f))).toBe(true);
  expect(remote.shared).toEqual({});
  expect(remote.lazy['src/later.js']!.shared).toEqual(['fixture-base']);
}, 30_000);
