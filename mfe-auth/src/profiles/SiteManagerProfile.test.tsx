import { useSession } from '@fleet/shared-api';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, renderAuth, resetPage } from '../test-support';
import { expectProfileSaved, PROFILE_SAVED, signedInAs, typePasswords } from './profile-test-support';

const PROFILE = { status: true, message: '', info: { first_name: 'Sid', last_name: 'Manager', email: 'sm@fleet.test' } };

signedInAs('sm');

describe('SiteManagerProfile', () => {
  it('loads and saves names without a password when none is typed', async () => {
    const calls = fakeApi({ 'GET /api/sm/nms/profile/get': { body: PROFILE }, 'PUT /api/sm/nms/profile/update': PROFILE_SAVED });
    await renderAuth('/sm/profile');
    const last = await screen.findByRole('textbox', { name: /Last Name/ });
    expect(screen.getByRole('heading', { name: 'Site Manager Profile' })).toBeInTheDocument();
    await userEvent.clear(last);
    await userEvent.type(last, 'Boss');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectProfileSaved(calls, '/api/sm/nms/profile/update', { first_name: 'Sid', last_name: 'Boss' });
  });

  it('refuses a weak password', async () => {
    const calls = fakeApi({ 'GET /api/sm/nms/profile/get': { body: PROFILE } });
    await renderAuth('/sm/profile');
    await screen.findByRole('textbox', { name: /Last Name/ });
    await typePasswords({ password: 'NOLOWER1' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(callsTo(calls, '/api/sm/nms/profile/update')).toHaveLength(0);
  });

  it('sends someone signed out to /login', async () => {
    fakeApi({});
    localStorage.clear();
    resetPage();
    const view = await renderAuth('/sm/profile');
    expect(view.location().pathname).toBe('/login');
  });
});

describe('SiteManagerProfile and an expired session', () => {
  signedInAs('sm');

  it('marks the session expired on a 401 and reads the profile again once it is renewed', async () => {
    let expired = true;
    fakeApi({
      'GET /api/sm/nms/profile/get': () => (expired ? { status: 401, body: { status: false, message: 'Token expired' } } : { body: PROFILE }),
    });
    await renderAuth('/sm/profile');
    expect(await screen.findByRole('alert')).toHaveTextContent('Token expired');
    expect(useSession.getState().sessionExpired).toBe(true);
    expired = false;
    // what the shell's Renew does: a new access token for the same user
    act(() => {
      const { refreshToken, loginUserInfo, signIn } = useSession.getState();
      signIn({ token: 'access-renewed', refresh_token: refreshToken ?? '', info: loginUserInfo! });
    });
    expect(await screen.findByRole('textbox', { name: /Last Name/ })).toHaveValue('Manager');
  });
});
