import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, homePath } from '@fleet/shared-api';
import { FleetUiProvider } from '@fleet/shared-ui';
import type { RemoteDescription } from '@fleet/shared-api';
import { initI18n } from '../i18n/i18n';
import { ShellLayout } from '../layout/ShellLayout';
import { buildRouteTable } from '../routing/route-table';
import { decide } from '../routing/guards';
import { authDescription, firmwareDescription } from '../test-support/descriptions';
import { Composition } from './composition';
import type { SpaApi } from './composition';
import { CompositionContext } from './context';
import type { RemoteLoader } from './federation';

type Lifecycles = { bootstrap(): Promise<void>; mount(props: { domElement: HTMLElement }): Promise<void>; unmount(): Promise<void> };

/** A remote's ./app that writes its screen into the element the shell gives it. */
function fakeApp(text: string): Lifecycles {
  return {
    bootstrap: async () => undefined,
    mount: async ({ domElement }) => {
      domElement.textContent = text;
    },
    unmount: async () => undefined,
  };
}

/** Enough of single-spa for the shell: load, mount, LOAD_ERROR, re-registration. */
function fakeSpa(path: () => string, onError: (name: string, err: unknown) => void) {
  const apps = new Map<string, { config: Parameters<SpaApi['registerApplication']>[0]; status: string }>();
  const spa: SpaApi = {
    registerApplication(config) {
      apps.set(config.name, { config, status: 'NOT_LOADED' });
    },
    async unregisterApplication(name) {
      apps.delete(name);
    },
    getAppStatus: (name) => apps.get(name)?.status ?? null,
    getAppNames: () => [...apps.keys()],
    async triggerAppChange() {
      for (const [name, app] of apps) {
        if (!app.config.activeWhen({ pathname: path() } as Location) || app.status === 'MOUNTED') continue;
        try {
          const lifecycles = (await app.config.app()) as Lifecycles;
          await lifecycles.bootstrap();
          await lifecycles.mount(app.config.customProps(name) as { domElement: HTMLElement });
          app.status = 'MOUNTED';
        } catch (err) {
          app.status = 'LOAD_ERROR';
          onError(name, err);
        }
      }
    },
  };
  return spa;
}

function setup({
  description = authDescription,
  describe: describeImpl,
  app,
  provided = { react: '19.2.0' },
  registry = async () => ({ 'mfe-auth': { manifest: 'http://localhost/remotes/mfe-auth/1.0.0/mf-manifest.json', version: '1.0.0' } }),
  autoRetry,
}: {
  autoRetry?: { firstMs: number; maxMs: number };
  description?: RemoteDescription;
  describe?: jest.Mock;
  app?: jest.Mock;
  provided?: Record<string, string>;
  registry?: () => Promise<Record<string, { manifest: string; version: string }>>;
}) {
  const path = '/login';
  const describeFn = describeImpl ?? jest.fn(async (name: string) => (name === 'mfe-auth' ? description : { ...firmwareDescription, name }));
  const appFn = app ?? jest.fn().mockResolvedValue(fakeApp('Sign in to the Fleet Console'));
  const loader: RemoteLoader = {
    register: jest.fn(),
    load: jest.fn((_remote: string, _expose: string) => appFn()) as unknown as RemoteLoader['load'],
  };
  let composition: Composition | null = null;
  const spa = fakeSpa(() => path, (name, err) => composition?.reportAppError(name, err));
  composition = new Composition({
    loader,
    spa,
    provided,
    readRegistry: registry,
    readDescription: describeFn,
    ...(autoRetry ? { autoRetry } : {}),
    isActive: (remote, location) => {
      const d = decide(location.pathname, { userType: null, product: 'all' }, buildRouteTable(composition?.descriptions() ?? []), homePath);
      return d.kind === 'remote' && d.match.remote === remote;
    },
  });
  const page = composition;
  render(
    <FleetUiProvider>
      <MemoryRouter initialEntries={[path]}>
        <CompositionContext.Provider value={page}>
          <ShellLayout />
        </CompositionContext.Provider>
      </MemoryRouter>
    </FleetUiProvider>,
  );
  return { composition: page, loader, describeFn, appFn, spa };
}

beforeAll(() => {
  initI18n();
});

