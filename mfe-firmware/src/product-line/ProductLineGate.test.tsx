import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIRMWARE_LINE_KEY } from '../api/device-type';
import { callsTo, currentUrl, fakeApi, listReply, renderFirmware, resetPage, signInAsAdmin } from '../test-support';

beforeEach(() => {
  resetPage();
});

describe('"All Products" in the firmware area', () => {
  it('asks for a product line and reads nothing of the fleet until one is chosen', async () => {
    signInAsAdmin('all');
    const calls = fakeApi({ 'GET /api/ota/get': listReply([], 0) });
    renderFirmware('/admin/firmwares');
    expect(await screen.findByText('Firmware, rules, groups and pushes are kept per product line. Choose a product line.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Firmwares' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/ota/get')).toHaveLength(0);
  });

  it('uses the chosen line, shows it in the URL, and remembers it for the next visit', async () => {
    signInAsAdmin('all');
    const calls = fakeApi({ 'GET /api/ota/get': listReply([], 0), 'GET /api/ota/rule/list': listReply([], 0) });
    const view = renderFirmware('/admin/firmwares');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Product line' }), 'safelink');
    expect(await screen.findByRole('heading', { name: 'Firmwares' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/ota/get').length).toBeGreaterThan(0));
    expect(callsTo(calls, 'GET', '/api/ota/get').every((c) => c.query.get('deviceType') === 'safelink')).toBe(true);
    expect(currentUrl(view)).toContain('line=safelink');
    expect(localStorage.getItem(FIRMWARE_LINE_KEY)).toBe('safelink');
    view.unmount();

    // Next visit, without the parameter: the remembered line, the select still shown to change it.
    renderFirmware('/admin/rules');
    expect(await screen.findByRole('combobox', { name: 'Product line' })).toHaveValue('safelink');
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/ota/rule/list').length).toBeGreaterThan(0));
    expect(callsTo(calls, 'GET', '/api/ota/rule/list')[0]!.query.get('deviceType')).toBe('safelink');
  });

  it('with one product selected in the shell, uses it and shows no line select', async () => {
    signInAsAdmin('bulb');
    const calls = fakeApi({ 'GET /api/ota/get': listReply([], 0) });
    renderFirmware('/admin/firmwares?line=safelink');
    expect(await screen.findByRole('heading', { name: 'Firmwares' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Product line' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/ota/get').length).toBeGreaterThan(0));
    expect(callsTo(calls, 'GET', '/api/ota/get')[0]!.query.get('deviceType')).toBe('bulb');
  });
});
