import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderAuth } from '../test-support';
import { expectProfileSaved, PROFILE_SAVED, signedInAs, typePasswords } from './profile-test-support';

const PROFILE = {
  status: true,
  message: '',
  info: {
    first_name: 'Mia',
    last_name: 'Multi',
    email: 'msc@fleet.test',
    contact_no: '0433333333',
    company_name: 'Multi Sites Pty',
    company_address: '9 Harbour Rd, Sydney',
  },
};

signedInAs('mscc');

describe('MultiSiteProfile', () => {
  it('loads and saves the multi-site fields, with a password when given', async () => {
    const calls = fakeApi({ 'GET /api/mscc/nms/profile/get': { body: PROFILE }, 'PUT /api/mscc/nms/profile/update': PROFILE_SAVED });
    await renderAuth('/mscc/profile');
    expect(await screen.findByRole('textbox', { name: /Company Address/ })).toHaveValue('9 Harbour Rd, Sydney');
    expect(screen.getByRole('heading', { name: 'Multi-Site Company Profile' })).toBeInTheDocument();
    await typePasswords({ password: 'NewPassw0rd', current: 'OldPassw0rd' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // every field as read but the email, with the passwords typed
    const { email: _email, ...fields } = PROFILE.info;
    await expectProfileSaved(calls, '/api/mscc/nms/profile/update', { ...fields, password: 'NewPassw0rd', current_password: 'OldPassw0rd' });
  });

  it('checks the contact number and the company fields', async () => {
    fakeApi({ 'GET /api/mscc/nms/profile/get': { body: PROFILE } });
    await renderAuth('/mscc/profile');
    const contact = await screen.findByRole('textbox', { name: /Contact Number/ });
    await userEvent.clear(contact);
    await userEvent.type(contact, '123');
    await userEvent.clear(screen.getByRole('textbox', { name: /Company Name/ }));
    await userEvent.clear(screen.getByRole('textbox', { name: /Company Address/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact Number must be 8 to 13 characters.')).toBeInTheDocument();
    expect(screen.getByText('Company Name is required')).toBeInTheDocument();
    expect(screen.getByText('Company Address is required')).toBeInTheDocument();
    expect(contact).toHaveFocus();
  });
});
