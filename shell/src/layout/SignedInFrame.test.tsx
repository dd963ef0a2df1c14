import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter, useSession } from '@fleet/shared-api';
import type { RemoteDescription } from '@fleet/shared-api';
import { FleetUiProvider } from '@fleet/shared-ui';
import { initI18n } from '../i18n/i18n';
import { SignedInFrame } from './SignedInFrame';

// Counts the menu's renders; the menu itself is the real one.
const menuRenders = jest.fn();
jest.mock('./SideMenu', () => {
  const actual = jest.requireActual<typeof import('./SideMenu')>('./SideMenu');
  return {
    ...actual,
    SideMenu: (props: Parameters<typeof actual.SideMenu>[0]) => {
      menuRenders();
      return actual.SideMenu(props);
    },
  };
});

const info = {
  user_type: 'Agency' as const,
  userInfo: { id: 2, email: 'agency@demo.test', first_name: 'Aga', last_name: 'Agency', agency_id: 1, agency_name: 'Demo', electrician_id: null, company_id: null, company_name: null, site_manager_id: null, customer_id: null },
};

const devices: RemoteDescription = {
  name: 'mfe-devices',
  version: '1.0.0',
  requires: {},
  routes: [{ path: '/agency/devices', access: ['Agency'] }],
  menu: [{ id: 'agency-devices', labels: { en: 'Devices', hi: 'डिवाइस' }, path: '/agency/devices', roles: ['Agency'] }],
};
const customers: RemoteDescription = {
  name: 'mfe-customers',
  version: '1.0.0',
  requires: {},
  routes: [{ path: '/agency/customers', access: ['Agency'] }],
  menu: [{ id: 'agency-customers', labels: { en: 'Customers', hi: 'ग्राहक' }, path: '/agency/customers', roles: ['Agency'] }],
};

function frame(descriptions: RemoteDescription[], screenText: string) {
  return (
    <FleetUiProvider>
      <MemoryRouter initialEntries={['/agency/devices']}>
        <SignedInFrame descriptions={descriptions} userType="Agency" notices={null}>
          <p>{screenText}</p>
        </SignedInFrame>
      </MemoryRouter>
    </FleetUiProvider>
  );
}

beforeAll(() => initI18n());

beforeEach(async () => {
  await i18next.changeLanguage('en');
  useSession.getState().signIn({ token: 'a', refresh_token: 'r', info });
  menuRenders.mockClear();
});

it('draws the menu after the screen, and again only when the descriptions change, not when the screen or a remote status does', () => {
  const { rerender } = render(frame([devices], 'loading'));
  expect(screen.getByRole('link', { name: 'Devices' })).toBeInTheDocument();
  // first empty (the screen's render does not wait for the menu), then in the background with its entries
  expect(menuRenders).toHaveBeenCalledTimes(2);
  // the page builds a new array of the same descriptions on every status change of a remote
  rerender(frame([devices], 'first rows'));
  expect(screen.getByText('first rows')).toBeInTheDocument();
  expect(menuRenders).toHaveBeenCalledTimes(2);
  rerender(frame([devices, customers], 'first rows'));
  expect(screen.getByRole('link', { name: 'Customers' })).toBeInTheDocument();
  expect(menuRenders).toHaveBeenCalledTimes(3);
});
