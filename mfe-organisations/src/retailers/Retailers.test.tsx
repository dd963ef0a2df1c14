import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, lastCall, listReply, messageReply, openDialog, press, renderOrganisations, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
beforeEach(resetPage);

const ROWS = [
  { electricity_retailer_id: 2, retailer_name: 'Origin Energy', is_top_listed: 1, properties: 10, created_at: '2025-01-02T00:00:00.000Z' },
  { electricity_retailer_id: 5, retailer_name: 'Powershop', is_top_listed: 0, properties: 0, created_at: '2024-01-02T00:00:00.000Z' },
];

describe('Electricity Retailers', () => {
  it('adds with the spec message, sends top-listed as 1 only when ticked, edits and deletes', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/electricity-retailer/get/all': listReply(ROWS),
      'POST /api/electricity-retailer/add': messageReply('Retailer added successfully', { electricity_retailer_id: 9 }),
      'PUT /api/electricity-retailer/edit/update': messageReply('Retailer updated successfully'),
      'DELETE /api/electricity-retailer/delete': messageReply('Retailer deleted successfully'),
    });
    renderOrganisations('/admin/electricity-retailers');
    const table = await screen.findByRole('table', { name: 'Electricity Retailers' });
    const origin = (await within(table).findByText('Origin Energy')).closest('tr') as HTMLElement;
    expect(within(origin).getByText('Yes')).toBeInTheDocument();

    const add = await openDialog(user, 'Add Retailer');
    await press(user, add, 'Save');
    expect(await within(add).findByText('Retailer Name is required')).toBeInTheDocument();
    await user.type(within(add).getByRole('textbox', { name: 'Retailer Name' }), 'Tango Energy');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall(calls, 'POST', '/api/electricity-retailer/add').body).toEqual({ retailer_name: 'Tango Energy' }));

    const edit = await openDialog(user, 'Edit Powershop', 'Edit Retailer', table);
    await user.click(within(edit).getByText('Top Listed'));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall(calls, 'PUT', '/api/electricity-retailer/edit/update').body).toEqual({ electricity_retailer_id: 5, retailer_name: 'Powershop', is_top_listed: 1 }));

    await press(user, await openDialog(user, 'Delete Powershop', 'Delete Retailer', table), 'Yes');
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/electricity-retailer/delete')).toHaveLength(1));
    expect(lastCall(calls, 'DELETE', '/api/electricity-retailer/delete').query.get('electricity_retailer_id')).toBe('5');
  });
});
