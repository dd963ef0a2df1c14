import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, notifications, renderAuth, resetPage } from '../test-support';

const SENT = { status: true, message: 'If the address is registered, a reset link has been sent' };

beforeEach(resetPage);

describe('ForgotPasswordPage', () => {
  it('requires a valid email', async () => {
    const calls = fakeApi({});
    await renderAuth('/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['/forgot-password', '/api/reset-password-request', { email: 'ada@fleet.test' }, '/login'],
    ['/electrician-forgot-password', '/api/electrician/reset-password-request', { email: 'ada@fleet.test' }, '/electrician-login'],
    ['/msc/forgot-password', '/api/reset-password-request', { email: 'ada@fleet.test', type: 'msc' }, '/msc/login'],
    ['/sm/forgot-password', '/api/reset-password-request', { email: 'ada@fleet.test', type: 'sm' }, '/sm/login'],
  ])('%s posts to %s with %j, then returns to %s', async (screenPath, callPath, body, loginPath) => {
    const calls = fakeApi({ [`POST ${callPath}`]: { body: SENT } });
    const view = await renderAuth(screenPath);
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), ' ada@fleet.test ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(view.location().pathname).toBe(loginPath));
    expect(calls.map((call) => [call.path, call.body])).toEqual([[callPath, body]]);
    expect(notifications()).toEqual([{ messageType: 'success', message: SENT.message, timer: 4000 }]);
  });

  it('shows a 429 and stays', async () => {
    fakeApi({ 'POST /api/reset-password-request': { status: 429, body: { status: false, message: 'Too many requests, try again later' } } });
    const view = await renderAuth('/forgot-password');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@fleet.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(notifications()).toEqual([{ messageType: 'error', message: 'Too many requests, try again later', timer: 4000 }]));
    expect(view.location().pathname).toBe('/forgot-password');
  });
});
