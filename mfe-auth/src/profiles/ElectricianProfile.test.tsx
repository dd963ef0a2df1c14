import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, renderAuth } from '../test-support';
import { expectProfileSaved, PROFILE_SAVED, signedInAs } from './profile-test-support';

const PROFILE = {
  status: true,
  message: '',
  info: {
    email: 'sparky@fleet.test',
    postcode: '3000',
    first_name: 'Sam',
    last_name: 'Sparks',
    company_name: 'Sparks Electrical',
    phone_no: '0411111111',
    address: '1 Main St, Melbourne',
    abn_number: '12345678901',
    aggregator_id: 2,
    aggregator_name: 'GridCo',
  },
};
const AGGREGATORS = { status: true, message: '', info: [{ id: 1, name: 'PowerPool' }, { id: 2, name: 'GridCo' }] };

signedInAs('Electrician');

describe('ElectricianProfile', () => {
  it('loads the profile and offers the aggregators of the list call', async () => {
    fakeApi({ 'GET /api/electrician/getprofile': { body: PROFILE }, 'GET /api/aggregators/get-list': { body: AGGREGATORS } });
    await renderAuth('/electrician/profile');
    expect(await screen.findByRole('textbox', { name: /First Name/ })).toHaveValue('Sam');
    expect(screen.getByRole('textbox', { name: /Company Name/ })).toHaveValue('Sparks Electrical');
    expect(screen.getByRole('textbox', { name: /Address/ })).toHaveValue('1 Main St, Melbourne');
    expect(screen.getByRole('textbox', { name: /ABN Number/ })).toHaveValue('12345678901');
    const select = screen.getByRole('combobox', { name: /Aggregator/ });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select aggregator', 'PowerPool', 'GridCo']));
    expect(select).toHaveValue('2');
  });

  it('saves every field of the contract with a numeric aggregator id', async () => {
    const calls = fakeApi({
      'GET /api/electrician/getprofile': { body: PROFILE },
      'GET /api/aggregators/get-list': { body: AGGREGATORS },
      'PUT /api/electrician/editprofile': PROFILE_SAVED,
    });
    await renderAuth('/electrician/profile');
    const select = await screen.findByRole('combobox', { name: /Aggregator/ });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(select, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // every field as read, but the email and the aggregator's name, with the aggregator chosen
    const { email: _email, aggregator_name: _name, ...fields } = PROFILE.info;
    await expectProfileSaved(calls, '/api/electrician/editprofile', { ...fields, aggregator_id: 1 });
  });

  it('requires address, ABN number and an aggregator, and a phone of 8 to 13', async () => {
    const calls = fakeApi({
      'GET /api/electrician/getprofile': { body: { ...PROFILE, info: { ...PROFILE.info, aggregator_id: null, aggregator_name: null } } },
      'GET /api/aggregators/get-list': { body: AGGREGATORS },
    });
    await renderAuth('/electrician/profile');
    const phone = await screen.findByRole('textbox', { name: /Phone Number/ });
    await userEvent.clear(phone);
    await userEvent.type(phone, '04111111111111');
    await userEvent.clear(screen.getByRole('textbox', { name: /Address/ }));
    await userEvent.clear(screen.getByRole('textbox', { name: /ABN Number/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone Number must be 8 to 13 characters.')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('ABN Number is required')).toBeInTheDocument();
    expect(screen.getByText('Aggregator is required')).toBeInTheDocument();
    expect(phone).toHaveFocus();
    expect(callsTo(calls, '/api/electrician/editprofile')).toHaveLength(0);
  });
});
