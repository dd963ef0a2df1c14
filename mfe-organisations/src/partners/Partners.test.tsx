import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, lastCall, listReply, messageReply, refusedReply, renderOrganisations, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
beforeEach(() => {
  resetPage();
  signInAs('Admin', { product: 'safelink' });
});

const PARTNER = { id: 2, name: 'GreenSwitch Finance', email: 'hello@greenswitch.example.com', phone: '1300555202', website: 'https://greenswitch.example.com', agencies: 1, devices: 30, created_at: '2021-01-01T00:00:00.000Z' };
const AGENCY = { id: 4, agency_name: 'Harbour Electrical Group', email: 'a@h.example.com', contact_first_name: 'Tom', contact_last_name: 'Roberts', contact: '0396541230', postcode: '3000', city: null, state: null, status: 'Active', flows: [], device_type: [], agents: 3, devices: 30, created_at: '2021-01-01T00:00:00.000Z' };

describe('Partners', () => {
  it('lists partners, and adds one in a dialog with its messages', async () => {
    let refuse = true;
    const calls = fakeApi({
      'GET /api/partner/all': listReply([PARTNER]),
      'POST /api/partner/add': () => (refuse ? refusedReply(409, 'A partner with this name already exists') : messageReply('Partner added successfully', { id: 5 })),
    });
    renderOrganisations('/admin/partners');
    const table = await screen.findByRole('table', { name: 'Partners' });
    expect(await within(table).findByRole('link', { name: 'GreenSwitch Finance' })).toHaveAttribute('href', '/admin/partner/view/2');
    expect(within(table).getByRole('columnheader', { name: /Devices \(Safelink\)/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Partner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Partner' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'volt@');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '123');
    await user.type(within(dialog).getByRole('textbox', { name: 'Website' }), 'volt.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of ['Name is required', 'Email address is invalid', 'Phone Number must be 8 to 13 characters.', 'Website is invalid. Enter a valid link']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'GreenSwitch Finance');
    for (const [name, value] of [['Email', ''], ['Phone Number', ''], ['Website', 'https://volt.example.com']] as const) {
      await user.clear(within(dialog).getByRole('textbox', { name }));
      if (value) await user.type(within(dialog).getByRole('textbox', { name }), value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A partner with this name already exists')).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Partner' })).toBeNull());
    expect(lastCall(calls, 'POST', '/api/partner/add').body).toEqual({ name: 'GreenSwitch Finance', email: '', phone: '', website: 'https://volt.example.com' });
  });

  it('shows a partner with its agencies, adds and removes one, and pages their devices and agents', async () => {
    const calls = fakeApi({
      'GET /api/partner/get/2': messageReply('Partner', PARTNER),
      'GET /api/partner/agencies': listReply([AGENCY]),
      'GET /api/partner/devices': listReply([]),
      'GET /api/partner/agents': listReply([]),
      'GET /api/agency/get/all': listReply([AGENCY, { ...AGENCY, id: 6, agency_name: 'Outback Solar & Electrical' }]),
      'POST /api/partner/agency': messageReply('Agency added to the partner'),
      'DELETE /api/partner/agency': messageReply('Agency removed from the partner'),
    });
    renderOrganisations('/admin/partner/view/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'GreenSwitch Finance' })).toBeInTheDocument();
    const agencies = await screen.findByRole('table', { name: 'Agencies' });
    expect(await within(agencies).findByRole('link', { name: 'Harbour Electrical Group' })).toHaveAttribute('href', '/admin/installer-agency/view/4');
    for (const what of ['devices', 'agents']) {
      await waitFor(() => expect(callsTo(calls, 'GET', `/api/partner/${what}`)).not.toHaveLength(0));
      expect(lastCall(calls, 'GET', `/api/partner/${what}`).query.get('partner_id')).toBe('2');
      expect(lastCall(calls, 'GET', `/api/partner/${what}`).query.get('deviceType')).toBe('safelink');
    }
    // an agency it already works with is not offered again
    const choice = screen.getByRole('combobox', { name: 'Agency' });
    await waitFor(() => expect(within(choice).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose an agency', 'Outback Solar & Electrical']));
    expect(screen.getByRole('button', { name: 'Add Agency' })).toBeDisabled();
    await user.selectOptions(choice, '6');
    await user.click(screen.getByRole('button', { name: 'Add Agency' }));
    await waitFor(() => expect(lastCall(calls, 'POST', '/api/partner/agency').body).toEqual({ partner_id: 2, agency_id: 6 }));

    await user.click(within(agencies).getByRole('button', { name: 'Remove Harbour Electrical Group from this partner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Agency' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(lastCall(calls, 'DELETE', '/api/partner/agency').search).toBe('?partner_id=2&agency_id=4'));
  });
});
