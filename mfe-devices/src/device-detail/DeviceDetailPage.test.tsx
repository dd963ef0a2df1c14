import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceInfo } from '../api/devices';
import { callsTo, fakeApi, lastCall, messageReply, renderDevices, resetPage, signInAs, LOW_RD_HOME } from '../test-support';
import { sentRate, typedRate } from './impulse-rate';

const user = userEvent.setup({ delay: null });

const DEVICE: DeviceInfo = {
  id: 9,
  product_line: 'ihd',
  serial_number: 'EA0000000009',
  mac_address: 'aa0000000009',
  firmware_version: '2.1.0',
  wifi_name: null,
  connection_type: 'AP',
  installation_date: '2024-06-01',
  created_at: '2024-06-01T00:00:00.000Z',
  status: 'Completed',
  device_status: 'Active',
  is_online: 1,
  installed_via: 'Console',
  installer_uuid: 'AG-9',
  agency_name: 'Bright Homes',
  first_name: 'Ann',
  last_name: 'Agent',
  ...LOW_RD_HOME,
  device_uid: 'UID9',
  nmi: '4100000009',
  impulse_rate: 1000,
  impulse_rate_type: 'imp/kWh',
  force_sync_date: null,
  signal_strength: -60,
  fault_code: null,
  agency_id: 1,
  agent_id: 2,
  electrician_name: null,
  customer_id: 4,
  customer_name: 'Cy User',
  customer_email: 'cy@fleet.test',
  updated_at: '2025-01-01T00:00:00.000Z',
};

beforeEach(resetPage);

describe('impulse rate conversion (spec 5)', () => {
  it('sends a Wh/imp rate as 1000 divided by it and shows it back as typed', () => {
    expect(sentRate({ impulse_rate: '8', impulse_rate_type: 'Wh/imp' })).toBe(125);
    expect(sentRate({ impulse_rate: '3200', impulse_rate_type: 'imp/kWh' })).toBe(3200);
    expect(typedRate(125, 'Wh/imp')).toBe('8');
    expect(typedRate(3200, 'imp/kWh')).toBe('3200');
  });
});

describe('device detail', () => {
  it('shows the device and its people; Admin edits the impulse rate with the spec checks before sending', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/device/get-info': { body: { status: true, message: 'Device', info: DEVICE } },
      'PUT /api/device/edit/9': messageReply('Device updated successfully'),
    });
    renderDevices('/admin/devices/view/9');
    expect(await screen.findByRole('heading', { name: 'Device Details [aa0000000009]' })).toBeInTheDocument();
    expect(screen.getByText('Cy User')).toBeInTheDocument();
    expect(screen.getByText('5 Low Rd Hobart TAS 7000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Impulse Rate History' })).toHaveAttribute('href', '/admin/device/view/impulse-rate-history/9?line=ihd');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Device' });
    const rate = within(dialog).getByLabelText(/^Impulse Rate(?! Type)/);
    await user.clear(rate);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Impulse rate is required')).toBeInTheDocument();
    await user.type(rate, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Please enter a valid impulse rate')).toBeInTheDocument();
    // Wh/imp: 1000 / 3 is not whole
    await user.clear(rate);
    await user.type(rate, '3');
    await user.selectOptions(within(dialog).getByLabelText('Impulse Rate Type'), 'Wh/imp');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Please enter a valid impulse rate')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/api/device/edit/9')).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/device/edit/9')).toHaveLength(1));
    expect(lastCall(calls, 'PUT', '/api/device/edit/9').body).toEqual({ impulse_rate: 125, impulse_rate_type: 'Wh/imp', force_sync_date: null, nmi: '4100000009' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Device' })).toBeNull());
  });

  it('shows the server’s refusal inside the dialog and keeps what was typed', async () => {
    signInAs('Agency');
    fakeApi({
      'GET /api/agency/device/get-info': { body: { status: true, message: 'Device', info: DEVICE } },
      'POST /api/agency/device/update': { status: 400, body: { status: false, message: 'Please enter a valid impulse rate' } },
    });
    renderDevices('/agency/devices/view/9');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Device' });
    await user.clear(within(dialog).getByLabelText(/^Impulse Rate(?! Type)/));
    await user.type(within(dialog).getByLabelText(/^Impulse Rate(?! Type)/), '999999999');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter a valid impulse rate');
    expect(within(dialog).getByLabelText(/^Impulse Rate(?! Type)/)).toHaveValue('999999999');
  });

  it('says a device of another slice is not there, and the customer has no Edit', async () => {
    signInAs('Customer');
    fakeApi({ 'GET /api/customer/device/get-info': { status: 404, body: { status: false, message: 'Device not found' } } });
    renderDevices('/customer/devices/view/77');
    expect(await screen.findByText('This device does not exist or is not yours to see.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('the Timeline tab (issue 23)', () => {
  it("shows the device's timeline from the role's own call, the kind filter asking again", async () => {
    signInAs('Agency');
    const calls = fakeApi({
      'GET /api/agency/device/get-info': { body: { status: true, message: 'Device', info: DEVICE } },
      'GET /api/agency/device/timeline': {
        body: {
          status: true,
          message: 'History',
          info: {
            data: [
              { key: 'edit:5:update', kind: 'edit', event: 'update', at: '2026-11-01T10:00:00.000Z', subject: 'EA0000000009', detail: null, actor: { id: 3, email: 'agency@fleet.test', role: 'Agency', name: null }, changes: [{ field: 'nmi', old: '1', new: '2' }] },
            ],
            total: 1,
            current_page: 1,
            last_page: 1,
          },
        },
      },
    });
    renderDevices('/agency/devices/view/9');
    await user.click(await screen.findByRole('tab', { name: 'Timeline' }));
    const table = await screen.findByRole('table', { name: 'Timeline' });
    expect(await within(table).findByText('agency@fleet.test')).toBeInTheDocument();
    expect(within(table).getByText('nmi: 1 → 2')).toBeInTheDocument();
    expect(lastCall(calls, 'GET', '/api/agency/device/timeline').query.get('id')).toBe('9');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'edit');
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/agency/device/timeline').query.get('filter')).toContain('"edit"'));
    expect(callsTo(calls, 'GET', '/api/device/timeline')).toHaveLength(0);
  });
});
