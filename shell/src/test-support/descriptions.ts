// Remote descriptions as remotes write them, for the shell's tests.
import type { RemoteDescription, UserType } from '@fleet/shared-api';

const PROFILE: Partial<Record<UserType, string>> = {
  Admin: '/admin/profile',
  Agency: '/agency/profile',
  Electrician: '/electrician/profile',
  Customer: '/customer/profile',
  mscc: '/mscc/profile',
  sm: '/sm/profile',
};

/** Every public screen of spec 2.1, as mfe-auth/src/description.ts lists them (PUBLIC_PATHS). */
export const AUTH_PUBLIC_PATHS = [
  '/',
  '/login',
  '/electrician-login',
  '/msc/login',
  '/sm/login',
  '/signup',
  '/verify-otp',
  '/forgot-password',
  '/electrician-forgot-password',
  '/msc/forgot-password',
  '/sm/forgot-password',
  '/reset-password',
  '/electrician-reset-password',
  '/msc/reset-password',
  '/sm/reset-password',
] as const;

export const authDescription: RemoteDescription = {
  name: 'mfe-auth',
  version: '1.0.0',
  routes: [
    ...AUTH_PUBLIC_PATHS.map((path) => ({ path, access: 'public' as const })),
    ...Object.entries(PROFILE).map(([role, path]) => ({ path: path as string, access: [role as UserType] })),
  ],
  menu: Object.entries(PROFILE).map(([role, path]) => ({
    id: `auth.profile.${role}`,
    label: 'Profile',
    labelKey: 'auth:menu.profile',
    path: path as string,
    roles: [role as UserType],
    order: 1000,
  })),
  requires: { react: '^19.0.0' },
};

export const devicesDescription: RemoteDescription = {
  name: 'mfe-devices',
  version: '1.0.0',
  routes: [
    // the device dashboard of every product but heat pump (mfe-heatpump-nms has the heat-pump one)
    { path: '/admin/dashboard', access: ['Admin'], products: ['all', 'electricity-advisor', 'livelink', 'safelink', 'airlink', 'bulb'] },
    { path: '/admin/heat_pump/devices', access: ['Admin'], products: ['heat_pump', 'all'] },
    { path: '/admin/devices/view/:id', access: ['Admin'] },
    { path: '/agency/devices', access: ['Agency'] },
    { path: '/electrician/devices', access: ['Electrician'] },
    { path: '/user/dashboard', access: 'login' },
    { path: '/customer/devices', access: 'login' },
    { path: '/sites/devices', access: 'login' },
  ],
  menu: [
    { id: 'devices.dashboard', label: 'Dashboard', labelKey: 'devices:menu.dashboard', path: '/admin/dashboard', roles: ['Admin'], order: 1 },
    { id: 'devices.hp', label: 'Heat Pump', labelKey: 'devices:menu.hp', path: '/admin/heat_pump/devices', roles: ['Admin'], group: 'Devices', products: ['heat_pump', 'all'], order: 10 },
    { id: 'devices.livelink', label: 'Livelink', labelKey: 'devices:menu.livelink', path: '/admin/livelink/devices', roles: ['Admin'], group: 'Devices', products: ['livelink', 'all'], order: 11 },
    { id: 'devices.agency', label: 'Devices', labelKey: 'devices:menu.agency', path: '/agency/devices', roles: ['Agency'], order: 2 },
    { id: 'devices.electrician', label: 'Devices', labelKey: 'devices:menu.electrician', path: '/electrician/devices', roles: ['Electrician'], order: 2 },
    { id: 'devices.customer', label: 'Devices', labelKey: 'devices:menu.customer', path: '/customer/devices', roles: ['Customer'], order: 2 },
  ],
  requires: { react: '^19.0.0' },
};

export const heatPumpDescription: RemoteDescription = {
  name: 'mfe-heatpump-nms',
  version: '1.0.0',
  routes: [{ path: '/admin/dashboard', access: ['Admin'], products: ['heat_pump'] }],
  menu: [],
  requires: { react: '^19.0.0' },
};

export const firmwareDescription: RemoteDescription = {
  name: 'mfe-firmware',
  version: '1.0.0',
  routes: [{ path: '/admin/firmwares', access: ['Admin'] }],
  menu: [
    { id: 'fw.firmwares', label: 'Firmwares', labelKey: 'firmware:menu.firmwares', path: '/admin/firmwares', roles: ['Admin'], group: 'Manage Firmwares', order: 40 },
    { id: 'fw.otas', label: 'OTAs', labelKey: 'firmware:menu.otas', path: '/admin/OTAs', roles: ['Admin'], group: 'Manage Firmwares', order: 41 },
    // a remote's mistake: the spec keeps Manage Firmwares to Admin
    { id: 'fw.agency', label: 'Firmwares', labelKey: 'firmware:menu.firmwares', path: '/agency/firmwares', roles: ['Agency'], group: 'Manage Firmwares', order: 40 },
  ],
  requires: { react: '^19.0.0' },
};
