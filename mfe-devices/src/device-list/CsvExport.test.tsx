import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, lastCall, listReply, renderDevices, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

beforeEach(resetPage);

describe('CSV download of a whole filtered list', () => {
  it("starts the export job with the list's filter and sort (from the URL), shows its progress and offers the file when ready", async () => {
    signInAs('Admin');
    const clicks = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let polls = 0;
    const calls = fakeApi({
      'GET /api/bulb/list': listReply([]),
      'POST /api/device/export': { body: { status: true, message: 'Export started', info: { id: 5, status: 'running', total: 3, rows_written: 0, download_link: null, error: null } } },
      'GET /api/export/5': () => {
        polls += 1;
        const done = polls > 1;
        return {
          body: {
            status: true,
            message: 'Export',
            info: done
              ? { id: 5, status: 'done', total: 3, rows_written: 3, download_link: '/api/export/download/5/csv?expires=9&signature=ab', error: null }
              : { id: 5, status: 'running', total: 3, rows_written: 1, download_link: null, error: null },
          },
        };
      },
    });
    renderDevices('/admin/bulb/devices?device_status[]=Active&sortBy=mac_address&orderBy=asc&page=2');
    await screen.findByText('No Data Found');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/device/export')).toHaveLength(1));
    // the rows come in the screen's order: its sortBy and orderBy travel with the filter (never its page)
    expect(lastCall(calls, 'POST', '/api/device/export').body).toEqual({
      deviceType: 'bulb',
      filter: JSON.stringify([{ key: 'device_status', value: ['Active'], type: 'multi' }]),
      sortBy: 'mac_address',
      orderBy: 'asc',
    });
    expect(await screen.findByText('Preparing the CSV: 1 of 3 rows')).toBeInTheDocument();
    const ready = await screen.findByRole('link', { name: 'Download Devices.csv (3 rows)' }, { timeout: 4000 });
    expect(ready).toHaveAttribute('href', 'http://localhost/api/export/download/5/csv?expires=9&signature=ab');
    expect(clicks).toHaveBeenCalledTimes(1);
    clicks.mockRestore();
  });

  it('sends the agency export the spec way (all, csvtype, group) and says why a job failed', async () => {
    signInAs('Agency', { product: 'livelink' });
    const calls = fakeApi({
      'GET /api/agency/devices/all': listReply([]),
      'POST /api/agency/devices/download-csv': { body: { status: true, message: 'Export started', info: { id: 6, status: 'running', total: 2, rows_written: 0, download_link: null, error: null } } },
      'GET /api/export/6': { body: { status: true, message: 'Export', info: { id: 6, status: 'failed', total: 2, rows_written: 0, download_link: null, error: 'The server restarted during the export; start it again' } } },
    });
    renderDevices('/agency/devices');
    await screen.findByText('No Data Found');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The server restarted during the export; start it again')).toBeInTheDocument();
    expect(lastCall(calls, 'POST', '/api/agency/devices/download-csv').body).toEqual({ deviceType: 'livelink', sortBy: 'created_at', orderBy: 'desc', csvtype: 'devices', all: true, group: 'agency' });
  });

  it("exports the agency's Devices - VEU as its own file (group veu)", async () => {
    signInAs('Agency', { product: 'livelink' });
    const clicks = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = fakeApi({
      'GET /api/agency/dataforce-devices': listReply([]),
      'POST /api/agency/devices/download-csv': { body: { status: true, message: 'Export started', info: { id: 7, status: 'running', total: 1, rows_written: 0, download_link: null, error: null } } },
      'GET /api/export/7': { body: { status: true, message: 'Export', info: { id: 7, status: 'done', total: 1, rows_written: 1, download_link: '/api/export/download/7/csv?expires=9&signature=cd', error: null } } },
    });
    renderDevices('/agency/dataforce-devices?sortBy=serial_number&orderBy=asc');
    await screen.findByText('No Data Found');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('link', { name: 'Download Devices - VEU.csv (1 rows)' }, { timeout: 4000 })).toBeInTheDocument();
    expect(lastCall(calls, 'POST', '/api/agency/devices/download-csv').body).toEqual({ deviceType: 'livelink', sortBy: 'serial_number', orderBy: 'asc', csvtype: 'devices', all: true, group: 'veu' });
    clicks.mockRestore();
  });

  it('offers no CSV download to a customer', async () => {
    signInAs('Customer');
    fakeApi({ 'GET /api/customer/devices': listReply([]) });
    renderDevices('/customer/devices');
    await screen.findByText('No Data Found');
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});
