// The menus the console shows, from the six remotes' own descriptions as their builds publish them
// (federation-config evaluates each description.ts as it does for description.json): every area of each
// role, whatever product is selected, in English and in Hindi.
import { evaluateDescription, remoteBuildConstants } from '@fleet/federation-config';
import type { RemoteDescription, UserType } from '@fleet/shared-api';
import path from 'node:path';
import { buildMenu, entryLabel, groupLabel } from './menu';

const REMOTES = ['mfe-auth', 'mfe-devices', 'mfe-heatpump-nms', 'mfe-customers', 'mfe-organisations', 'mfe-firmware'];
const root = path.join(__dirname, '..', '..', '..');
const descriptions = REMOTES.map((name) => {
  const dir = path.join(root, name);
  return evaluateDescription(path.join(dir, 'src', 'description.ts'), remoteBuildConstants({ name, dir })) as RemoteDescription;
});

const menuOf = (role: UserType, language: 'en' | 'hi' = 'en') =>
  buildMenu(descriptions, role).map((g) =>
    g.group ? `${groupLabel(g.group, language)}: ${g.entries.map((e) => entryLabel(e, language)).join(', ')}` : entryLabel(g.entries[0]!, language),
  );

describe('the menus of the six remotes, per role (spec 2.11)', () => {
  it.each<[UserType, string[]]>([
    [
      'Admin',
      [
        'Dashboard',
        'Analysis',
        'Devices: All Devices, Electricity Advisor, Livelink, Safelink, Smoke Alarms, Airlink, Lighting, Heat Pump',
        'Heat Pump: Attention, Multi-Site Company, Sites, Multi-Site Contacts, Site Managers, Models',
        'Customers',
        'Manage Agencies: Agencies, Integrations, Partners',
        'Manage Electricians: Aggregators, Electricians, Field Workers',
        'Installer Agents',
        'Tariffs',
        'Electricity Retailers',
        'Manage Firmwares: Firmwares, OTAs, OTA History, Rollouts, Rules, Groups',
        'Suppression List',
        'Sliders: Electricity Advisor, Livelink, Safelink, Airlink',
        'Audit Log',
        'Profile',
      ],
    ],
    ['Agency', ['Dashboard', 'Devices', 'Electricians', 'Electrician Agents', 'Devices - VEU', 'Installation Agents', 'Attention', 'Multi-Site', 'Sites', 'Customers', 'Audit Log', 'Profile']],
    ['Electrician', ['Devices', 'Field Workers', 'Audit Log', 'Profile']],
    ['mscc', ['Dashboard', 'Devices', 'Attention', 'Sites', 'Multi-Site Contacts', 'Site Managers', 'Customers', 'Audit Log', 'Profile']],
    ['sm', ['Dashboard', 'Devices', 'Attention', 'Sites', 'Site Managers', 'Customers', 'Audit Log', 'Profile']],
    ['User', ['Heat Pumps', 'Other Devices']],
    ['Customer', ['Devices', 'Profile']],
  ])('%s sees every area it has (no product hides one), each path once', (role, expected) => {
    expect(menuOf(role)).toEqual(expected);
    const paths = buildMenu(descriptions, role).flatMap((g) => g.entries.map((e) => e.path));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('names two entries of a role alike only in different groups (User had two "Devices")', () => {
    for (const role of ['Admin', 'Agency', 'Electrician', 'mscc', 'sm', 'User', 'Customer'] as const) {
      for (const group of buildMenu(descriptions, role)) {
        const names = group.entries.map((e) => entryLabel(e, 'en'));
        expect([role, new Set(names).size]).toEqual([role, names.length]);
      }
      const topLevel = buildMenu(descriptions, role).filter((g) => !g.group).map((g) => entryLabel(g.entries[0]!, 'en'));
      expect([role, new Set(topLevel).size]).toEqual([role, topLevel.length]);
    }
  });

  it('gives Admin its menu in Hindi without any remote loaded', () => {
    const hindi = menuOf('Admin', 'hi');
    expect(hindi[2]).toBe('डिवाइस: सभी डिवाइस, इलेक्ट्रिसिटी एडवाइज़र, लाइवलिंक, सेफ़लिंक, स्मोक अलार्म, एयरलिंक, लाइटिंग, हीट पंप');
    expect(hindi[3]).toBe('हीट पंप: ध्यान दें, मल्टी-साइट कंपनी, साइटें, मल्टी-साइट संपर्क, साइट मैनेजर, मॉडल');
    expect(hindi.join(' ')).not.toMatch(/[A-Za-z]{3,}/);
  });
});
