import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, lastCall, listReply, messageReply, openDialog, press, refusedReply, renderOrganisations, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
beforeEach(resetPage);

const ROWS = [
  { id: 2, name: 'Harbour Energy', electricians: 0, created_at: '2025-01-02T00:00:00.000Z' },
  { id: 1, name: 'GridWise', electricians: 3, created_at: '2024-01-02T00:00:00.000Z' },
];

describe('Aggregators', () => {
  it('adds with the messages, keeps the name when refused, renames and deletes after Yes', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/aggregators/get/all': listReply(ROWS),
      'POST /api/aggregators/add': (call) =>
        (call.body as { name: string }).name === 'GridWise'
          ? refusedReply(409, 'An aggregator with this name already exists')
          : messageReply('Aggregator added successfully', { id: 3 }),
      'PUT /api/aggregators/edit/2': messageReply('Aggregator updated successfully'),
      'DELETE /api/aggregators/delete/1': refusedReply(409, 'This aggregator has 3 electricians; move them to another aggregator first'),
      'DELETE /api/aggregators/delete/2': messageReply('Aggregator deleted successfully'),
    });
    renderOrganisations('/admin/aggregators');
    const table = await screen.findByRole('table', { name: 'Aggregators' });
    expect(await within(table).findByText('GridWise')).toBeInTheDocument();

    const add = await openDialog(user, 'Add Aggregator');
    await press(user, add, 'Save');
    expect(await within(add).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(add).getByRole('textbox', { name: 'Name' }), 'GridWise');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    expect(await within(add).findByText('An aggregator with this name already exists')).toBeInTheDocument();
    expect(within(add).getByRole('textbox', { name: 'Name' })).toHaveValue('GridWise');
    await user.clear(within(add).getByRole('textbox', { name: 'Name' }));
    await user.type(within(add).getByRole('textbox', { name: 'Name' }), 'Sunline');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Aggregator' })).toBeNull());
    expect(lastCall(calls, 'POST', '/api/aggregators/add').body).toEqual({ name: 'Sunline' });

    const edit = await openDialog(user, 'Edit Harbour Energy', 'Edit Aggregator', table);
    expect(within(edit).getByRole('textbox', { name: 'Name' })).toHaveValue('Harbour Energy');
    await user.type(within(edit).getByRole('textbox', { name: 'Name' }), ' Group');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastCall(calls, 'PUT', '/api/aggregators/edit/2').body).toEqual({ name: 'Harbour Energy Group' }));

    const refuse = await openDialog(user, 'Delete GridWise', 'Delete Aggregator', table);
    await press(user, refuse, 'Yes');
    expect(await within(refuse).findByText('This aggregator has 3 electricians; move them to another aggregator first')).toBeInTheDocument();
    await press(user, refuse, 'No');
    await press(user, await openDialog(user, 'Delete Harbour Energy', 'Delete Aggregator', table), 'Yes');
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/aggregators/delete/2')).toHaveLength(1));
  });
});
