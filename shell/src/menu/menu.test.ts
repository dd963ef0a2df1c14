import type { RemoteDescription } from '@fleet/shared-api';
import { authDescription, devicesDescription, firmwareDescription, heatPumpDescription } from '../test-support/descriptions';
import { buildMenu, groupLabel, entryLabel } from './menu';

const all = [authDescription, devicesDescription, heatPumpDescription, firmwareDescription];
const labels = (groups: ReturnType<typeof buildMenu>, language: 'en' | 'hi' = 'en') =>
  groups.map((g) =>
    g.group ? `${groupLabel(g.group, language)}: ${g.entries.map((e) => entryLabel(e, language)).join(', ')}` : entryLabel(g.entries[0]!, language),
  );

describe('side menu per role (spec 2.11)', () => {
  it('gives Admin every area it has, grouped and ordered, profile last: the product selector hides none', () => {
    expect(labels(buildMenu(all, 'Admin'))).toEqual([
      'Dashboard',
      'Devices: Heat Pump, Livelink',
      'Attention',
      'Manage Firmwares: Firmwares, OTAs',
      'Profile',
    ]);
  });

  it('gives Agency its Attention and one Devices entry (two remotes own /agency/devices, one per product)', () => {
    expect(labels(buildMenu(all, 'Agency'))).toEqual(['Devices', 'Attention', 'Profile']);
  });

  it('lists one entry for a path two remotes declare for different products', () => {
    const admin = buildMenu(all, 'Admin').flatMap((g) => g.entries);
    expect(admin.filter((e) => e.path === '/admin/dashboard')).toHaveLength(1);
  });

  it('keeps the Admin-only groups from every other role, whatever a remote declares', () => {
    expect(labels(buildMenu(all, 'Agency')).join()).not.toMatch(/Firmwares/);
  });

  it.each([
    ['Electrician', ['Devices', 'Profile']],
    ['Customer', ['Devices', 'Profile']],
    ['mscc', ['Profile']],
    ['sm', ['Profile']],
    ['User', []],
  ] as const)('gives %s only its own entries', (role, expected) => {
    expect(labels(buildMenu(all, role))).toEqual(expected);
    for (const group of buildMenu(all, role)) for (const e of group.entries) expect(e.roles).toContain(role);
  });

  it('lists an entry declared twice once', () => {
    expect(labels(buildMenu([authDescription, authDescription], 'sm'))).toEqual(['Profile']);
  });

  it("shows each entry and group in the page's language from the description alone (no remote code loaded)", () => {
    expect(labels(buildMenu(all, 'Admin'), 'hi')).toEqual([
      'डैशबोर्ड',
      'डिवाइस: हीट पंप, लाइवलिंक',
      'ध्यान दें',
      'फ़र्मवेयर प्रबंधित करें: फ़र्मवेयर, ओटीए',
      'प्रोफ़ाइल',
    ]);
  });

  it('shows the English words of an entry a remote built before labels has (its description is data from another deploy)', () => {
    const old = {
      ...authDescription,
      menu: [{ id: 'old', label: 'Old Entry', labelKey: 'x:menu.old', path: '/sm/old', roles: ['sm'], order: 1 }],
    } as unknown as RemoteDescription;
    expect(labels(buildMenu([old], 'sm'), 'hi')).toEqual(['Old Entry']);
  });
});
