import { within } from '@testing-library/react';
import i18next from 'i18next';
import { mountRemote } from '@fleet/shared-ui/testing';
import * as app from './app';
import { fakeApi, listReply, resetPage, signInAs } from './test-support';

beforeEach(resetPage);

describe('./app lifecycles', () => {
  it('bootstraps its i18n bundles, mounts the screen of the URL, and unmounts cleanly', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/aggregators/get/all': listReply([]) });
    i18next.removeResourceBundle('en', 'organisations');
    const remote = await mountRemote(app, 'mfe-organisations', '/admin/aggregators');
    expect(i18next.hasResourceBundle('en', 'organisations')).toBe(true);
    expect(await within(remote.domElement).findByRole('heading', { name: 'Aggregators' })).toBeInTheDocument();
    const { domElement } = remote;
    await remote.unmount();
    expect(domElement).toBeEmptyDOMElement();
  });

  it('sends another role to /login', async () => {
    signInAs('Agency');
    const remote = await mountRemote(app, 'mfe-organisations', '/admin/electricity-retailers');
    expect(window.location.pathname).toBe('/login');
    await remote.unmount();
  });
});
