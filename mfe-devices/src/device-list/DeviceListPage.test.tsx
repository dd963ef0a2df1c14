import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import type { DeviceRow } from '../api/devices';
import { callsTo, currentUrl, fakeApi, filterOf, lastCall, listReply, renderDevices, resetPage, signInAs, highStHome, INSTALLED_BY_ANN } from '../test-support';

const user = userEvent.setup({ delay: null });

function device(id: number, extra: Partial<DeviceRow> = {}): DeviceRow {
  return {
    id,
    product_line: 'bulb',
    serial_number: `BL${id}`,
    mac_address: `a4c1380000${id}`,
    firmware_version: '1.0.0',
    wifi_name: null,
    connection_type: 'Bluetooth',
    installation_date: '2025-03-04',
    created_at: '2025-03-04T10:00:00.000Z',
    ...INSTALLED_BY_ANN,
    ...highStHome(id),
    ...extra,
  };
}

beforeEach(resetPage);

describe('Devices [Lighting] (Admin)', () => {
  it('shows the spec columns, No Property Exist, colour-coded states and the property link', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/bulb/list': listReply([device(1), device(2, { postal_code: null, property_id: null, status: 'Pending', device_status: 'Replaced' })], 2) });
    renderDevices('/admin/bulb/devices');
    expect(await screen.findByRole('heading', { name: 'Devices [Lighting]' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Devices [Lighting]' });
    await within(table).findByText('A4C13800001');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['MAC Address', 'Address', 'Connection Type', 'Date Installed', 'Customer State', 'Device Status', 'Record ID', 'Action']);
    expect(within(table).getByText('No Property Exist')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '12 High St Perth WA 6000' })).toHaveAttribute('href', '/admin/customer/property/view/41');
    expect(within(table).getAllByText('04-03-2025')).toHaveLength(2);
    expect(within(table).getByText('Pending').closest('[data-tone]')).toHaveAttribute('data-tone', 'yellow');
    expect(within(table).getByText('Replaced').closest('[data-tone]')).toHaveAttribute('data-tone', 'yellow');
  });

  it('shows connection types and states in the page language, as the filter drawer names them, and the line by its product name', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/device/all/devices': listReply([device(1), device(2, { connection_type: 'AP', product_line: 'ihd' })], 2) });
    await act(async () => {
      await i18next.changeLanguage('hi');
    });
    try {
      renderDevices('/admin/all/devices');
      const table = await screen.findByRole('table');
      await within(table).findByText('A4C13800001');
      expect(within(table).getByText('ब्लूटूथ')).toBeInTheDocument();
      expect(within(table).getByText('एपी')).toBeInTheDocument();
      expect(within(table).queryByText('Bluetooth')).toBeNull();
      expect(within(table).getByText('इलेक्ट्रिसिटी एडवाइज़र')).toBeInTheDocument();
      expect(within(table).getAllByText('पूर्ण').length).toBe(2);
    } finally {
      await act(async () => {
        await i18next.changeLanguage('en');
      });
    }
  });

  it('filters from the drawer (multi states, date range), keeps them in the URL and restores them on load', async () => {
    signInAs('Admin');
    const calls = fakeApi({ 'GET /api/bulb/list': listReply([device(1)]) });
    const view = renderDevices('/admin/bulb/devices');
    await screen.findByRole('table', { name: 'Devices [Lighting]' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('MAC Address'), 'a4:c1');
    expect(within(drawer).getByLabelText('MAC Address')).toHaveValue('a4c1');
    await user.click(within(drawer).getByRole('checkbox', { name: 'In-active' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'AP' }));
    await user.type(within(drawer).getByLabelText('From'), '2025-01-01');
    await user.type(within(drawer).getByLabelText('To'), '2025-02-01');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/bulb/list'))).toHaveLength(4));
    expect(filterOf(lastCall(calls, 'GET', '/api/bulb/list'))).toEqual(
      expect.arrayContaining([
        { key: 'mac_address', value: 'a4c1', type: 'single' },
        { key: 'device_status', value: ['In-active'], type: 'multi' },
        { key: 'connection_type', value: ['AP'], type: 'multi' },
        { key: 'installation_date', value: '01-01-2025', end_value: '01-02-2025', type: 'single' },
      ]),
    );
    const url = currentUrl(view);
    expect(url).toContain('device_status');
    // a reload of that URL asks the same
    view.unmount();
    const again = fakeApi({ 'GET /api/bulb/list': listReply([device(1)]) });
    renderDevices(url);
    await waitFor(() => expect(callsTo(again, 'GET', '/api/bulb/list')).toHaveLength(1));
    expect(filterOf(lastCall(again, 'GET', '/api/bulb/list'))).toHaveLength(4);
  });

  it('opens a device with the list kept for Back', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/bulb/list': listReply([device(7)]) });
    const view = renderDevices('/admin/bulb/devices?page=1&sortBy=id&orderBy=asc');
    await user.click(await screen.findByRole('button', { name: 'View a4c13800007' }));
    await waitFor(() => expect(view.location().pathname).toBe('/admin/bulb/device/view/7'));
    expect(new URLSearchParams(view.location().search).get('back')).toBe('/admin/bulb/devices?page=1&sortBy=id&orderBy=asc');
  });
});

