import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { mountRemote } from '@fleet/shared-ui/testing';
import * as app from './app';
import { resetPage } from './test-support';

beforeEach(resetPage);

describe('./app lifecycles', () => {
  it('bootstraps its i18n bundles, mounts into props.domElement at the current URL, and unmounts cleanly', async () => {
    i18next.removeResourceBundle('hi', 'auth');
    const remote = await mountRemote(app, 'mfe-auth', '/msc/login');
    expect(i18next.hasResourceBundle('hi', 'auth')).toBe(true);
    expect(await within(remote.domElement).findByRole('heading', { name: 'Sign in to the Multi-Site Company Portal' })).toBeInTheDocument();
    // inside the console the shell's layout holds the one <main>
    expect(remote.domElement.querySelector('main')).toBeNull();
    const { domElement } = remote;
    await remote.unmount();
    expect(domElement).toBeEmptyDOMElement();
  });

  it('renders nothing on a path another remote owns', async () => {
    const remote = await mountRemote(app, 'mfe-auth', '/admin/dashboard');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await remote.unmount();
  });
});
