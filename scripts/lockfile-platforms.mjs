#!/usr/bin/env node
// The registry this project installs from holds only some platforms' builds of packages that ship
// native binaries as optional dependencies (@swc/core, unrs-resolver): no darwin or win32 builds,
// for instance. npm then leaves those entries out of package-lock.json, and `npm ci` refuses the
// lockfile as "not in sync". This adds each missing optional platform package to the lockfile with
// its os/cpu/libc, exactly as npm writes them for a platform it does not install; `npm ci` skips
// them on this machine and fetches them on the platform they are for.
// Run after `npm install` whenever the lockfile changes: `node scripts/lockfile-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lockPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OSES = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPUS = ['x64', 'arm64', 'arm', 'ia32', 'ppc64', 's390x', 'loong64', 'riscv64', 'wasm32'];

/** os/cpu/libc from a platform package's name, e.g. @swc/core-linux-arm-gnueabihf. */
function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((t) => OSES.includes(t));
  const cpu = tokens.find((t) => CPUS.includes(t));
  if (!os || !cpu) return null;
  const libcToken = tokens.find((t) => t.startsWith('gnu') || t.startsWith('musl'));
  const libc = os === 'linux' && libcToken ? (libcToken.startsWith('musl') ? 'musl' : 'glibc') : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    // npm resolves from the package's own node_modules upwards; the hoisted place is the root one.
    const nested = `${path ? `${path}/` : ''}node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(spec)) continue; // only exact versions of platform builds
    packages[`node_modules/${dep}`] = {
      version: spec,
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      optional: true,
      os: [platform.os],
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: ${added} platform package entries added`);
