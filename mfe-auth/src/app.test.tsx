import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { mountPropsFor, runLifecycle } from '@fleet/shared-ui/testing';
import { bootstrap, mount, unmount } from './app';
import { resetPage } from './test-support';

type Props = Parameters<typeof mount>[0];

const mountProps = (domElement: HTMLElement) => mountPropsFor<Props>('mfe-auth', domElement);
const run = runLifecycle<Props>;

beforeEach(resetPage);

describe('./app lifecycles', () => {
  it('bootstraps its i18n bundles, mounts into props.domElement at the current URL, and unmounts cleanly', async () => {
    i18next.removeResourceBundle('hi', 'auth');
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    window.history.pushState({}, '', '/msc/login');
    const props = mountProps(domElement);

    await run(bootstrap, props);
    expect(i18next.hasResourceBundle('hi', 'auth')).toBe(true);
    await run(mount, props);
    expect(await within(domElement).findByRole('heading', { name: 'Sign in to the Multi-Site Company Portal' })).toBeInTheDocument();
    // inside the console the shell's layout holds the one <main>
    expect(domElement.querySelector('main')).toBeNull();

    await run(unmount, props);
    expect(domElement).toBeEmptyDOMElement();
    domElement.remove();
  });

  it('renders nothing on a path another remote owns', async () => {
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    window.history.pushState({}, '', '/admin/dashboard');
    const props = mountProps(domElement);
    await run(bootstrap, props);
    await run(mount, props);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await run(unmount, props);
    domElement.remove();
  });
});
