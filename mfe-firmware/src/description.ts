// What the shell reads at start-up to learn this remote's routes and menu entries. Type-only imports:
// this module must stay tiny and free of runtime dependencies.
import type { MenuEntry, MenuGroup, MenuLabels, RemoteDescription, RemoteRoute, UserType } from '@fleet/shared-api';

/** The firmware area of spec 2.4 (auth-dashboards-routing-roles): Admin only. */
export const FIRMWARE_PATHS = {
  firmwares: '/admin/firmwares',
  otas: '/admin/OTAs',
  otaHistory: '/admin/OTA_History',
  rules: '/admin/rules',
  groups: '/admin/OTA-groups',
  groupDetails: '/admin/OTA-groups/:id',
} as const;

/** The side-menu group of spec 2.11; the shell also keeps it Admin only. */
export const MENU_GROUP: MenuGroup = { name: 'Manage Firmwares', labels: { en: 'Manage Firmwares', hi: 'फ़र्मवेयर प्रबंधित करें' } };

const ADMIN: UserType[] = ['Admin'];

const routes: RemoteRoute[] = Object.values(FIRMWARE_PATHS).map((path): RemoteRoute => ({ path, access: ADMIN }));

const entries: Array<[key: string, labels: MenuLabels, path: string]> = [
  ['firmwares', { en: 'Firmwares', hi: 'फ़र्मवेयर' }, FIRMWARE_PATHS.firmwares],
  ['otas', { en: 'OTAs', hi: 'ओटीए' }, FIRMWARE_PATHS.otas],
  ['otaHistory', { en: 'OTA History', hi: 'ओटीए इतिहास' }, FIRMWARE_PATHS.otaHistory],
  ['rules', { en: 'Rules', hi: 'नियम' }, FIRMWARE_PATHS.rules],
  ['groups', { en: 'Groups', hi: 'समूह' }, FIRMWARE_PATHS.groups],
];

// After the device, customer and organisation menus (spec 2.11 lists Manage Firmwares after Tariffs).
const menu: MenuEntry[] = entries.map(
  ([key, labels, path], index): MenuEntry => ({
    id: `firmware.${key}`,
    labels,
    path,
    roles: ADMIN,
    group: MENU_GROUP,
    order: 600 + index,
  }),
);

export const description: RemoteDescription = {
  name: 'mfe-firmware',
  // Both come from package.json at build time (federation-config's DefinePlugin).
  version: FLEET_REMOTE_VERSION,
  routes,
  menu,
  requires: FLEET_REQUIRES,
};
