import { expectRemoteContract } from '@fleet/shared-ui/testing';
import path from 'node:path';
import { description } from './description';

describe('description', () => {
  it('keeps the remote contract (name and version of package.json, shared singletons at its ranges, type-only imports)', () => {
    expectRemoteContract(description, path.join(__dirname, '..'));
  });

  it('owns the device lists and details of spec 2.3-2.6 but heat pump, each for its role', () => {
    const paths = description.routes.map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/admin/all/devices',
        '/admin/electricity-advisor/devices',
        '/admin/bulb/devices',
        '/admin/livelink/devices',
        '/admin/safelink/devices',
        '/admin/airlink/devices',
        '/admin/devices/view/:id',
        '/admin/bulb/device/view/:id',
        '/admin/device/view/impulse-rate-history/:id',
        '/admin/smoke-alarm/devices',
        '/admin/smoke-alarm/device/view/:id',
        '/admin/livelink/device-history/:id',
        '/admin/safelink/device-history/:mac_address',
        '/admin/airlink/device-history/:serial_number',
        '/admin/bulb/device-history/:serial_number',
        '/agency/devices',
        '/electrician/devices',
        '/electrician/device/view/:id',
        '/customer/devices',
        '/customer/devices/view/:id',
      ]),
    );
    expect(paths.some((p) => p.includes('heat_pump'))).toBe(false);
    expect(description.routes.find((r) => r.path === '/agency/devices')?.access).toEqual(['Agency']);
    expect(description.routes.find((r) => r.path === '/customer/devices')?.access).toBe('login');
  });

  it('owns the device dashboards of every product but heat pump (the network dashboard is the heat-pump remote\'s) and Admin\'s analysis', () => {
    const notHeatPump = ['all', 'electricity-advisor', 'livelink', 'safelink', 'airlink', 'bulb'];
    expect(description.routes.find((r) => r.path === '/admin/dashboard')).toEqual({ path: '/admin/dashboard', access: ['Admin'], products: notHeatPump });
    expect(description.routes.find((r) => r.path === '/agency/dashboard')).toEqual({ path: '/agency/dashboard', access: ['Agency'], products: notHeatPump });
    expect(description.routes.find((r) => r.path === '/admin/analysis')).toEqual({ path: '/admin/analysis', access: ['Admin'] });
    const first = [...description.menu].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).slice(0, 3);
    expect(first.map((entry) => [entry.label, entry.path, entry.roles, entry.products ?? 'every product'])).toEqual([
      ['Dashboard', '/admin/dashboard', ['Admin'], notHeatPump],
      ['Dashboard', '/agency/dashboard', ['Agency'], notHeatPump],
      ['Analysis', '/admin/analysis', ['Admin'], 'every product'],
    ]);
  });

  it('gives Admin a device menu per product and the agency one except for heat pumps', () => {
    const admin = description.menu.filter((entry) => entry.roles.includes('Admin') && entry.path.endsWith('devices'));
    expect(admin.map((entry) => entry.products?.[0])).toEqual(['all', 'electricity-advisor', 'livelink', 'safelink', 'airlink', 'bulb', 'safelink']);
    expect(admin.at(-1)).toMatchObject({ label: 'Smoke Alarms', path: '/admin/smoke-alarm/devices' });
    const agency = description.menu.find((entry) => entry.roles.includes('Agency') && entry.path === '/agency/devices');
    expect(agency?.products).not.toContain('heat_pump');
    for (const entry of description.menu) expect(entry.labelKey).toMatch(/^devices:menu\./);
  });
});
