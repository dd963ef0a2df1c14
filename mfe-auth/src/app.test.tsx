import { act, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { bootstrap, mount, unmount } from './app';
import { resetPage } from './test-support';

type Props = Parameters<typeof mount>[0];

/**
 * Runs a lifecycle: React renders when the act() scope ends, and single-spa-react resolves mount and
 * unmount only after that render, so the promise is awaited outside the scope.
 */
async function run(lifecycle: (props: Props) => Promise<unknown>, props: Props): Promise<void> {
  let done: Promise<unknown> = Promise.resolve();
  act(() => {
    done = lifecycle(props);
  });
  await done;
}

function mountProps(domElement: HTMLElement): Props {
  return { name: 'mfe-auth', domElement, singleSpa: {}, mountParcel: jest.fn() } as unknown as Props;
}

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
