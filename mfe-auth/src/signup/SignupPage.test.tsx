import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, notifications, renderAuth, resetPage } from '../test-support';

const THANKS = 'Thank you for signing up. Please check your email to verify your account.';

beforeEach(resetPage);

async function fill(values: Partial<Record<'company' | 'email' | 'abn' | 'phone' | 'password', string>>, accept: boolean) {
  const boxes: [RegExp, string | undefined][] = [
    [/Company Name/, values.company],
    [/Company Email/, values.email],
    [/^ABN/, values.abn],
    [/Phone Number/, values.phone],
  ];
  for (const [label, value] of boxes) if (value) await userEvent.type(screen.getByRole('textbox', { name: label }), value);
  if (values.password) await userEvent.type(screen.getByLabelText(/^Password/), values.password);
  if (accept) await userEvent.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

/** The sign-up screen with no answers from the server (nothing is sent): filled with `values`. */
async function openAndFill(values: Parameters<typeof fill>[0], accept: boolean) {
  const calls = fakeApi({});
  await renderAuth('/signup');
  await fill(values, accept);
  return calls;
}

describe('SignupPage', () => {
  it('shows the spec messages for an empty form and focuses Company Name', async () => {
    const calls = await openAndFill({}, false);
    expect(await screen.findByText('Company Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('ABN is required')).toBeInTheDocument();
    expect(screen.getByText('Phone Number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please accept our Terms and Conditions & Privacy Policy')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Company Name/ })).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('checks email, ABN length, phone length and password strength', async () => {
    await openAndFill({ company: 'Bright Homes', email: 'office@bright', abn: '1234567890', phone: '1234567', password: 'password1' }, true);
    expect(await screen.findByText('Entered Email address is invalid')).toBeInTheDocument();
    expect(screen.getByText('Invalid ABN')).toBeInTheDocument();
    expect(screen.getByText('Phone Number must be 8 to 13 characters.')).toBeInTheDocument();
    expect(
      screen.getByText('Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Please accept our Terms and Conditions & Privacy Policy')).not.toBeInTheDocument();
    // the first of them on screen is the email
    expect(screen.getByRole('textbox', { name: /Company Email/ })).toHaveFocus();
  });

  it('refuses a phone of 14 characters and an ABN of 12', async () => {
    await openAndFill({ company: 'Bright Homes', email: 'office@bright.test', abn: '123456789012', phone: '+6140000000000', password: 'Passw0rd' }, true);
    expect(await screen.findByText('Invalid ABN')).toBeInTheDocument();
    expect(screen.getByText('Phone Number must be 8 to 13 characters.')).toBeInTheDocument();
  });

  it('tells letters in a phone number that they are letters', async () => {
    await openAndFill({ company: 'Bright Homes', email: 'office@bright.test', abn: '51824753556', phone: '0412abc678', password: 'Passw0rd' }, true);
    expect(await screen.findByText('Phone Number can only contain digits, spaces, brackets, hyphens and a leading +')).toBeInTheDocument();
    expect(screen.queryByText('Phone Number must start with + or a digit and end with a digit')).not.toBeInTheDocument();
  });

  it('posts the sign-up body of the contract, trimmed, and returns to /login', async () => {
    const calls = fakeApi({ 'POST /api/agency/sign-up': { body: { status: true, message: THANKS } } });
    const view = await renderAuth('/signup');
    await fill({ company: ' Bright Homes ', email: 'office@bright.test ', abn: '51824753556', phone: '+61400000000', password: 'Passw0rd' }, true);
    await waitFor(() => expect(view.location().pathname).toBe('/login'));
    expect(callsTo(calls, '/api/agency/sign-up').map((call) => call.body)).toEqual([
      { agency_name: 'Bright Homes', email: 'office@bright.test', abn_no: '51824753556', contact: '+61400000000', password: 'Passw0rd' },
    ]);
    expect(notifications()).toEqual([{ messageType: 'success', message: THANKS, timer: 4000 }]);
  });

  it('shows the server refusal and stays', async () => {
    fakeApi({ 'POST /api/agency/sign-up': { status: 400, body: { status: false, message: 'abn_no must be 11 characters' } } });
    const view = await renderAuth('/signup');
    await fill({ company: 'Bright Homes', email: 'office@bright.test', abn: '51824753556', phone: '0400000000', password: 'Passw0rd' }, true);
    await waitFor(() => expect(notifications()).toEqual([{ messageType: 'error', message: 'abn_no must be 11 characters', timer: 4000 }]));
    expect(view.location().pathname).toBe('/signup');
  });
});
