import { itKeepsRemoteContract } from '@fleet/shared-ui/testing';
import { waitFor } from '@testing-library/react';
import { description } from './description';
import { callsTo, fakeApi, listReply, renderDevices, resetPage, signInAs } from './test-support';

describe('description', () => {
  itKeepsRemoteContract(description, __dirname);

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
    expect(first.map((entry) => [entry.labels.en, entry.path, entry.roles])).toEqual([
      ['Dashboard', '/admin/dashboard', ['Admin']],
      ['Dashboard', '/agency/dashboard', ['Agency']],
      ['Analysis', '/admin/analysis', ['Admin']],
    ]);
  });

  it('gives Admin a device list per product in one Devices group, each shown whatever product is selected', () => {
    const admin = description.menu.filter((entry) => entry.roles.includes('Admin') && entry.path.endsWith('devices'));
    expect([...admin].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).map((entry) => [entry.labels.en, entry.labels.hi, entry.path])).toEqual([
      ['All Devices', 'सभी डिवाइस', '/admin/all/devices'],
      ['Electricity Advisor', 'इलेक्ट्रिसिटी एडवाइज़र', '/admin/electricity-advisor/devices'],
      ['Livelink', 'लाइवलिंक', '/admin/livelink/devices'],
      ['Safelink', 'सेफ़लिंक', '/admin/safelink/devices'],
      ['Smoke Alarms', 'स्मोक अलार्म', '/admin/smoke-alarm/devices'],
      ['Airlink', 'एयरलिंक', '/admin/airlink/devices'],
      ['Lighting', 'लाइटिंग', '/admin/bulb/devices'],
    ]);
    for (const entry of admin) expect(entry.group).toEqual({ name: 'Devices', labels: { en: 'Devices', hi: 'डिवाइस' } });
    expect(description.menu.some((entry) => 'products' in entry)).toBe(false);
  });

  it("names User's devices apart from its heat pumps (the heat-pump remote's Heat Pumps)", () => {
    const user = description.menu.filter((entry) => entry.roles.includes('User'));
    expect(user.map((entry) => [entry.labels.en, entry.path])).toEqual([['Other Devices', '/customer/devices']]);
    expect(description.menu.find((entry) => entry.roles.includes('Customer'))?.labels.en).toBe('Devices');
  });

  it("declares as the Agency list's first request the very GET its screen sends first (the shell sends it early)", async () => {
    resetPage();
    signInAs('Agency');
    const calls = fakeApi({ 'GET /api/agency/devices/all': listReply([]) });
    renderDevices('/agency/devices');
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/agency/devices/all')).toHaveLength(1));
    const [first] = callsTo(calls, 'GET', '/api/agency/devices/all');
    const declared = description.routes.find((r) => r.path === '/agency/devices')?.firstRequest;
    expect(declared).toBe(`${first?.path}${first?.search}`);
  });
});
