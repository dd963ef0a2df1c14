import { authDescription, devicesDescription, firmwareDescription } from '../test-support/descriptions';
import { buildMenu } from './menu';

const all = [authDescription, devicesDescription, firmwareDescription];
const labels = (groups: ReturnType<typeof buildMenu>) =>
  groups.map((g) => (g.group ? `${g.group}: ${g.entries.map((e) => e.label).join(', ')}` : (g.entries[0]?.label ?? '')));

describe('side menu per role (spec 2.11)', () => {
  it('gives Admin its entries, grouped and ordered, profile last', () => {
    expect(labels(buildMenu(all, 'Admin', 'all'))).toEqual([
      'Dashboard',
      'Devices: Heat Pump, Livelink',
      'Manage Firmwares: Firmwares, OTAs',
      'Profile',
    ]);
  });

  it('shows product entries only while their product is selected', () => {
    expect(labels(buildMenu(all, 'Admin', 'heat_pump'))).toEqual(['Dashboard', 'Devices: Heat Pump', 'Manage Firmwares: Firmwares, OTAs', 'Profile']);
    expect(labels(buildMenu(all, 'Admin', 'bulb'))).toEqual(['Dashboard', 'Manage Firmwares: Firmwares, OTAs', 'Profile']);
  });

  it('keeps the Admin-only groups from every other role, whatever a remote declares', () => {
    expect(labels(buildMenu(all, 'Agency', 'all'))).toEqual(['Devices', 'Profile']);
  });

  it.each([
    ['Electrician', ['Devices', 'Profile']],
    ['Customer', ['Devices', 'Profile']],
    ['mscc', ['Profile']],
    ['sm', ['Profile']],
    ['User', []],
  ] as const)('gives %s only its own entries', (role, expected) => {
    expect(labels(buildMenu(all, role, 'all'))).toEqual(expected);
    for (const group of buildMenu(all, role, 'all')) for (const e of group.entries) expect(e.roles).toContain(role);
  });

  it('lists an entry declared twice once', () => {
    expect(labels(buildMenu([authDescription, authDescription], 'sm', 'all'))).toEqual(['Profile']);
  });
});
