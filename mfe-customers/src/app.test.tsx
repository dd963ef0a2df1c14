import { expectMountsAndUnmounts, expectSentToLogin } from '@fleet/shared-ui/testing';
import * as app from './app';
import { fakeApi, listReply, resetPage, signInAs } from './test-support';

beforeEach(resetPage);

describe('./app lifecycles', () => {
  it('bootstraps its i18n bundles, mounts the screen of the URL, and unmounts cleanly', async () => {
    signInAs('sm');
    fakeApi({ 'GET /api/sm/customer/get/all': listReply([]) });
    await expectMountsAndUnmounts(app, 'mfe-customers', { namespace: 'customers', path: '/sitemanager/customers', heading: 'Customers' });
  });

  it("sends a role to /login from another area's customers", async () => {
    signInAs('Agency');
    await expectSentToLogin(app, 'mfe-customers', '/admin/customers');
  });
});
