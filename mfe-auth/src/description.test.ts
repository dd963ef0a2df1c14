import { SHARED_SINGLETONS } from '@fleet/federation-config';
import fs from 'node:fs';
import path from 'node:path';
import { description, PROFILE_PATHS } from './description';

/** The two range forms package.json uses here: `^x.y.z` and an exact `x.y.z`. */
function satisfies(version: string, range: string): boolean {
  const parse = (v: string) => v.replace(/^[\^~]/, '').split('.').map(Number) as [number, number, number];
  const [major, minor, patch] = parse(version);
  const [wantMajor, wantMinor, wantPatch] = parse(range);
  if (!range.startsWith('^')) return major === wantMajor && minor === wantMinor && patch === wantPatch;
  return major === wantMajor && (minor > wantMinor || (minor === wantMinor && patch >= wantPatch));
}

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
};

describe('description', () => {
  it('is the registry entry mfe-auth at the package version', () => {
    expect(description.name).toBe('mfe-auth');
    expect(description.version).toBe(pkg.version);
  });

  it('owns every public route of spec 2.1', () => {
    const publicPaths = description.routes.filter((route) => route.access === 'public').map((route) => route.path);
    expect(publicPaths.sort()).toEqual(
      [
        '/',
        '/login',
        '/electrician-login',
        '/msc/login',
        '/sm/login',
        '/signup',
        '/verify-otp',
        '/forgot-password',
        '/electrician-forgot-password',
        '/msc/forgot-password',
        '/sm/forgot-password',
        '/reset-password',
        '/electrician-reset-password',
        '/msc/reset-password',
        '/sm/reset-password',
      ].sort(),
    );
  });

  it('owns the six profiles, each for its role only', () => {
    const profiles = description.routes.filter((route) => route.access !== 'public');
    expect(profiles).toEqual([
      { path: '/admin/profile', access: ['Admin'] },
      { path: '/agency/profile', access: ['Agency'] },
      { path: '/electrician/profile', access: ['Electrician'] },
      { path: '/customer/profile', access: ['Customer'] },
      { path: '/mscc/profile', access: ['mscc'] },
      { path: '/sm/profile', access: ['sm'] },
    ]);
  });

  it('adds a Profile menu entry per role, translated under auth:menu.profile', () => {
    expect(description.menu).toHaveLength(6);
    for (const entry of description.menu) {
      const role = entry.roles[0] as keyof typeof PROFILE_PATHS;
      expect(entry).toMatchObject({ label: 'Profile', labelKey: 'auth:menu.profile', path: PROFILE_PATHS[role], roles: [role] });
    }
    expect(new Set(description.menu.map((entry) => entry.id)).size).toBe(6);
  });

  it('requires the shared singletons it depends on, at ranges the installed versions satisfy', () => {
    expect(Object.keys(description.requires)).toEqual(
      expect.arrayContaining(['react', 'react-dom', 'i18next', '@fleet/shared-ui', '@fleet/shared-api']),
    );
    for (const [name, range] of Object.entries(description.requires)) {
      expect(SHARED_SINGLETONS).toContain(name);
      expect(range).toBe(pkg.dependencies[name]);
      const installed = (JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
      expect(satisfies(installed, range)).toBe(true);
    }
  });

  it('imports types only, so the shell can read it cheaply', () => {
    const source = fs.readFileSync(path.join(__dirname, 'description.ts'), 'utf8');
    const imports = source.split('\n').filter((line) => /^import\s/.test(line));
    expect(imports.length).toBeGreaterThan(0);
    for (const line of imports) expect(line).toMatch(/^import type /);
  });
});
