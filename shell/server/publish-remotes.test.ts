/** @jest-environment node */
// scripts/publish-remotes.mjs: "deploy one remote without rebuilding the shell".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = join(__dirname, '..', '..', 'scripts', 'publish-remotes.mjs');
const work = mkdtempSync(join(tmpdir(), 'publish-'));
const dataDir = join(work, 'data');

function build(version: string) {
  const dist = join(work, `dist-${version}`);
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ id: 'mfe_auth', version }));
  writeFileSync(join(dist, 'remoteEntry.js'), `/* ${version} */`);
  return dist;
}

function publish(args: string[]) {
  return spawnSync(process.execPath, [script, ...args], { env: { ...process.env, FLEET_DATA_DIR: dataDir }, encoding: 'utf8' });
}

const registry = () => JSON.parse(readFileSync(join(dataDir, 'remotes.json'), 'utf8')) as Record<string, unknown>;

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('publishing a remote', () => {
  it('copies the build under its version and points the registry at it, keeping the others', () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'remotes.json'), JSON.stringify({ 'mfe-devices': { manifest: '/remotes/mfe-devices/1.0.0/mf-manifest.json', version: '1.0.0' } }));

    const first = publish(['--remote', 'mfe-auth', '--dist', build('1.0.0'), '--version', '1.0.0']);
    expect(first.status).toBe(0);
    expect(existsSync(join(dataDir, 'remotes', 'mfe-auth', '1.0.0', 'remoteEntry.js'))).toBe(true);

    const second = publish(['--remote', 'mfe-auth', '--dist', build('1.0.1'), '--version', '1.0.1']);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('mfe-auth@1.0.1 published');
    expect(registry()).toEqual({
      'mfe-devices': { manifest: '/remotes/mfe-devices/1.0.0/mf-manifest.json', version: '1.0.0' },
      'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.1/mf-manifest.json', version: '1.0.1' },
    });
    // the previous version stays for pages still using it
    expect(readFileSync(join(dataDir, 'remotes', 'mfe-auth', '1.0.0', 'remoteEntry.js'), 'utf8')).toBe('/* 1.0.0 */');
  });

  it('refuses a folder that is not a remote build, and a bad version', () => {
    const empty = join(work, 'empty');
    mkdirSync(empty, { recursive: true });
    const r = publish(['--remote', 'mfe-auth', '--dist', empty, '--version', '2.0.0']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('has no mf-manifest.json');
    expect(publish(['--remote', 'mfe-auth', '--dist', build('3.0.0'), '--version', '../../etc']).status).toBe(1);
    expect((registry()['mfe-auth'] as { version: string }).version).toBe('1.0.1');
  });

  it('removes a remote from the registry with --unpublish', () => {
    expect(publish(['--remote', 'mfe-auth', '--unpublish']).status).toBe(0);
    expect(Object.keys(registry())).toEqual(['mfe-devices']);
  });
});
