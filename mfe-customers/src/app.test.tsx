import { within } from '@testing-library/react';
import i18next from 'i18next';
import { mountRemote } from '@fleet/shared-ui/testing';
import * as app from './app';
import { fakeApi, listReply, resetPage, signInAs } from './test-support';

beforeEach(resetPage);

describe('./app lifecycles', () => {
  it('bootstraps its i18n bundles, mounts the screen of the URL, and unmounts cleanly', async () => {
    signInAs('sm');
    fakeApi({ 'GET /api/sm/customer/get/all': listReply([]) });
    i18next.removeResourceBundle('en', 'customers');
    const remote = await mountRemote(app, 'mfe-customers', '/sitemanager/customers');
    expect(i18next.hasResourceBundle('en', 'customers')).toBe(true);
    expect(await within(remote.domElement).findByRole('heading', { name: 'Customers' })).toBeInTheDocument();
    const { domElement } = remote;
    await remote.unmount();
    expect(domElement).toBeEmptyDOMElement();
  });

  it("sends a role to /login from another area's customers", async () => {
    signInAs('Agency');
    const remote = await mountRemote(app, 'mfe-customers', '/admin/customers');
    expect(window.location.pathname).toBe('/login');
    expect(within(remote.domElement).queryByRole('heading')).toBeNull();
    await remote.unmount();
  });
});
