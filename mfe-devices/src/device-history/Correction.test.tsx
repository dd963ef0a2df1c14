import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, lastCall, listReply, messageReply, renderDevices, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

beforeEach(resetPage);

describe('update-rate history: correcting a past period (spec 5)', () => {
  it('needs dates, a valid rate and, for the tariff, its unit charge; sends a Wh/imp rate as imp/kWh', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/device/update-rate': listReply([
        { id: 1, start_date: '2025-01-01', end_date: '2025-02-01', impulse_rate: 1000, impulse_rate_type: 'imp/kWh', update_section: 'both', unit_charge: 0.3125, changed_by: 'admin@demo.test', created_at: '2025-03-01T00:00:00.000Z' },
      ]),
      'PUT /api/device/correction/9': messageReply('Device corrected successfully'),
    });
    renderDevices('/admin/device/view/update-rate-history/9?line=ihd');
    const table = await screen.findByRole('table', { name: 'Update Rate History' });
    expect(await within(table).findByText('Both')).toBeInTheDocument();
    expect(within(table).getByText('0.3125')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Rate' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Start date is required')).toBeInTheDocument();
    expect(within(dialog).getByText('End date is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Impulse rate is required')).toBeInTheDocument();

    fireEvent.input(within(dialog).getByLabelText(/^Start Date/), { target: { value: '2026-03-10' } });
    fireEvent.input(within(dialog).getByLabelText(/^End Date/), { target: { value: '2026-03-01' } });
    await user.type(within(dialog).getByLabelText(/^Impulse Rate(?! Type)/), '3');
    await user.selectOptions(within(dialog).getByLabelText('Impulse Rate Type'), 'Wh/imp');
    await user.selectOptions(within(dialog).getByLabelText(/^Update/), 'tariffRate');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('End date must be on or after the start date')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid impulse rate')).toBeInTheDocument();
    expect(within(dialog).getByText('Unit charge is required to correct the tariff rate')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/api/device/correction/9')).toHaveLength(0);

    fireEvent.input(within(dialog).getByLabelText(/^End Date/), { target: { value: '2026-03-31' } });
    await user.clear(within(dialog).getByLabelText(/^Impulse Rate(?! Type)/));
    await user.type(within(dialog).getByLabelText(/^Impulse Rate(?! Type)/), '2');
    await user.type(within(dialog).getByLabelText(/^Unit Charge/), '0.28');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/device/correction/9')).toHaveLength(1));
    expect(lastCall(calls, 'PUT', '/api/device/correction/9').body).toEqual({
      device_data: { start_date: '2026-03-10', end_date: '2026-03-31', rate: 500, type: 'Wh/imp' },
      update: 'tariffRate',
      tariff_data: { unit_charge: 0.28 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update Rate' })).toBeNull());
  });

  it("keeps what was typed and shows the server's refusal in the dialog", async () => {
    signInAs('Admin');
    fakeApi({
      'GET /api/device/update-rate': listReply([]),
      'PUT /api/device/correction/9': { status: 400, body: { status: false, message: 'Future dates are not allowed' } },
    });
    renderDevices('/admin/device/view/update-rate-history/9?line=ihd');
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Rate' });
    fireEvent.input(within(dialog).getByLabelText(/^Start Date/), { target: { value: '2099-01-01' } });
    fireEvent.input(within(dialog).getByLabelText(/^End Date/), { target: { value: '2099-01-02' } });
    await user.type(within(dialog).getByLabelText(/^Impulse Rate(?! Type)/), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Future dates are not allowed');
    expect(within(dialog).getByLabelText(/^Impulse Rate(?! Type)/)).toHaveValue('1000');
  });
});

describe('install history (spec 2.4 device-history of a line)', () => {
  it('reads a safelink by MAC address, and a livelink by the serial number of its device id', async () => {
    signInAs('Admin');
    const event = { id: 4, device_id: 12, event: 'replaced', serial_number: '300000000012', mac_address: 'C0FFEE00000C', firmware_version: null, note: 'Replaced via replace device', agency_name: 'Bright Homes', created_at: '2025-01-01T00:00:00.000Z' };
    const calls = fakeApi({
      'GET /api/safelink/install-history': listReply([event]),
      'GET /api/livelink/install-history': listReply([]),
      'GET /api/device/get-info': { body: { status: true, message: 'Device', info: { id: 5, product_line: 'livelink', serial_number: '200000000005' } } },
    });
    const view = renderDevices('/admin/safelink/device-history/C0FFEE00000C');
    expect(await screen.findByRole('heading', { name: 'Install History [C0FFEE00000C]' })).toBeInTheDocument();
    expect(await screen.findByText('Replaced via replace device')).toBeInTheDocument();
    expect(lastCall(calls, 'GET', '/api/safelink/install-history').query.get('mac_address')).toBe('C0FFEE00000C');
    view.unmount();

    renderDevices('/admin/livelink/device-history/5');
    expect(await screen.findByRole('heading', { name: 'Install History [200000000005]' })).toBeInTheDocument();
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/livelink/install-history').query.get('serial_number')).toBe('200000000005'));
  });
});
