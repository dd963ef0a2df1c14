import { within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { mountPropsFor, runLifecycle } from '../testing';
import { createRemoteLifecycles } from './lifecycles';

// A remote whose tree throws while rendering: its error boundary must keep the crash in its area.
function ExplodingRoot(): ReactElement {
  throw new Error('profile exploded');
}

const addBundles = jest.fn();
const { bootstrap, mount, unmount } = createRemoteLifecycles({ Root: () => <ExplodingRoot />, addBundles });

type Props = Parameters<typeof mount>[0];

const run = runLifecycle<Props>;

it('shows an error panel in its own element when its tree throws', async () => {
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
  const neighbour = document.createElement('nav');
  neighbour.textContent = 'Shell menu';
  const domElement = document.createElement('div');
  document.body.append(neighbour, domElement);
  const props = mountPropsFor<Props>('mfe-auth', domElement);

  await run(bootstrap, props);
  // the remote's namespace and shared-ui's own are on the page's instance before the first render
  expect(addBundles).toHaveBeenCalledWith(i18next);
  expect(i18next.hasResourceBundle('hi', 'ui')).toBe(true);
  await run(mount, props);
  const alert = await within(domElement).findByRole('alert');
  expect(alert).toHaveTextContent('This part of the page failed to display.');
  expect(alert).toHaveTextContent('profile exploded');
  expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  expect(neighbour).toHaveTextContent('Shell menu');

  await run(unmount, props);
  quiet.mockRestore();
});

it("lets the shell's error boundary prop render the crash when it passes one", async () => {
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
  const domElement = document.createElement('div');
  document.body.append(domElement);
  const reported: unknown[] = [];
  const props = {
    name: 'mfe-auth-in-shell',
    domElement,
    singleSpa: {},
    mountParcel: jest.fn(),
    errorBoundary: (error: unknown) => {
      reported.push(error);
      return <div role="alert">Shell panel</div>;
    },
  } as unknown as Props;

  await run(bootstrap, props);
  await run(mount, props);
  expect(await within(domElement).findByRole('alert')).toHaveTextContent('Shell panel');
  expect(reported).toEqual([expect.objectContaining({ message: 'profile exploded' })]);
  await run(unmount, props);
  quiet.mockRestore();
});
