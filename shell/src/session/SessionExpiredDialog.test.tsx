import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useSession } from '@fleet/shared-api';
import { FleetUiProvider } from '@fleet/shared-ui';
import { initI18n } from '../i18n/i18n';
import { SessionExpiredDialog } from './SessionExpiredDialog';

const info = {
  user_type: 'Admin' as const,
  userInfo: { id: 1, email: 'admin@demo.test', first_name: 'Ada', last_name: 'Admin', agency_id: null, agency_name: null, electrician_id: null, company_id: null, company_name: null, site_manager_id: null, customer_id: null },
};

function renderDialog() {
  render(
    <FleetUiProvider>
      <MemoryRouter initialEntries={['/admin/profile']}>
        <Routes>
          <Route path="/login" element={<p>login page</p>} />
          <Route path="*" element={<p>admin page</p>} />
        </Routes>
        <SessionExpiredDialog />
      </MemoryRouter>
    </FleetUiProvider>,
  );
}

beforeAll(() => initI18n());

beforeEach(() => {
  localStorage.clear();
  useSession.getState().signIn({ token: 'old-access', refresh_token: 'old-refresh', info });
  act(() => useSession.getState().markExpired());
});

afterEach(() => jest.restoreAllMocks());

describe('the session-expired dialog', () => {
  it('asks to renew when a call found the session expired', async () => {
    renderDialog();
    expect(await screen.findByText('Please renew your session to continue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew' })).toBeInTheDocument();
  });

  it('Exit signs out and goes to /login', async () => {
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Exit' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(useSession.getState().accessToken).toBeNull();
    expect(localStorage.getItem('access-token')).toBeNull();
  });

  it('Renew refreshes the tokens and closes the dialog', async () => {
    const renew = jest.spyOn(useSession.getState(), 'renew').mockImplementation(async () => {
      useSession.setState({ accessToken: 'new-access', sessionExpired: false });
      return true;
    });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Renew' }));
    expect(renew).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('Please renew your session to continue')).not.toBeInTheDocument());
    expect(screen.getByText('admin page')).toBeInTheDocument();
    expect(useSession.getState().accessToken).toBe('new-access');
  });

  it('a failed renewal signs out and goes to /login', async () => {
    jest.spyOn(useSession.getState(), 'renew').mockResolvedValue(false);
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(useSession.getState().accessToken).toBeNull();
  });
});
