import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceInfo } from '../api/devices';
import { callsTo, fakeApi, fileReply, lastCall, renderDevices, resetPage, signInAs } from '../test-support';
import { lastWeek } from './FlashesCsvDialog';

const user = userEvent.setup({ delay: null });

const METER = {
  id: 9,
  product_line: 'ihd',
  serial_number: '100000000009',
  mac_address: 'AA0000000009',
  device_status: 'Active',
  status: 'Completed',
  is_online: 1,
  updated_at: '2025-01-01T00:00:00.000Z',
} as DeviceInfo;

let saved: Array<{ href: string; download: string }> = [];
beforeEach(() => {
  resetPage();
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:flashes');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => jest.restoreAllMocks());

describe('flashes CSV (Admin, metering devices)', () => {
  it('asks for a period (the last week by default) and saves the file the server names', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/device/get-info': { body: { status: true, message: 'Device', info: METER } },
      'GET /api/device/flashes-csv': fileReply('Date Time,Flashes\r\n2026-11-20 17:00,512\r\n', 'Flashes-100000000009-2026-11-18-2026-11-24.csv'),
    });
    renderDevices('/admin/devices/view/9');
    await user.click(await screen.findByRole('button', { name: 'Flashes CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flashes CSV' });
    const week = lastWeek();
    expect(within(dialog).getByLabelText(/^Start Date/)).toHaveValue(week.start);
    expect(within(dialog).getByLabelText(/^End Date/)).toHaveValue(week.end);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:flashes', download: 'Flashes-100000000009-2026-11-18-2026-11-24.csv' }]));
    const sent = lastCall(calls, 'GET', '/api/device/flashes-csv').query;
    expect([sent.get('device_id'), sent.get('start_date'), sent.get('end_date')]).toEqual(['9', week.start, week.end]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Flashes CSV' })).toBeNull());
  });

  it("checks the period before asking, and shows the server's refusal in the dialog (spec 8)", async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/device/get-info': { body: { status: true, message: 'Device', info: METER } },
      'GET /api/device/flashes-csv': { status: 404, body: { status: false, message: 'No flashes were recorded between 01-01-2001 and 02-01-2001' } },
    });
    renderDevices('/admin/devices/view/9');
    await user.click(await screen.findByRole('button', { name: 'Flashes CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flashes CSV' });
    const start = within(dialog).getByLabelText(/^Start Date/);
    const end = within(dialog).getByLabelText(/^End Date/);
    fireEvent.change(start, { target: { value: '2026-02-10' } });
    fireEvent.change(end, { target: { value: '2026-02-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('End date must be on or after the start date');
    fireEvent.change(start, { target: { value: '2025-01-01' } });
    fireEvent.change(end, { target: { value: '2025-12-31' } });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a period of at most 92 days');
    expect(callsTo(calls, 'GET', '/api/device/flashes-csv')).toHaveLength(0);

    fireEvent.change(start, { target: { value: '2001-01-01' } });
    fireEvent.change(end, { target: { value: '2001-01-02' } });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText('No flashes were recorded between 01-01-2001 and 02-01-2001')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Start Date/)).toHaveValue('2001-01-01');
    expect(saved).toEqual([]);
  });

  it('is offered only on metering devices, and only to Admin', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/device/get-info': { body: { status: true, message: 'Device', info: { ...METER, product_line: 'bulb' } } } });
    renderDevices('/admin/bulb/device/view/9');
    await screen.findByRole('heading', { name: /^Device Details/ });
    expect(screen.queryByRole('button', { name: 'Flashes CSV' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Install History' })).toHaveAttribute('href', '/admin/bulb/device-history/100000000009');
  });
});
