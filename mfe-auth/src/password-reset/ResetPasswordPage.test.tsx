import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, notifications, renderAuth, resetPage } from '../test-support';

const DONE = { status: true, message: 'Your password has been reset successfully' };
const LINK = '?token=tok-42&email=ada%40fleet.test';

beforeEach(resetPage);

async function submit(password: string, confirmation: string) {
  if (password) await userEvent.type(screen.getByLabelText(/^New Password/), password);
  if (confirmation) await userEvent.type(screen.getByLabelText(/^Confirm Password/), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ResetPasswordPage', () => {
  it('explains an incomplete link and offers a new one', async () => {
    fakeApi({});
    await renderAuth('/msc/reset-password?token=tok-42');
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete. Request a new one.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/msc/forgot-password');
  });

  it('requires both passwords', async () => {
    fakeApi({});
    await renderAuth(`/reset-password${LINK}`);
    await submit('', '');
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New Password/)).toHaveFocus();
  });

  it('refuses a weak password and a mismatch', async () => {
    const calls = fakeApi({});
    await renderAuth(`/reset-password${LINK}`);
    await submit('abcdefgh', 'abcdefgi');
    expect(
      await screen.findByText('Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit'),
    ).toBeInTheDocument();
    expect(screen.getByText('Password doesnot match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['/reset-password', '/api/reset-password', {}, '/login'],
    ['/electrician-reset-password', '/api/electrician/reset-password', {}, '/electrician-login'],
    ['/msc/reset-password', '/api/reset-password', { type: 'msc' }, '/msc/login'],
    ['/sm/reset-password', '/api/reset-password', { type: 'sm' }, '/sm/login'],
  ])('%s sends the token and email of its link to %s, then opens %s', async (screenPath, callPath, extra, loginPath) => {
    const calls = fakeApi({ [`POST ${callPath}`]: { body: DONE } });
    const view = await renderAuth(`${screenPath}${LINK}`);
    expect(screen.getByText('ada@fleet.test')).toBeInTheDocument();
    await submit('NewPassw0rd', 'NewPassw0rd');
    await waitFor(() => expect(view.location().pathname).toBe(loginPath));
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      [callPath, { password: 'NewPassw0rd', confirm_password: 'NewPassw0rd', token: 'tok-42', email: 'ada@fleet.test', ...extra }],
    ]);
    expect(notifications()).toEqual([{ messageType: 'success', message: DONE.message, timer: 4000 }]);
  });

  it('shows an expired link refusal and stays', async () => {
    fakeApi({ 'POST /api/reset-password': { status: 400, body: { status: false, message: 'This reset link is invalid or has expired' } } });
    const view = await renderAuth(`/reset-password${LINK}`);
    await submit('NewPassw0rd', 'NewPassw0rd');
    await waitFor(() =>
      expect(notifications()).toEqual([{ messageType: 'error', message: 'This reset link is invalid or has expired', timer: 4000 }]),
    );
    expect(view.location().pathname).toBe('/reset-password');
  });
});

describe('ResetPasswordPage confirmation', () => {
  beforeEach(resetPage);

  it('asks for the confirmation, not a mismatch, when only the password is typed', async () => {
    fakeApi({});
    await renderAuth(`/reset-password${LINK}`);
    await submit('NewPassw0rd', '');
    expect(await screen.findByText('Confirm Password is required')).toBeInTheDocument();
    expect(screen.queryByText('Password doesnot match')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveFocus();
  });
});
