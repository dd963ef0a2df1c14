import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderAuth } from '../test-support';
import { expectProfileSaved, PROFILE_SAVED, signedInAs } from './profile-test-support';

const PROFILE = { status: true, message: '', info: { email: 'cu@fleet.test', first_name: 'Cy', last_name: 'User', phone_no: '0422222222' } };

signedInAs('Customer');

describe('CustomerProfile', () => {
  it('loads and saves names and phone', async () => {
    const calls = fakeApi({ 'GET /api/nms/customer/profile': { body: PROFILE }, 'PUT /api/nms/customer/profile/update': PROFILE_SAVED });
    await renderAuth('/customer/profile');
    expect(await screen.findByRole('heading', { name: 'Customer Profile' })).toBeInTheDocument();
    const phone = await screen.findByRole('textbox', { name: /Phone Number/ });
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('cu@fleet.test');
    await userEvent.clear(phone);
    await userEvent.type(phone, ' +61422222222 ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectProfileSaved(calls, '/api/nms/customer/profile/update', { first_name: 'Cy', last_name: 'User', phone_no: '+61422222222' });
  });

  it('requires names and a phone', async () => {
    fakeApi({ 'GET /api/nms/customer/profile': { body: PROFILE } });
    await renderAuth('/customer/profile');
    const last = await screen.findByRole('textbox', { name: /Last Name/ });
    await userEvent.clear(last);
    await userEvent.clear(screen.getByRole('textbox', { name: /Phone Number/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Last Name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone Number is required')).toBeInTheDocument();
    expect(last).toHaveFocus();
  });
});