describe('a role’s own devices', () => {
  it('lists the electrician’s devices of the selected product, serial numbers first', async () => {
    signInAs('Electrician', { product: 'livelink' });
    const calls = fakeApi({ 'GET /api/electrician/devices/all': listReply([device(3, { product_line: 'livelink', serial_number: 'LL3' })]) });
    renderDevices('/electrician/devices');
    expect(await screen.findByRole('heading', { name: 'Devices' })).toBeInTheDocument();
    expect(await screen.findByText('LL3')).toBeInTheDocument();
    expect(lastCall(calls, 'GET', '/api/electrician/devices/all').query.get('deviceType')).toBe('livelink');
    // an electrician has no property view: the address is text
    expect(screen.getByText('12 High St Perth WA 6000')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '12 High St Perth WA 6000' })).toBeNull();
  });

  it('shows the agency every line when heat pump is selected (heat pumps are another remote’s)', async () => {
    signInAs('Agency', { product: 'heat_pump' });
    const calls = fakeApi({ 'GET /api/agency/devices/all': listReply([]) });
    renderDevices('/agency/devices');
    await screen.findByText('No Data Found');
    expect(lastCall(calls, 'GET', '/api/agency/devices/all').query.get('deviceType')).toBe('all');
  });

  it('shows the error and a Retry when the list cannot be read', async () => {
    signInAs('Customer');
    fakeApi({ 'GET /api/customer/devices': { status: 500, body: { status: false, message: 'Database is busy' } } });
    renderDevices('/customer/devices');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('Database is busy')).toBeInTheDocument();
  });
});

describe('Devices - VEU (Agency)', () => {
  it("lists the agency's VEU devices and opens them on the VEU detail route", async () => {
    signInAs('Agency');
    const calls = fakeApi({ 'GET /api/agency/dataforce-devices': listReply([device(8, { product_line: 'livelink', state: 'VIC', postal_code: '3000' })]) });
    const view = renderDevices('/agency/dataforce-devices');
    expect(await screen.findByRole('heading', { name: 'Devices - VEU' })).toBeInTheDocument();
    // the address opens the agency's own property view
    expect(await screen.findByRole('link', { name: '12 High St Perth VIC 3000' })).toHaveAttribute('href', '/agency/customer/property/view/48');
    await user.click(await screen.findByRole('button', { name: 'View a4c13800008' }));
    await waitFor(() => expect(view.location().pathname).toBe('/agency/dataforce-device/8'));
    expect(callsTo(calls, 'GET', '/api/agency/dataforce-devices')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});
