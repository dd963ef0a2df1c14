import { expectRemoteContract } from '@fleet/shared-ui/testing';
import path from 'node:path';
import { description } from './description';

describe('description', () => {
  it('keeps the remote contract (name and version of package.json, shared singletons at its ranges, type-only imports)', () => {
    expectRemoteContract(description, path.join(__dirname, '..'));
  });

  it('owns the heat-pump list, Attention, fault history and device pages of the spec, each for its role', () => {
    const access = Object.fromEntries(description.routes.map((route) => [route.path, route.access]));
    expect(access).toMatchObject({
      '/admin/heat_pump/devices': ['Admin'],
      '/user/dashboard': 'login',
      '/admin/heat_pump/faulty-systems': ['Admin'],
      '/agency/heat_pump/faulty-systems': ['Agency'],
      '/multisite/faulty-systems': ['mscc'],
      '/sitemanager/faulty-systems': ['sm'],
      '/admin/heat_pump/faulty-systems/view/faulty-history/:id': ['Admin'],
      '/agency/heat_pump/faulty-systems/view/faulty-history/:id': ['Agency'],
      '/multisite/faulty-systems/view/faulty-history/:id': ['mscc'],
      '/sitemanager/faulty-systems/view/faulty-history/:id': ['sm'],
      '/admin/heat_pump/device/view/:id': ['Admin'],
      '/agency/heat_pump/device/view/:id': ['Agency'],
    });
  });

  it('puts Devices and Attention in the heat-pump menus', () => {
    const admin = description.menu.filter((entry) => entry.roles.includes('Admin'));
    expect(admin.map((entry) => [entry.label, entry.path, entry.products])).toEqual([
      ['Dashboard', '/admin/dashboard', ['heat_pump']],
      ['Devices', '/admin/heat_pump/devices', ['heat_pump']],
      ['Attention', '/admin/heat_pump/faulty-systems', ['heat_pump']],
      ['Multi-Site Company', '/admin/heat_pump/multi-site-company', ['heat_pump']],
      ['Sites', '/admin/heat_pump/sites', ['heat_pump']],
      ['Multi-Site Contacts', '/admin/heat_pump/multi-site-contacts', ['heat_pump']],
      ['Site Managers', '/admin/heat_pump/site-managers', ['heat_pump']],
      ['Models', '/admin/heat_pump/models', ['heat_pump']],
    ]);
    expect(description.menu.find((entry) => entry.roles.includes('User'))?.path).toBe('/user/dashboard');
    for (const entry of description.menu) expect(entry.labelKey).toMatch(/^heatpump:menu\./);
  });
});
