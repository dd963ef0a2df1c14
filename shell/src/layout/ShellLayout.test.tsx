import { act, cleanup, render, screen, within } from '@testing-library/react';
import { apiIsBack, MemoryRouter, useApiOutage, useLocation, useSelectedProduct, useSession } from '@fleet/shared-api';
import { FleetUiProvider } from '@fleet/shared-ui';
import type { RemoteDescription, UserType } from '@fleet/shared-api';
import { Composition } from '../composition/composition';
import type { RemoteLoader } from '../composition/federation';
import { CompositionContext } from '../composition/context';
import { initI18n } from '../i18n/i18n';
import i18next from 'i18next';
import { authDescription, devicesDescription, firmwareDescription, heatPumpDescription } from '../test-support/descriptions';
import { ShellLayout } from './ShellLayout';

const descriptions: Record<string, RemoteDescription> = {
  'mfe-auth': authDescription,
  'mfe-devices': devicesDescription,
  'mfe-firmware': firmwareDescription,
  'mfe-heatpump-nms': heatPumpDescription,
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const signedInInfo = (userType: UserType) => ({
  user_type: userType,
  userInfo: { id: 1, email: 'who@demo.test', first_name: 'Sam', last_name: 'Lee', agency_id: null, agency_name: null, electrician_id: null, company_id: null, company_name: null, site_manager_id: null, customer_id: null },
});

async function openAs(userType: UserType | null, path: string, { secondFactorSetup = false } = {}) {
  localStorage.clear();
  useSession.getState().signOut();
  if (userType) {
    const info = signedInInfo(userType);
    useSession.getState().signIn({ token: 't', refresh_token: 'r', info: secondFactorSetup ? { ...info, second_factor_setup: true } : info });
  }
  const loader: RemoteLoader = {
    register: () => undefined,
    load: (async () => {
      throw new Error('no remote code in these tests');
    }) as RemoteLoader['load'],
  };
  const composition = new Composition({
    loader,
    readDescription: async (name: string) => descriptions[name],
    spa: {
      registerApplication: () => undefined,
      unregisterApplication: async () => undefined,
      getAppStatus: () => 'NOT_LOADED',
      getAppNames: () => [],
      triggerAppChange: async () => undefined,
    },
    provided: { react: '19.2.0' },
    readRegistry: async () => Object.fromEntries(Object.keys(descriptions).map((n) => [n, { manifest: `/remotes/${n}/1.0.0/mf-manifest.json`, version: '1.0.0' }])),
    isActive: () => false,
  });
  render(
    <FleetUiProvider>
      <MemoryRouter initialEntries={[path]}>
        <CompositionContext.Provider value={composition}>
          <ShellLayout />
          <Where />
        </CompositionContext.Provider>
      </MemoryRouter>
    </FleetUiProvider>,
  );
  await act(async () => composition.start());
}

// The signed-in frame is fetched with the first signed-in page: note when its module is first asked for.
let mockFrameLoaded = false;
jest.mock('./SignedInFrame', () => {
  mockFrameLoaded = true;
  return jest.requireActual<typeof import('./SignedInFrame')>('./SignedInFrame');
});

const where = () => screen.getByTestId('where').textContent;
const menuLinks = () =>
  screen.queryByRole('navigation', { name: 'Main menu' }) ? Array.from(screen.getByRole('navigation', { name: 'Main menu' }).querySelectorAll('a')).map((a) => a.textContent) : null;

beforeAll(() => initI18n());
beforeEach(() => useSelectedProduct.getState().select('all'));

describe('the layout', () => {
  // first in the file: the module registry is the file's, and a signed-in page loads the frame for good
  it('shows the sign-in page without fetching the signed-in header and menu, and fetches them once signed in', async () => {
    await openAs(null, '/login');
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(mockFrameLoaded).toBe(false);
    cleanup();
    await openAs('Admin', '/admin/dashboard');
    expect(mockFrameLoaded).toBe(true);
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('folds the side menu behind a labelled menu button (phone width): opens, closes on Escape and on navigation', async () => {
    await openAs('Admin', '/admin/dashboard');
    const button = screen.getByRole('button', { name: 'Open the menu' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', nav.id);
    expect(nav).not.toHaveAttribute('data-open');
    act(() => button.click());
    expect(screen.getByRole('button', { name: 'Close the menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveAttribute('data-open');
    act(() => {
      nav.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(nav).not.toHaveAttribute('data-open');
    act(() => screen.getByRole('button', { name: 'Open the menu' }).click());
    expect(nav).toHaveAttribute('data-open');
    act(() => (nav.querySelector('a[href="/admin/profile"]') as HTMLAnchorElement).click());
    expect(where()).toBe('/admin/profile');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).not.toHaveAttribute('data-open');
  });

  it('shows one "server is not answering" notice while the API is away, and drops it when it is back', async () => {
    await openAs('Admin', '/admin/dashboard');
    expect(screen.queryByText('The server is not answering; retrying')).not.toBeInTheDocument();
    act(() => useApiOutage.setState({ down: true }));
    expect(screen.getAllByText('The server is not answering; retrying')).toHaveLength(1);
    expect(screen.getByText('The server is not answering; retrying').closest('[role=status]')).not.toBeNull();
    act(() => apiIsBack());
    expect(screen.queryByText('The server is not answering; retrying')).not.toBeInTheDocument();
  });

  it('shows public routes full-page, without menus', async () => {
    await openAs(null, '/login');
    expect(where()).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    // the page's banner holds only the language and dark mode (every part of a page sits in a landmark)
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Switch to dark mode' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByTestId('remote-area-mfe-auth'));
  });

  // Issue 20: the descriptions arrive after the first render; a public screen under a role prefix
  // must not be sent to /login before mfe-auth's routes are known.
  it.each(['/sm/login', '/sm/forgot-password', '/sm/reset-password', '/msc/login', '/msc/reset-password'])(
    'opens %s signed out, full-page, once the routes are known',
    async (path) => {
      await openAs(null, path);
      expect(where()).toBe(path);
      expect(screen.getByTestId('remote-area-mfe-auth')).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    },
  );

  it('still sends a visitor from a role area to /login once the routes are known', async () => {
    await openAs(null, '/sm/profile');
    expect(where()).toBe('/login');
  });

  it('sends a signed-in Admin from /login home, with the Admin menu around the page', async () => {
    await openAs('Admin', '/login');
    expect(where()).toBe('/admin/dashboard');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(menuLinks()).toEqual(['Dashboard', 'Heat Pump', 'Livelink', 'Attention', 'Firmwares', 'OTAs', 'Profile']);
    expect(screen.getByRole('combobox', { name: 'Product' })).toBeInTheDocument();
  });

  it('sends a session that must set up its second factor to the profile from anywhere, until the flag clears', async () => {
    await openAs('Agency', '/agency/dashboard', { secondFactorSetup: true });
    expect(where()).toBe('/agency/profile');
    // a renewal after the authenticator is on answers without the flag: the console opens again
    act(() => useSession.getState().signIn({ token: 't2', refresh_token: 'r2', info: signedInInfo('Agency') }));
    expect(where()).toBe('/agency/profile');
    cleanup();
    await openAs('Agency', '/agency/dashboard');
    expect(where()).toBe('/agency/dashboard');
  });

  it('keeps every area in the menu whichever product is selected', async () => {
    await openAs('Admin', '/admin/dashboard');
    const everything = menuLinks();
    for (const product of ['heat_pump', 'bulb', 'livelink', 'all'] as const) {
      act(() => useSelectedProduct.getState().select(product));
      expect(menuLinks()).toEqual(everything);
    }
  });

  it("names the menu's entries and groups in the page's language, from descriptions alone (no remote's code or texts loaded)", async () => {
    await openAs('Admin', '/admin/dashboard');
    expect(screen.getByRole('group', { name: 'Manage Firmwares' })).toBeInTheDocument();
    await act(async () => {
      await i18next.changeLanguage('hi');
    });
    try {
      expect(screen.getByRole('group', { name: 'फ़र्मवेयर प्रबंधित करें' })).toHaveTextContent('फ़र्मवेयर प्रबंधित करें');
      expect(screen.getByRole('navigation', { name: 'मुख्य मेनू' })).toBeInTheDocument();
      const links = Array.from(screen.getByRole('navigation', { name: 'मुख्य मेनू' }).querySelectorAll('a')).map((a) => a.textContent);
      expect(links).toEqual(['डैशबोर्ड', 'हीट पंप', 'लाइवलिंक', 'ध्यान दें', 'फ़र्मवेयर', 'ओटीए', 'प्रोफ़ाइल']);
      expect(i18next.hasResourceBundle('hi', 'firmware')).toBe(false);
    } finally {
      await act(async () => {
        await i18next.changeLanguage('en');
      });
    }
  });

  it("lands Admin on the device dashboard (mfe-devices), the network dashboard's (mfe-heatpump-nms) with heat pumps selected", async () => {
    await openAs('Admin', '/login');
    expect(where()).toBe('/admin/dashboard');
    expect(screen.getByTestId('remote-area-mfe-devices')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    act(() => useSelectedProduct.getState().select('heat_pump'));
    expect(where()).toBe('/admin/dashboard');
    expect(screen.getByTestId('remote-area-mfe-heatpump-nms')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-area-mfe-devices')).not.toBeInTheDocument();
  });

  it('sends an Agency on the heat-pump product to its dashboard, and away from admin pages', async () => {
    useSelectedProduct.getState().select('heat_pump');
    await openAs('Agency', '/admin/firmwares');
    expect(where()).toBe('/agency/dashboard');
    expect(menuLinks()).toEqual(['Devices', 'Attention', 'Profile']);
  });

  it('lands a site manager on a home no installed remote owns: not-found, menu around it, a link to the profile', async () => {
    await openAs('sm', '/');
    expect(where()).toBe('/sitemanager/dashboard');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/sm/profile');
    expect(menuLinks()).toEqual(['Profile']);
    expect(screen.queryByRole('combobox', { name: 'Product' })).not.toBeInTheDocument();
  });

  it('offers no profile on the not-found page to a role without one (User: spec 2.13 gives it none)', async () => {
    await openAs('User', '/user/no-such-page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/user/dashboard');
    expect(screen.queryByRole('link', { name: 'Go to your profile' })).not.toBeInTheDocument();
  });

  it('shows not-found full-page to a visitor, with a way to sign in', async () => {
    await openAs(null, '/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('sends a visitor from a customer route to /login', async () => {
    await openAs(null, '/customer/devices');
    expect(where()).toBe('/login');
  });
});
