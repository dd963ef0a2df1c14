// What the shell reads at start-up to learn this remote's routes and menu entries. It imports types and
// the contract's route table helpers only: the build evaluates it in Node, without React or the screens.
import type { MenuEntry, MenuGroup, MenuLabels, RemoteDescription, UserType } from '@fleet/shared-api';
import { describeRoutes, type RouteTable } from '@fleet/shared-api/remote-contract';

/** The firmware area of spec 2.4 (auth-dashboards-routing-roles): Admin only. */
export const FIRMWARE_PATHS = {
  firmwares: '/admin/firmwares',
  otas: '/admin/OTAs',
  otaHistory: '/admin/OTA_History',
  rules: '/admin/rules',
  groups: '/admin/OTA-groups',
  groupDetails: '/admin/OTA-groups/:id',
  // staged rollouts (issue 22): not in the spec's route table
  rollouts: '/admin/rollouts',
  newRollout: '/admin/rollouts/new',
  rolloutDetails: '/admin/rollouts/:id',
} as const;

/** The side-menu group of spec 2.11; the shell also keeps it Admin only. */
export const MENU_GROUP: MenuGroup = { name: 'Manage Firmwares', labels: { en: 'Manage Firmwares', hi: 'फ़र्मवेयर प्रबंधित करें' } };

const ADMIN: UserType[] = ['Admin'];

/** Each screen's route, Admin only (FirmwareRoutes gives the screens by these names). */
export const FIRMWARE_ROUTES = {
  firmwares: { path: FIRMWARE_PATHS.firmwares, access: ADMIN },
  otas: { path: FIRMWARE_PATHS.otas, access: ADMIN },
  otaHistory: { path: FIRMWARE_PATHS.otaHistory, access: ADMIN },
  rules: { path: FIRMWARE_PATHS.rules, access: ADMIN },
  groups: { path: FIRMWARE_PATHS.groups, access: ADMIN },
  groupDetails: { path: FIRMWARE_PATHS.groupDetails, access: ADMIN },
  rollouts: { path: FIRMWARE_PATHS.rollouts, access: ADMIN },
  newRollout: { path: FIRMWARE_PATHS.newRollout, access: ADMIN },
  rolloutDetails: { path: FIRMWARE_PATHS.rolloutDetails, access: ADMIN },
} satisfies RouteTable;

const entries: Array<[key: string, labels: MenuLabels, path: string]> = [
  ['firmwares', { en: 'Firmwares', hi: 'फ़र्मवेयर' }, FIRMWARE_PATHS.firmwares],
  ['otas', { en: 'OTAs', hi: 'ओटीए' }, FIRMWARE_PATHS.otas],
  ['otaHistory', { en: 'OTA History', hi: 'ओटीए इतिहास' }, FIRMWARE_PATHS.otaHistory],
  ['rollouts', { en: 'Rollouts', hi: 'रोलआउट' }, FIRMWARE_PATHS.rollouts],
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
  routes: describeRoutes(FIRMWARE_ROUTES),
  menu,
  requires: FLEET_REQUIRES,
};
