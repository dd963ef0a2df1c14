#!/usr/bin/env node
// Deploys remote builds: copies a remote's dist/ to .data/remotes/<name>/<version>/ and points the
// registry (.data/remotes.json) at its mf-manifest.json. The console server reads the registry on
// every request, so the next page load uses the new build: the shell is not rebuilt or restarted.
//
//   node scripts/publish-remotes.mjs                      every mfe-* package with a dist/mf-manifest.json
//   node scripts/publish-remotes.mjs --remote mfe-auth --dist mfe-auth/dist --version 1.0.1
//   node scripts/publish-remotes.mjs --remote mfe-auth --unpublish      drop it from the registry
//
// FLEET_DATA_DIR moves the data folder (default .data at the repository root).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const NAME = /^[a-z][a-z0-9-]*$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]*$/;

export function dataDirectory(dataDir) {
  return resolve(dataDir ?? process.env.FLEET_DATA_DIR ?? join(root, '.data'));
}

function readRegistry(file) {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** Written beside and renamed over, so a request never reads half a registry. */
function writeRegistry(file, registry) {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(tmp, file);
}

/**
 * Publishes one remote build. Returns the registry entry written.
 * @param {{ name: string, dist: string, version: string, dataDir?: string }} options
 */
export function publishRemote({ name, dist, version, dataDir }) {
  if (!NAME.test(name ?? '')) throw new Error(`bad remote name: ${name}`);
  if (!VERSION.test(version ?? '')) throw new Error(`bad version: ${version}`);
  const source = resolve(dist);
  if (!existsSync(join(source, 'mf-manifest.json'))) {
    throw new Error(`${source} has no mf-manifest.json: build the remote first (npm run build -w ${name})`);
  }
  const data = dataDirectory(dataDir);
  const target = join(data, 'remotes', name, version);
  // copy to a fresh folder and swap it in: a page loading the old build of this version keeps working
  const staging = `${target}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(dirname(target), { recursive: true });
  cpSync(source, staging, { recursive: true });
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);

  const file = join(data, 'remotes.json');
  const registry = readRegistry(file);
  const entry = { manifest: `/remotes/${name}/${version}/mf-manifest.json`, version };
  registry[name] = entry;
  writeRegistry(file, registry);
  return entry;
}

export function unpublishRemote({ name, dataDir }) {
  const file = join(dataDirectory(dataDir), 'remotes.json');
  const registry = readRegistry(file);
  delete registry[name];
  writeRegistry(file, registry);
}

/** Every mfe-* workspace with a build: name and version from its package.json. */
export function builtRemotes() {
  return readdirSync(root)
    .filter((dir) => dir.startsWith('mfe-') && existsSync(join(root, dir, 'dist', 'mf-manifest.json')))
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
      return { name: dir, dist: join(root, dir, 'dist'), version: pkg.version };
    });
}

export function publishAll({ dataDir } = {}) {
  const published = [];
  for (const remote of builtRemotes()) {
    publishRemote({ ...remote, dataDir });
    published.push(remote);
  }
  return published;
}

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) continue;
    const key = arg.slice(2);
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) args[key] = true;
    else {
      args[key] = next;
      i += 1;
    }
  }
  return args;
}

// (`node -e` passes its own arguments in argv[1]: only a real `node <this file>` runs the CLI)
const evaluated = process.execArgv.some((a) => ['-e', '--eval', '-p', '--print'].includes(a) || a.startsWith('--eval='));
if (!evaluated && process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  try {
    if (args.remote && args.unpublish) {
      unpublishRemote({ name: args.remote });
      console.log(`${args.remote} removed from the registry`);
    } else if (args.remote) {
      const dir = join(root, args.remote);
      const dist = args.dist ?? join(dir, 'dist');
      const version = args.version ?? JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
      const entry = publishRemote({ name: args.remote, dist, version });
      console.log(`${args.remote}@${version} published: ${entry.manifest}`);
    } else {
      const published = publishAll();
      if (published.length === 0) console.log('no remote build found (mfe-*/dist/mf-manifest.json)');
      for (const r of published) console.log(`${r.name}@${r.version} published`);
    }
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
