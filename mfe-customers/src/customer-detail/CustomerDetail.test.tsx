import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerInfo } from '../api/customers';
import { callsTo, currentUrl, fakeApi, lastCall, listReply, messageReply, notifications, press, refusedReply, renderCustomers, resetPage, retype, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
beforeEach(resetPage);

const CUSTOMER: CustomerInfo = {
  id: 7,
  email: 'chris@example.com',
  full_name: 'Chris Demo',
  first_name: 'Chris',
  last_name: 'Demo',
  phone_no: '0412345678',
  status: 'Completed',
  auto_sync: true,
  weekly_report: false,
  created_at: '2022-03-14T02:30:00.000Z',
  firstproperty: null,
  agency_id: 1,
  agency_name: 'Sunrise Installers',
  updated_at: '2022-03-14T02:30:00.000Z',
  properties: 1,
  devices: 4,
};

function api(prefix: string, extra: Record<string, Parameters<typeof fakeApi>[0][string]> = {}) {
  return fakeApi({
    [`GET ${prefix}/get-info`]: { body: { status: true, message: 'Customer', info: CUSTOMER } },
    [`GET ${prefix}/login-data`]: {
      body: { status: true, message: 'Login data', info: { has_account: true, email: CUSTOMER.email, account_status: 'active', email_verified_at: null, account_created_at: '2022-03-14T02:30:00.000Z', last_login_at: '2025-01-02T03:04:00.000Z', sessions: 2 } },
    },
    [`GET ${prefix}/property/list`]: listReply([{ id: 40, customer_id: 7, property_name: 'Home', street_number: '12', street: 'Wattle', city: 'Parramatta', state: 'NSW', postal_code: '2150', unit_number: null, devices: 4, members: 1, created_at: '2022-03-14T02:30:00.000Z' }]),
    [`GET ${prefix}/property/shared-list`]: listReply([]),
    ...extra,
  });
}

describe('Customer detail', () => {
  it("shows the customer, its sign-in and properties; a property opens its view", async () => {
    signInAs('mscc');
    api('/api/mscc/customer');
    const view = renderCustomers('/multisite/customer/view/7');
    expect(await screen.findByRole('heading', { name: 'Customer Details [Chris Demo]' })).toBeInTheDocument();
    expect(screen.getByText('Sunrise Installers')).toBeInTheDocument();
    expect(await screen.findByText('02/01/2025 | 03:04 AM', { exact: false })).toBeInTheDocument();
    // no Delete outside the agency and admin paths
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    const properties = await screen.findByRole('table', { name: 'Properties' });
    await user.click(await within(properties).findByRole('link', { name: 'View Home' }));
    await waitFor(() => expect(currentUrl(view)).toBe('/multisite/customer/property/view/40'));
  });

  it('edits with the spec messages and keeps what was typed when the server refuses', async () => {
    signInAs('Agency');
    const calls = api('/api/agency/customer', {
      'PUT /api/agency/customer/update': (call) =>
        (call.body as { email: string }).email === 'taken@example.com'
          ? { status: 409, body: { status: false, message: 'This email address is already used by another customer', info: { field: 'email' } } }
          : messageReply('Customer updated successfully'),
    });
    renderCustomers('/agency/customer/view/7');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone Number' });
    await user.clear(email);
    await user.clear(within(dialog).getByRole('textbox', { name: 'First Name' }));
    await retype(user, phone, '0412');
    await press(user, dialog, 'Update');
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('First Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone Number must be 8 to 13 characters.')).toBeInTheDocument();
    await user.type(email, 'chris@nowhere');
    await press(user, dialog, 'Update');
    expect(await within(dialog).findByText('Email address is invalid')).toBeInTheDocument();
    await retype(user, phone, '0412abc678');
    await press(user, dialog, 'Update');
    expect(await within(dialog).findByText('Phone Number can only contain digits, spaces, brackets, hyphens and a leading +')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/api/agency/customer/update')).toHaveLength(0);

    await retype(user, email, 'taken@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Christa');
    await retype(user, phone, '0412345679');
    await press(user, dialog, 'Update');
    // said once, beside the Email field: no toast, nothing at the top of the dialog
    const emailField = email.closest<HTMLElement>('[data-scope="field"][data-part="root"]');
    if (!emailField) throw new Error('the Email field has no field root');
    expect(await within(emailField).findByText('This email address is already used by another customer')).toBeInTheDocument();
    expect(screen.getAllByText('This email address is already used by another customer')).toHaveLength(1);
    expect(notifications()).toEqual([]);
    expect(email).toHaveValue('taken@example.com');

    await retype(user, email, 'christa@example.com');
    await press(user, dialog, 'Update');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Customer' })).toBeNull());
    expect(lastCall(calls, 'PUT', '/api/agency/customer/update').body).toEqual({ customer_id: 7, email: 'christa@example.com', first_name: 'Christa', last_name: 'Demo', phone_no: '0412345679' });
    expect(notifications().some((n) => n.message === 'Customer updated successfully')).toBe(true);
  });

  it('deletes on the agency path after Yes, then goes back to the list', async () => {
    signInAs('Agency');
    const calls = api('/api/agency/customer', { 'DELETE /api/agency/customer/delete': messageReply('Customer deleted successfully'), 'GET /api/agency/customer/get/all': listReply([]) });
    const view = renderCustomers('/agency/customer/view/7');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Customer' });
    await press(user, dialog, 'Yes');
    await waitFor(() => expect(currentUrl(view)).toBe('/agency/customers'));
    expect(lastCall(calls, 'DELETE', '/api/agency/customer/delete').query.get('customer_id')).toBe('7');
  });

  it('says so when the customer is not in the list (404)', async () => {
    signInAs('sm');
    fakeApi({ 'GET /api/sm/customer/get-info': refusedReply(404, 'Customer not found') });
    renderCustomers('/sitemanager/customer/view/99');
    expect(await screen.findByText('This customer is not in your list.')).toBeInTheDocument();
  });
});
