import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, lastCall, messageReply, openDialog, press, renderCustomers, resetPage, retype, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

beforeEach(resetPage);

const TRIALS = [
  { id: 9, device_id: 5, serial_number: '400000000005', started_on: '2026-11-01', ends_on: '2026-12-01', status: 'active', ended_on: null, days_left: 6 },
  { id: 8, device_id: 4, serial_number: '400000000004', started_on: '2025-01-01', ends_on: '2025-01-31', status: 'purchased', ended_on: '2025-01-31', days_left: null },
];

describe('Airlink Trial', () => {
  it("shows the customer's trials, extends a running one (not before its start) and ends it", async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/customer/trial': { body: { status: true, message: 'Airlink trials', info: TRIALS } },
      'PUT /api/customer/trial/update': (call) => messageReply((call.body as { status?: string }).status ? 'Trial ended' : 'Trial extended'),
    });
    renderCustomers('/admin/customer/trial/7');
    const table = await screen.findByRole('table', { name: 'Airlink Trial' });
    expect(await within(table).findByText('400000000005')).toBeInTheDocument();
    expect(within(table).getByText('Purchased')).toBeInTheDocument();
    expect(within(table).getByText('6')).toBeInTheDocument();
    // an ended trial has no actions
    expect(within(table).getAllByRole('button', { name: /^Extend/ })).toHaveLength(1);

    const extend = await openDialog(user, 'Extend 400000000005', 'Extend Trial', table);
    const date = within(extend).getByLabelText(/End date/);
    await retype(user, date, '2026-10-01');
    await press(user, extend, 'Extend');
    expect(await within(extend).findByText('The end date must be on or after the start date')).toBeInTheDocument();
    await retype(user, date, '2026-12-15');
    await press(user, extend, 'Extend');
    await waitFor(() => expect(lastCall(calls, 'PUT', '/api/customer/trial/update').body).toEqual({ trial_id: 9, ends_on: '2026-12-15' }));

    const end = await openDialog(user, 'End Trial 400000000005', 'End Trial', table);
    await user.selectOptions(within(end).getByRole('combobox'), 'returned');
    await press(user, end, 'End Trial');
    await waitFor(() => expect(lastCall(calls, 'PUT', '/api/customer/trial/update').body).toEqual({ trial_id: 9, status: 'returned' }));
  });
});
