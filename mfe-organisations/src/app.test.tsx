import { expectMountsAndUnmounts, expectSentToLogin } from '@fleet/shared-ui/testing';
import * as app from './app';
import { fakeApi, listReply, resetPage, signInAs } from './test-support';

beforeEach(resetPage);

describe('./app lifecycles', () => {
  it('bootstraps its i18n bundles, mounts the screen of the URL, and unmounts cleanly', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/aggregators/get/all': listReply([]) });
    await expectMountsAndUnmounts(app, 'mfe-organisations', { namespace: 'organisations', path: '/admin/aggregators', heading: 'Aggregators' });
  });

  it('sends another role to /login', async () => {
    signInAs('Agency');
    await expectSentToLogin(app, 'mfe-organisations', '/admin/electricity-retailers');
  });
});
