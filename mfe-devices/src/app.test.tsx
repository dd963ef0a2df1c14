import { expectMountsAndUnmounts, expectSentToLogin } from '@fleet/shared-ui/testing';
import * as app from './app';
import { fakeApi, listReply, resetPage, signInAs } from './test-support';

beforeEach(resetPage);

describe('./app lifecycles', () => {
  it('bootstraps its i18n bundles, mounts the screen of the URL, and unmounts cleanly', async () => {
    signInAs('Electrician');
    fakeApi({ 'GET /api/electrician/devices/all': listReply([]) });
    await expectMountsAndUnmounts(app, 'mfe-devices', { namespace: 'devices', path: '/electrician/devices', heading: 'Devices' });
  });

  it('sends a role without access to /login and renders nothing on paths of other remotes', async () => {
    signInAs('Agency');
    await expectSentToLogin(app, 'mfe-devices', '/admin/bulb/devices');
  });
});
