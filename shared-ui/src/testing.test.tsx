// The checks every remote's description test runs (shared-ui/testing), on descriptions made up here.
import type { RemoteDescription } from '@fleet/shared-api';
import { expectMenuOnOwnRoutes } from './testing';

const PROFILE = { en: 'Profile', hi: 'प्रोफ़ाइल' };

function described(menu: RemoteDescription['menu']): RemoteDescription {
  return {
    name: 'mfe-things',
    version: '1.0.0',
    routes: [
      { path: '/admin/things', access: ['Admin'] },
      { path: '/customer/things', access: 'login' },
    ],
    menu,
    requires: {},
  };
}

describe("a remote's menu", () => {
  it('leads to its own routes, each entry for roles the route admits', () => {
    expect(() =>
      expectMenuOnOwnRoutes(
        described([
          { id: 'admin', labels: PROFILE, path: '/admin/things', roles: ['Admin'] },
          { id: 'user', labels: PROFILE, path: '/customer/things', roles: ['User', 'Customer'] },
        ]),
      ),
    ).not.toThrow();
  });

  it('fails on an entry whose path is no route of the remote (a link to nowhere)', () => {
    expect(() => expectMenuOnOwnRoutes(described([{ id: 'lost', labels: PROFILE, path: '/admin/thing', roles: ['Admin'] }]))).toThrow('/admin/thing');
  });

  it("fails on an entry for a role its route does not admit (the shell's guard would send it away)", () => {
    expect(() => expectMenuOnOwnRoutes(described([{ id: 'agency', labels: PROFILE, path: '/admin/things', roles: ['Admin', 'Agency'] }]))).toThrow('Agency');
  });
});