beforeEach(() => {
  // the shell logs each failure for developers; the assertions are about what the page shows
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

async function settle(composition: Composition) {
  await act(async () => {
    await composition.start();
    composition.syncStatuses();
  });
}

describe('composing remotes at run time', () => {
  it('mounts the remote that owns the path into its own area', async () => {
    const { composition, loader } = setup({});
    await settle(composition);
    expect(loader.register).toHaveBeenCalledWith([{ name: 'mfe-auth', manifest: 'http://localhost/remotes/mfe-auth/1.0.0/mf-manifest.json' }]);
    expect(await screen.findByText('Sign in to the Fleet Console')).toBeInTheDocument();
    expect(screen.getByTestId('remote-area-mfe-auth')).toContainElement(screen.getByText('Sign in to the Fleet Console'));
  });

  it("composes routes from descriptions alone: a remote's code loads only on its own routes", async () => {
    const { composition, loader, describeFn } = setup({
      registry: async () => ({
        'mfe-auth': { manifest: 'http://localhost/remotes/mfe-auth/1.0.0/mf-manifest.json', version: '1.0.0' },
        'mfe-firmware': { manifest: 'http://localhost/remotes/mfe-firmware/1.0.0/mf-manifest.json', version: '1.0.0' },
      }),
    });
    await settle(composition);
    expect(await screen.findByText('Sign in to the Fleet Console')).toBeInTheDocument();
    expect(describeFn).toHaveBeenCalledWith('mfe-firmware', 'http://localhost/remotes/mfe-firmware/1.0.0/mf-manifest.json');
    expect(composition.remote('mfe-firmware')?.status).toBe('ready');
    // /login belongs to mfe-auth: mfe-firmware's entry was never requested
    expect(loader.load).toHaveBeenCalledWith('mfe-auth', './app');
    expect(loader.load).not.toHaveBeenCalledWith('mfe-firmware', expect.anything());
  });

  it('shows an error panel with Retry when a remote cannot be fetched, and recovers when it is back', async () => {
    const describeFn = jest.fn().mockRejectedValueOnce(new Error('manifest 404')).mockResolvedValue(authDescription);
    const { composition, loader } = setup({ describe: describeFn });
    await settle(composition);
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the console could not be loaded');
    expect(screen.getByRole('alert')).toHaveTextContent('mfe-auth could not be fetched from http://localhost/remotes/mfe-auth/1.0.0/mf-manifest.json');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => composition.syncStatuses());
    expect(await screen.findByText('Sign in to the Fleet Console')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // the retry forgot the runtime's cached entry
    expect(loader.register).toHaveBeenLastCalledWith([{ name: 'mfe-auth', manifest: expect.any(String) }], true);
  });

  it('recovers by itself once an unreachable remote answers again', async () => {
    const describeFn = jest
      .fn()
      .mockRejectedValueOnce(new Error('manifest 404'))
      .mockRejectedValueOnce(new Error('manifest 404'))
      .mockResolvedValue(authDescription);
    const { composition } = setup({ describe: describeFn, autoRetry: { firstMs: 5, maxMs: 20 } });
    await settle(composition);
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the console could not be loaded');
    await waitFor(() => expect(screen.getByText('Sign in to the Fleet Console')).toBeInTheDocument());
    await act(async () => composition.syncStatuses());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    composition.dispose();
  });

  it('confines an ./app that fails to load to its area, and Retry mounts it again', async () => {
    const app = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError: loading chunk 218 failed')).mockResolvedValue(fakeApp('Login form back'));
    const { composition } = setup({ app });
    await settle(composition);
    expect(await screen.findByRole('alert')).toHaveTextContent('ChunkLoadError');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => composition.syncStatuses());
    expect(await screen.findByText('Login form back')).toBeInTheDocument();
  });

  it('shows the crash of a mounted remote in its area (the error boundary passed as a mount prop)', async () => {
    const { composition } = setup({});
    await settle(composition);
    await screen.findByText('Sign in to the Fleet Console');
    act(() => composition.reportCrash('mfe-auth', new Error('Cannot read properties of undefined')));
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the console stopped working');
  });

  it('refuses a remote whose shared versions the shell cannot satisfy, with a message', async () => {
    const { composition, appFn } = setup({ description: { ...authDescription, requires: { react: '^20.0.0' } } });
    await settle(composition);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('mfe-auth was not loaded: it needs react ^20.0.0 (the console has 19.2.0).'));
    expect(appFn).not.toHaveBeenCalled();
  });

  it('never leaves the page blank when the registry cannot be read', async () => {
    const registry = jest.fn().mockRejectedValueOnce(new Error('The remote registry could not be read (HTTP 502)')).mockResolvedValue({
      'mfe-auth': { manifest: 'http://localhost/m.json', version: '1.0.0' },
    });
    const { composition } = setup({ registry });
    await settle(composition);
    expect(await screen.findByRole('alert')).toHaveTextContent('HTTP 502');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => composition.syncStatuses());
    expect(await screen.findByText('Sign in to the Fleet Console')).toBeInTheDocument();
  });
});
