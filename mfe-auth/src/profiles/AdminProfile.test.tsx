import { useSession } from '@fleet/shared-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, notifications, renderAuth, signInAs } from '../test-support';
import { expectProfileSaved, PROFILE_SAVED, signedInAs, typePasswords } from './profile-test-support';

const PROFILE = { status: true, message: '', info: { first_name: 'Ada', last_name: 'Admin', email: 'admin@fleet.test' } };

signedInAs('Admin');

describe('AdminProfile', () => {
  it('loads the profile with the email read-only', async () => {
    const calls = fakeApi({ 'GET /api/profile': { body: PROFILE } });
    await renderAuth('/admin/profile');
    expect(await screen.findByRole('textbox', { name: /First Name/ })).toHaveValue('Ada');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Profile' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Last Name/ })).toHaveValue('Admin');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('admin@fleet.test');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('readonly');
    expect(callsTo(calls, '/api/profile')[0]?.authorization).toBe('Bearer access-Admin');
  });

  it('saves names only when no password is given', async () => {
    const calls = fakeApi({ 'GET /api/profile': { body: PROFILE }, 'PUT /api/profile/update': PROFILE_SAVED });
    await renderAuth('/admin/profile');
    const first = await screen.findByRole('textbox', { name: /First Name/ });
    await userEvent.clear(first);
    await userEvent.type(first, ' Grace ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectProfileSaved(calls, '/api/profile/update', { first_name: 'Grace', last_name: 'Admin' });
    // the profile is read again after the save
    await waitFor(() => expect(callsTo(calls, '/api/profile')).toHaveLength(2));
    // and the console's stored sign-in details carry the new name, same tokens
    expect(useSession.getState().loginUserInfo?.userInfo).toMatchObject({ first_name: 'Grace', last_name: 'Admin' });
    expect(JSON.parse(localStorage.getItem('login-user-info') ?? '{}').userInfo.first_name).toBe('Grace');
    expect(useSession.getState().accessToken).toBe('access-Admin');
  });

  it('sends the password and its confirmation when both match', async () => {
    const calls = fakeApi({ 'GET /api/profile': { body: PROFILE }, 'PUT /api/profile/update': PROFILE_SAVED });
    await renderAuth('/admin/profile');
    await screen.findByRole('textbox', { name: /First Name/ });
    await typePasswords({ password: 'NewPassw0rd', current: 'OldPassw0rd', confirm: 'NewPassw0rd' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, '/api/profile/update')).toHaveLength(1));
    expect(callsTo(calls, '/api/profile/update')[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Admin',
      password: 'NewPassw0rd',
      current_password: 'OldPassw0rd',
      confirm_password: 'NewPassw0rd',
    });
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveValue(''));
    expect(screen.getByLabelText(/^Current Password/)).toHaveValue('');
  });

  it('asks for the current password once a new one is typed, and sends nothing without it', async () => {
    const calls = fakeApi({ 'GET /api/profile': { body: PROFILE } });
    await renderAuth('/admin/profile');
    await screen.findByRole('textbox', { name: /First Name/ });
    await typePasswords({ password: 'NewPassw0rd', confirm: 'NewPassw0rd' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter your current password to set a new one')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current Password/)).toHaveFocus();
    expect(callsTo(calls, '/api/profile/update')).toHaveLength(0);
  });

  it('refuses a confirmation that does not match, and a weak password', async () => {
    const calls = fakeApi({ 'GET /api/profile': { body: PROFILE } });
    await renderAuth('/admin/profile');
    await screen.findByRole('textbox', { name: /First Name/ });
    await typePasswords({ password: 'NewPassw0rd', current: 'OldPassw0rd', confirm: 'NewPassw0rX' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password doesnot match')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveFocus();

    await userEvent.clear(screen.getByLabelText(/^Password/));
    await typePasswords({ password: 'weakpass' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit'),
    ).toBeInTheDocument();
    expect(callsTo(calls, '/api/profile/update')).toHaveLength(0);
  });

  it('requires the confirmation once a password is typed', async () => {
    fakeApi({ 'GET /api/profile': { body: PROFILE } });
    await renderAuth('/admin/profile');
    await screen.findByRole('textbox', { name: /First Name/ });
    await typePasswords({ password: 'NewPassw0rd' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Confirm Password is required')).toBeInTheDocument();
  });

  it('requires names under 200 characters, focusing the first one in error', async () => {
    fakeApi({ 'GET /api/profile': { body: PROFILE } });
    await renderAuth('/admin/profile');
    const first = await screen.findByRole('textbox', { name: /First Name/ });
    const last = screen.getByRole('textbox', { name: /Last Name/ });
    await userEvent.clear(last);
    await userEvent.clear(first);
    await userEvent.type(first, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First Name is required')).toBeInTheDocument();
    expect(screen.getByText('Last Name is required')).toBeInTheDocument();
    expect(first).toHaveFocus();

    await userEvent.clear(first);
    await userEvent.click(first);
    await userEvent.paste('x'.repeat(200));
    await userEvent.type(last, 'Hopper');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First Name should be less than 200 character')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    let fail = true;
    fakeApi({ 'GET /api/profile': () => (fail ? { status: 500, body: { status: false, message: 'Database unavailable' } } : { body: PROFILE }) });
    await renderAuth('/admin/profile');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: /First Name/ })).toHaveValue('Ada');
  });

  it('shows a refused save', async () => {
    fakeApi({ 'GET /api/profile': { body: PROFILE }, 'PUT /api/profile/update': { status: 400, body: { status: false, message: 'first_name is too long' } } });
    await renderAuth('/admin/profile');
    await screen.findByRole('textbox', { name: /First Name/ });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notifications()).toEqual([{ messageType: 'error', message: 'first_name is too long', timer: 4000 }]));
  });

  it('is for Admin only', async () => {
    fakeApi({});
    signInAs('Agency');
    const view = await renderAuth('/admin/profile');
    // /login, then home for the signed-in agency
    expect(view.location().pathname).toBe('/agency/devices');
  });
});
