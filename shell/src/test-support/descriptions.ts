// Remote descriptions as remotes write them, for the shell's tests.
import type { MenuGroup, MenuLabels, RemoteDescription, UserType } from '@fleet/shared-api';

/** The six roles with a profile screen (spec 2.13), each at /{role}/profile. */
const PROFILE: Partial<Record<UserType, string>> = Object.fromEntries(
  (['Admin', 'Agency', 'Electrician', 'Customer', 'mscc', 'sm'] as const).map((role) => [role, `/${role.toLowerCase()}/profile`]),
);

/** Each sign-in portal's screens of spec 2.1: sign-in, forgot password, reset password. */
const PORTAL_SCREENS = {
  main: ['/login', '/forgot-password', '/reset-password'],
  electrician: ['/electrician-login', '/electrician-forgot-password', '/electrician-reset-password'],
  msc: ['/msc/login', '/msc/forgot-password', '/msc/reset-password'],
  sm: ['/sm/login', '/sm/forgot-password', '/sm/reset-password'],
};

/** Every public screen of spec 2.1, as mfe-auth/src/description.ts lists them (its public routes). */
export const AUTH_PUBLIC_PATHS: readonly string[] = ['/', '/signup', '/verify-otp', ...Object.values(PORTAL_SCREENS).flat()];

const words = (en: string, hi: string): MenuLabels => ({ en, hi });
const DEVICES: MenuGroup = { name: 'Devices', labels: words('Devices', 'डिवाइस') };
const FIRMWARES: MenuGroup = { name: 'Manage Firmwares', labels: words('Manage Firmwares', 'फ़र्मवेयर प्रबंधित करें') };

export const authDescription: RemoteDescription = {
  name: 'mfe-auth',
  version: '1.0.0',
  routes: [
    ...AUTH_PUBLIC_PATHS.map((path) => ({ path, access: 'public' as const })),
    ...Object.entries(PROFILE).map(([role, path]) => ({ path: path as string, access: [role as UserType] })),
  ],
  menu: Object.entries(PROFILE).map(([role, path]) => ({
    id: `auth.profile.${role}`,
    labels: words('Profile', 'प्रोफ़ाइल'),
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
    { path: '/admin/livelink/devices', access: ['Admin'] },
    { path: '/admin/devices/view/:id', access: ['Admin'] },
    { path: '/agency/devices', access: ['Agency'], products: ['all', 'electricity-advisor', 'livelink', 'safelink', 'airlink', 'bulb'] },
    { path: '/electrician/devices', access: ['Electrician'] },
    { path: '/customer/devices', access: 'login' },
    { path: '/user/dashboard', access: 'login' },
  ],
  menu: [
    { id: 'devices.dashboard', labels: words('Dashboard', 'डैशबोर्ड'), path: '/admin/dashboard', roles: ['Admin'], order: 1 },
    { id: 'devices.livelink', labels: words('Livelink', 'लाइवलिंक'), path: '/admin/livelink/devices', roles: ['Admin'], group: DEVICES, order: 11 },
    { id: 'devices.agency', labels: words('Devices', 'डिवाइस'), path: '/agency/devices', roles: ['Agency'], order: 2 },
    { id: 'devices.electrician', labels: words('Devices', 'डिवाइस'), path: '/electrician/devices', roles: ['Electrician'], order: 2 },
    { id: 'devices.customer', labels: words('Devices', 'डिवाइस'), path: '/customer/devices', roles: ['Customer'], order: 2 },
  ],
  requires: { react: '^19.0.0' },
};

/** The heat-pump remote: owns /admin/dashboard and /agency/devices while heat pumps are selected. */
export const heatPumpDescription: RemoteDescription = {
  name: 'mfe-heatpump-nms',
  version: '1.0.0',
  routes: [
    { path: '/admin/dashboard', access: ['Admin'], products: ['heat_pump'] },
    { path: '/agency/dashboard', access: ['Agency'], products: ['heat_pump'] },
    { path: '/agency/devices', access: ['Agency'], products: ['heat_pump'] },
    { path: '/admin/heat_pump/devices', access: ['Admin'] },
    { path: '/admin/heat_pump/faulty-systems', access: ['Admin'] },
    { path: '/agency/heat_pump/faulty-systems', access: ['Agency'] },
  ],
  menu: [
    // the same path as mfe-devices' Dashboard and Devices: one entry each in the menu
    { id: 'hp.admin.dashboard', labels: words('Dashboard', 'डैशबोर्ड'), path: '/admin/dashboard', roles: ['Admin'], order: 1 },
    { id: 'hp.agency.devices', labels: words('Devices', 'डिवाइस'), path: '/agency/devices', roles: ['Agency'], order: 2 },
    { id: 'hp.admin.devices', labels: words('Heat Pump', 'हीट पंप'), path: '/admin/heat_pump/devices', roles: ['Admin'], group: DEVICES, order: 10 },
    { id: 'hp.admin.attention', labels: words('Attention', 'ध्यान दें'), path: '/admin/heat_pump/faulty-systems', roles: ['Admin'], order: 20 },
    { id: 'hp.agency.attention', labels: words('Attention', 'ध्यान दें'), path: '/agency/heat_pump/faulty-systems', roles: ['Agency'], order: 20 },
  ],
  requires: { react: '^19.0.0' },
};

export const firmwareDescription: RemoteDescription = {
  name: 'mfe-firmware',
  version: '1.0.0',
  routes: [{ path: '/admin/firmwares', access: ['Admin'] }],
  menu: [
    { id: 'fw.firmwares', labels: words('Firmwares', 'फ़र्मवेयर'), path: '/admin/firmwares', roles: ['Admin'], group: FIRMWARES, order: 40 },
    { id: 'fw.otas', labels: words('OTAs', 'ओटीए'), path: '/admin/OTAs', roles: ['Admin'], group: FIRMWARES, order: 41 },
    // a remote's mistake: the spec keeps Manage Firmwares to Admin
    { id: 'fw.agency', labels: words('Firmwares', 'फ़र्मवेयर'), path: '/agency/firmwares', roles: ['Agency'], group: FIRMWARES, order: 40 },
  ],
  requires: { react: '^19.0.0' },
};
