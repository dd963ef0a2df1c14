import { itKeepsRemoteContract } from '@fleet/shared-ui/testing';
import { description, PROFILE_PATHS } from './description';

describe('description', () => {
  itKeepsRemoteContract(description, __dirname);

  it('owns every public route of spec 2.1', () => {
    const publicPaths = description.routes.filter((route) => route.access === 'public').map((route) => route.path);
    expect(publicPaths.sort()).toEqual(
      [
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
      ].sort(),
    );
  });

  it('owns the six profiles, each for its role only', () => {
    const profiles = description.routes.filter((route) => route.access !== 'public');
    expect(profiles).toEqual([
      { path: '/admin/profile', access: ['Admin'] },
      { path: '/agency/profile', access: ['Agency'] },
      { path: '/electrician/profile', access: ['Electrician'] },
      { path: '/customer/profile', access: ['Customer'] },
      { path: '/mscc/profile', access: ['mscc'] },
      { path: '/sm/profile', access: ['sm'] },
    ]);
  });

  it('adds a Profile menu entry per role, in English and Hindi', () => {
    expect(description.menu).toHaveLength(6);
    for (const entry of description.menu) {
      const role = entry.roles[0] as keyof typeof PROFILE_PATHS;
      expect(entry).toMatchObject({ labels: { en: 'Profile', hi: 'प्रोफ़ाइल' }, path: PROFILE_PATHS[role], roles: [role] });
    }
    expect(new Set(description.menu.map((entry) => entry.id)).size).toBe(6);
  });
});
