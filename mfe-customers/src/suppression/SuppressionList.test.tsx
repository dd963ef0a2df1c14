import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, currentUrl, fakeApi, filterOf, lastCall, listReply, messageReply, openDialog, press, refusedReply, renderCustomers, resetPage, retype, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

beforeEach(resetPage);

const ROWS = [
  { id: 3, email: 'chris@example.com', reason: 'Bounced', customer_id: 7, customer_name: 'Chris Demo', created_at: '2025-01-02T00:00:00.000Z' },
  { id: 2, email: 'old@example.com', reason: 'Unsubscribed', customer_id: null, customer_name: null, created_at: '2024-12-01T00:00:00.000Z' },
];

describe('Suppression List', () => {
  it('lists the addresses with their customer and reason, and filters by reason', async () => {
    signInAs('Admin');
    const calls = fakeApi({ 'GET /api/customer/suspension-list': listReply(ROWS) });
    renderCustomers('/admin/weekly-reports');
    const table = await screen.findByRole('table', { name: 'Suppression List' });
    expect(await within(table).findByRole('link', { name: 'Chris Demo' })).toHaveAttribute('href', '/admin/customer/view/7');
    expect(within(table).getByText('Bounced')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('checkbox', { name: 'Complaint' }));
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/customer/suspension-list'))).toEqual([{ key: 'reason', value: 'Complaint', type: 'single' }]));
  });

  it('adds an address with the messages, keeps it when the server refuses, and removes one after Yes', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/customer/suspension-list': listReply(ROWS),
      'POST /api/customer/suspension-list': (call) =>
        (call.body as { email: string }).email === 'chris@example.com'
          ? refusedReply(409, 'This email address is already on the suppression list')
          : messageReply('Email address added to the suppression list', { id: 4 }),
      'DELETE /api/customer/suspension-list': messageReply('Email address removed from the suppression list'),
    });
    renderCustomers('/admin/weekly-reports');
    await screen.findByRole('table', { name: 'Suppression List' });
    const dialog = await openDialog(user, 'Add Email');
    await press(user, dialog, 'Add');
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a reason')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'chris@example.com');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Complaint');
    await press(user, dialog, 'Add');
    expect(await within(dialog).findByText('This email address is already on the suppression list')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('chris@example.com');
    await retype(user, within(dialog).getByRole('textbox', { name: 'Email' }), 'new@example.com');
    await press(user, dialog, 'Add');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Email' })).toBeNull());
    expect(lastCall(calls, 'POST', '/api/customer/suspension-list').body).toEqual({ email: 'new@example.com', reason: 'Complaint' });

    await user.click(screen.getByRole('button', { name: 'Delete old@example.com' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove from Suppression List' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/customer/suspension-list')).toHaveLength(1));
    expect(lastCall(calls, 'DELETE', '/api/customer/suspension-list').query.get('id')).toBe('2');
  });

  it('is Admin only', async () => {
    signInAs('Agency');
    const view = renderCustomers('/admin/weekly-reports');
    await waitFor(() => expect(currentUrl(view)).toBe('/login'));
    expect(screen.queryByRole('table', { name: 'Suppression List' })).toBeNull();
  });
});
