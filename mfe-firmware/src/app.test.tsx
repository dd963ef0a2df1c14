import { within } from '@testing-library/react';
import i18next from 'i18next';
import { mountPropsFor, runLifecycle } from '@fleet/shared-ui/testing';
import { bootstrap, mount, unmount } from './app';
import { fakeApi, listReply, resetPage, signInAsAdmin } from './test-support';

type Props = Parameters<typeof mount>[0];

const mountProps = (domElement: HTMLElement) => mountPropsFor<Props>('mfe-firmware', domElement);
const run = runLifecycle<Props>;

beforeEach(resetPage);

describe('./app lifecycles', () => {
  it('bootstraps its i18n bundles, mounts the screen of the URL into props.domElement, and unmounts cleanly', async () => {
    signInAsAdmin('livelink');
    fakeApi({ 'GET /api/ota/rule/list': listReply([]), 'GET /api/ota/firmware-versions': { body: { status: true, message: '', info: [] } } });
    i18next.removeResourceBundle('en', 'firmware');
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    window.history.pushState({}, '', '/admin/rules');
    const props = mountProps(domElement);

    await run(bootstrap, props);
    expect(i18next.hasResourceBundle('en', 'firmware')).toBe(true);
    await run(mount, props);
    expect(await within(domElement).findByRole('heading', { name: 'Rules' })).toBeInTheDocument();

    await run(unmount, props);
    expect(domElement).toBeEmptyDOMElement();
    domElement.remove();
  });

  it('sends a signed-in non-Admin away to /login and renders nothing on paths of other remotes', async () => {
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    window.history.pushState({}, '', '/admin/OTA-groups');
    const props = mountProps(domElement);
    await run(bootstrap, props);
    await run(mount, props);
    expect(window.location.pathname).toBe('/login');
    expect(within(domElement).queryByRole('heading')).toBeNull();
    await run(unmount, props);
    domElement.remove();
  });
});
