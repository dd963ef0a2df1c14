import { expectMountsAndUnmounts, expectSentToLogin } from '@fleet/shared-ui/testing';
import * as app from './app';
import { fakeApi, listReply, resetPage, signInAs } from './test-support';

beforeEach(resetPage);

describe('./app lifecycles', () => {
  it('bootstraps its i18n bundles, mounts the screen of the URL, and unmounts cleanly', async () => {
    signInAs('User');
    fakeApi({ 'GET /api/heat-pump/list': listReply([]) });
    await expectMountsAndUnmounts(app, 'mfe-heatpump-nms', { namespace: 'heatpump', path: '/user/dashboard', heading: 'Devices [Heat Pump]' });
  });

  it('sends a role without access to /login and renders nothing on paths of other remotes', async () => {
    signInAs('Agency');
    await expectSentToLogin(app, 'mfe-heatpump-nms', '/admin/heat_pump/faulty-systems');
  });
});
