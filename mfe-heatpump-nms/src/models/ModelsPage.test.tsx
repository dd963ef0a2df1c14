import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HeatPumpModel } from '../api/models';
import { callsTo, fakeApi, lastCall, listReply, notifications, openDialog, refusal, renderHeatPump, resetPage, saveIn, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

const MODEL: HeatPumpModel = { id: 3, model_name: 'HP-270', capacity_litres: 270, description: 'Integrated', heat_pumps: 12, created_at: '2025-03-04T10:00:00.000Z' };
const ok = (message: string) => ({ body: { status: true, message } });

beforeEach(resetPage);

describe('Heat Pump Models', () => {
  it('lists the models with their heat pumps, and filters by name', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/heat-pump/model/list': listReply([MODEL]) });
    renderHeatPump('/admin/heat_pump/models?model_name=HP');
    const table = await screen.findByRole('table', { name: 'Heat Pump Models' });
    expect(await within(table).findByText('HP-270')).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Model Name', 'Capacity (litres)', 'Description', 'Heat pumps', 'Added At', 'Action']);
    expect(within(table).getByText('04/03/2025')).toBeInTheDocument();
  });

  it('adds a model: Model Name is required, capacity must be litres, nothing is sent until valid', async () => {
    signInAs('Admin');
    const calls = fakeApi({ 'GET /api/heat-pump/model/list': listReply([]), 'POST /api/heat-pump/model/save': ok('Model added successfully') });
    const dialog = await openDialog('/admin/heat_pump/models', 'Add Model', 'Add Model');
    await saveIn(dialog);
    expect(await within(dialog).findByText('Model Name is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Model Name/)).toHaveAttribute('maxLength', '60');
    await user.type(within(dialog).getByLabelText(/Model Name/), 'HP-315');
    await user.type(within(dialog).getByLabelText('Capacity (litres)'), '0');
    await saveIn(dialog);
    expect(await within(dialog).findByText('Capacity must be a whole number of litres from 1 to 10000')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/heat-pump/model/save')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Capacity (litres)'));
    await user.type(within(dialog).getByLabelText('Capacity (litres)'), '315');
    await saveIn(dialog);
    await waitFor(() => expect(lastCall(calls, 'POST', '/api/heat-pump/model/save').body).toEqual({ model_name: 'HP-315', capacity_litres: 315 }));
    await waitFor(() => expect(notifications()).toContainEqual({ messageType: 'success', message: 'Model added successfully', timer: 4000 }));
  });

  it("updates a model; the server's refusal stays in the dialog with the input", async () => {
    signInAs('Admin');
    const calls = fakeApi({ 'GET /api/heat-pump/model/list': listReply([MODEL]), 'PUT /api/heat-pump/model/update': refusal(409, 'A model with this name already exists') });
    const dialog = await openDialog('/admin/heat_pump/models', 'Edit HP-270', 'Update Model');
    const name = within(dialog).getByLabelText(/Model Name/);
    await user.clear(name);
    await user.type(name, 'HP-200');
    await saveIn(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A model with this name already exists');
    expect(lastCall(calls, 'PUT', '/api/heat-pump/model/update').body).toEqual({ id: 3, model_name: 'HP-200', capacity_litres: 270, description: 'Integrated' });
    expect(name).toHaveValue('HP-200');
  });

  it('deletes a model after Yes', async () => {
    signInAs('Admin');
    const calls = fakeApi({ 'GET /api/heat-pump/model/list': listReply([MODEL]), 'DELETE /api/heat-pump/model/delete/3': ok('Model deleted successfully') });
    const dialog = await openDialog('/admin/heat_pump/models', 'Delete HP-270', 'DELETE MODEL');
    expect(dialog).toHaveTextContent('Are you sure you want to delete the model HP-270?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/heat-pump/model/delete/3')).toHaveLength(1));
  });
});
