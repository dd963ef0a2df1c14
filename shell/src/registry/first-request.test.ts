import { useSelectedProduct, useSession } from '@fleet/shared-api';
import type { LoginUserInfo, RemoteDescription, UserType } from '@fleet/shared-api';
import { startFirstRequest } from './first-request';
import { InlineComposition } from './registry';

const FIRST_PAGE = '/api/agency/devices/all?page=1&limit=25';

const devices: RemoteDescription = {
  name: 'mfe-devices',
  version: '1.0.0',
  routes: [
    { path: '/agency/devices', access: ['Agency'], firstRequest: FIRST_PAGE },
    { path: '/agency/devices/view/:id', access: ['Agency'] },
  ],
  menu: [],
  requires: {},
};

function inlinePage(...descriptions: unknown[]): InlineComposition {
  return new InlineComposition({ descriptions: Object.fromEntries(descriptions.map((description, i) => [`remote-${i}`, { manifest: `/r${i}/mf-manifest.json`, description }])) });
}

function signInAs(userType: UserType): void {
  const info = { user_type: userType, userInfo: { id: 1, email: 'a@fleet.test', first_name: 'A', last_name: 'B' } } as LoginUserInfo;
  useSession.getState().signIn({ token: 'access', refresh_token: 'refresh', info });
}

function sentAt(pathname: string, search = '', inline = inlinePage(devices)): string[] {
  const sent: string[] = [];
  startFirstRequest({ pathname, search }, inline, (path) => sent.push(path));
  return sent;
}

beforeEach(() => {
  localStorage.clear();
  useSession.getState().signOut();
  useSelectedProduct.getState().select('all');
});

afterEach(() => jest.restoreAllMocks());

describe("the first screen's early request", () => {
  it("is sent for a role the route allows, with no query string, as the route declares it", () => {
    signInAs('Agency');
    expect(sentAt('/agency/devices')).toEqual([FIRST_PAGE]);
  });

  it('is not sent with a query string (the screen asks for another page or filter)', () => {
    signInAs('Agency');
    expect(sentAt('/agency/devices', '?page=2')).toEqual([]);
  });

  it('is not sent for a role the route refuses, nor signed out', () => {
    signInAs('Electrician');
    expect(sentAt('/agency/devices')).toEqual([]);
    useSession.getState().signOut();
    expect(sentAt('/agency/devices')).toEqual([]);
  });

  it('is not sent for a route that declares none, nor when a description is malformed', () => {
    signInAs('Agency');
    expect(sentAt('/agency/devices/view/4')).toEqual([]);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(sentAt('/agency/devices', '', inlinePage({ name: 'broken', routes: [{ path: '/agency/devices', access: 7 }] }))).toEqual([]);
  });
});
