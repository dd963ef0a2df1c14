import { notify, useNotifications, useSession } from '@fleet/shared-api';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { callsTo, fakeApi, resetPage, signInAs } from '../test-support';
import { StandalonePage } from './StandalonePage';

const ADMIN_PROFILE = { body: { status: true, message: '', info: { first_name: 'Test', last_name: 'Admin', email: 'admin@fleet.test' } } };

beforeEach(resetPage);

describe('StandalonePage (npm start -w mfe-auth)', () => {
  it('opens the login with links to this remote’s public screens when nobody is signed in', async () => {
    fakeApi({});
    window.history.pushState({}, '', '/somewhere-else');
    render(<StandalonePage />);
    expect(await screen.findByRole('heading', { name: 'Sign in to the Fleet Console' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    const nav = screen.getByRole('navigation', { name: 'mfe-auth screens' });
    expect(nav).toHaveTextContent('Electrician login');
    expect(nav).toHaveTextContent('Sign up');
  });

  it('sends a role home that this remote does not own to that role’s profile', async () => {
    fakeApi({ 'GET /api/profile': ADMIN_PROFILE });
    signInAs('Admin');
    window.history.pushState({}, '', '/admin/dashboard');
    render(<StandalonePage />);
    expect(await screen.findByRole('heading', { name: 'Admin Profile' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/profile');
    expect(screen.getByText('Signed in as admin@fleet.test (Admin)')).toBeInTheDocument();
  });

  it('tells a role without a profile here that the console has its screens', async () => {
    fakeApi({});
    signInAs('User');
    window.history.pushState({}, '', '/user/dashboard');
    render(<StandalonePage />);
    expect(await screen.findByText('This remote has no screen for your role; open the console to continue.')).toBeInTheDocument();
  });

  it('logs out on the server and here', async () => {
    const calls = fakeApi({ 'GET /api/profile': ADMIN_PROFILE, 'POST /api/authenticate/logout': { body: { status: true, message: 'Logged out' } } });
    signInAs('Admin');
    window.history.pushState({}, '', '/admin/profile');
    render(<StandalonePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(callsTo(calls, '/api/authenticate/logout')).toHaveLength(1);
    expect(useSession.getState().accessToken).toBeNull();
  });

  it('shows notify() messages as toasts, as the shell would', async () => {
    fakeApi({});
    window.history.pushState({}, '', '/login');
    render(<StandalonePage />);
    await screen.findByRole('heading', { name: 'Sign in to the Fleet Console' });
    act(() => {
      notify.error('Invalid email or password');
    });
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(useNotifications.getState().items).toEqual([]);
  });
});

describe('StandalonePage preferences', () => {
  beforeEach(resetPage);

  it('remembers dark mode under isDarkMode and has one <main> landmark', async () => {
    fakeApi({});
    window.history.pushState({}, '', '/login');
    render(<StandalonePage />);
    await screen.findByRole('heading', { name: 'Sign in to the Fleet Console' });
    expect(screen.getAllByRole('main')).toHaveLength(1);
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('isDarkMode')).toBe('true');
    await userEvent.click(toggle);
  });

  it('switches the page to Hindi, validation messages included', async () => {
    fakeApi({});
    window.history.pushState({}, '', '/login');
    render(<StandalonePage />);
    await screen.findByRole('heading', { name: 'Sign in to the Fleet Console' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'hi');
    expect(await screen.findByRole('heading', { name: 'फ़्लीट कंसोल में साइन इन करें' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'लॉगिन' }));
    expect(await screen.findByText('ईमेल आवश्यक है')).toBeInTheDocument();
    expect(localStorage.getItem('i18nextLng')).toBe('hi');
    // the header speaks the page's language too
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'भाषा' }), 'en');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
  });
});
