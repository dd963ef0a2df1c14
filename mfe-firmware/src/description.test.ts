import { SHARED_SINGLETONS } from '@fleet/federation-config';
import fs from 'node:fs';
import path from 'node:path';
import { description } from './description';

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
};

describe('description', () => {
  it('is the registry entry mfe-firmware at the package version', () => {
    expect(description.name).toBe('mfe-firmware');
    expect(description.version).toBe(pkg.version);
  });

  it('owns the firmware routes of spec 2.4, for Admin only', () => {
    expect(description.routes).toEqual([
      { path: '/admin/firmwares', access: ['Admin'] },
      { path: '/admin/OTAs', access: ['Admin'] },
      { path: '/admin/OTA_History', access: ['Admin'] },
      { path: '/admin/rules', access: ['Admin'] },
      { path: '/admin/OTA-groups', access: ['Admin'] },
      { path: '/admin/OTA-groups/:id', access: ['Admin'] },
    ]);
  });

  it('adds the Manage Firmwares menu group of spec 2.11 in its order, Admin only', () => {
    expect(description.menu.map((entry) => [entry.label, entry.path])).toEqual([
      ['Firmwares', '/admin/firmwares'],
      ['OTAs', '/admin/OTAs'],
      ['OTA History', '/admin/OTA_History'],
      ['Rules', '/admin/rules'],
      ['Groups', '/admin/OTA-groups'],
    ]);
    for (const entry of description.menu) {
      expect(entry).toMatchObject({ group: 'Manage Firmwares', roles: ['Admin'] });
      expect(entry.labelKey).toMatch(/^firmware:menu\./);
    }
    const orders = description.menu.map((entry) => entry.order ?? 0);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
  });

  it('requires the shared singletons it uses, at the ranges of package.json', () => {
    expect(Object.keys(description.requires)).toEqual(
      expect.arrayContaining(['react', 'react-dom', 'i18next', '@tanstack/react-query', '@fleet/shared-ui', '@fleet/shared-api']),
    );
    for (const [name, range] of Object.entries(description.requires)) {
      expect(SHARED_SINGLETONS).toContain(name);
      expect(range).toBe(pkg.dependencies[name]);
    }
  });

  it('imports types only, so the shell can read it cheaply', () => {
    const source = fs.readFileSync(path.join(__dirname, 'description.ts'), 'utf8');
    const imports = source.split('\n').filter((line) => /^import\s/.test(line));
    expect(imports.length).toBeGreaterThan(0);
    for (const line of imports) expect(line).toMatch(/^import type /);
  });
});
