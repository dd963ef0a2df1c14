#!/usr/bin/env node
// The static checks, one after the other: type-checking every package, then lint (type-aware: see
// eslint.config.mjs). `npm test` runs this beside the browser journeys; each check's outcome and time
// go to .test-results/checks.json for its summary. `node scripts/checks.mjs typecheck` runs one.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHECKS = {
  typecheck: ['lerna', 'run', 'typecheck', '--concurrency', '2'],
  lint: ['eslint', '.', '--max-warnings', '0'],
};
const only = process.argv.slice(2);
// Beside the journeys (`npm test`), the checks take only the CPU the journeys leave: at an equal share a
// journey's own fleet-api, starting under them, missed its 120 s start (2026-11-26). tsc and eslint inherit it.
if (process.env.FLEET_CHECKS_BESIDE === '1') {
  try {
    setPriority(19);
  } catch {
    // not allowed here: the checks share the CPU equally
  }
}
const results = [];
for (const [name, args] of Object.entries(CHECKS)) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n=== ${name}`);
  const since = Date.now();
  const r = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
  results.push({ name, ok: r.status === 0, seconds: Math.round((Date.now() - since) / 1000) });
}
mkdirSync(join(root, '.test-results'), { recursive: true });
writeFileSync(join(root, '.test-results', 'checks.json'), JSON.stringify(results, null, 2));
process.exit(results.every((r) => r.ok) ? 0 : 1);
