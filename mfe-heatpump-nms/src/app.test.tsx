import { within } from '@testing-library/react';
import i18next from 'i18next';
import { mountRemote } from '@fleet/shared-ui/testing';
import * as app from './app';
import { fakeApi, listReply, resetPage, signInAs } from './test-support';

beforeEach(resetPage);

describe('./app lifecycles', () => {
  it('bootstraps its i18n bundles, mounts the screen of the URL, and unmounts cleanly', async () => {
    signInAs('User');
    fakeApi({ 'GET /api/heat-pump/list': listReply([]) });
    i18next.removeResourceBundle('en', 'heatpump');
    const remote = await mountRemote(app, 'mfe-heatpump-nms', '/user/dashboard');
    expect(i18next.hasResourceBundle('en', 'heatpump')).toBe(true);
    expect(await within(remote.domElement).findByRole('heading', { name: 'Devices [Heat Pump]' })).toBeInTheDocument();
    const { domElement } = remote;
    await remote.unmount();
    expect(domElement).toBeEmptyDOMElement();
  });

  it('sends a role without access to /login and renders nothing on paths of other remotes', async () => {
    signInAs('Agency');
    const remote = await mountRemote(app, 'mfe-heatpump-nms', '/admin/heat_pump/faulty-systems');
    expect(window.location.pathname).toBe('/login');
    expect(within(remote.domElement).queryByRole('heading')).toBeNull();
    await remote.unmount();
  });
});
