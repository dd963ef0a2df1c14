import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

// delay null: keystrokes without a timer between them (these tests type a lot).
const user = userEvent.setup({ delay: null });
import type { Firmware } from '../api/types';
import {
  callsTo,
  confirmSends,
  expectFilteredBy,
  currentUrl,
  fakeApi,
  fakeUploads,
  filterOf,
  lastCall,
  listReply,
  messageReply,
  notifications,
  renderFirmware,
  resetPage,
  signInAsAdmin,
} from '../test-support';

const LONG = 'Please install this update now, it fixes the meter reading drift';

function firmware(id: number, version: string, extra: Partial<Firmware> = {}): Firmware {
  return {
    id,
    device_type: 'livelink',
    ota_type: 'single',
    file_name: `fw-${version}.bin`,
    download_link: `/api/ota/download/${id}/file?expires=1&signature=x`,
    version,
    mcu_version: null,
    md_5_value: 'a'.repeat(32),
    auto_update_message: LONG,
    manual_update_message: 'Short note',
    created_at: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

const MD5 = '0123456789abcdef0123456789abcdef';

function binFile(name = 'fw.bin', size?: number): File {
  const file = new File([new Uint8Array([1, 2, 3, 4])], name, { type: 'application/octet-stream' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  resetPage();
  signInAsAdmin('livelink');
});

describe('Firmwares list', () => {
  it('lists the firmwares of the product (livelink) with download links, cut messages and the column rules', async () => {
    const calls = fakeApi({ 'GET /api/ota/get': listReply([firmware(1, '1.2.3')], 1) });
    renderFirmware('/admin/firmwares');
    const table = await screen.findByRole('table', { name: 'Firmwares' });
    await within(table).findByText('fw-1.2.3.bin');

    const sent = lastCall(calls, 'GET', '/api/ota/get');
    expect(sent.query.get('deviceType')).toBe('livelink');
    expect(sent.query.get('ota_type')).toBeNull();
    expect(Object.fromEntries(['page', 'limit', 'orderBy', 'sortBy'].map((k) => [k, sent.query.get(k)]))).toEqual({
      page: '1',
      limit: '25',
      orderBy: 'desc',
      sortBy: 'created_at',
    });

    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['File Name', 'File', 'Version', 'Forced Update Message', 'Optional Update Message', 'Added On', 'Action']);
    // File and Action are not sortable; File Name is.
    expect(within(table).queryByRole('button', { name: 'File' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Action' })).toBeNull();
    expect(within(table).getByRole('button', { name: /File Name/ })).toBeInTheDocument();

    expect(within(table).getByRole('link', { name: 'Download fw-1.2.3.bin' })).toHaveAttribute('href', '/api/ota/download/1/file?expires=1&signature=x');
    expect(within(table).getByText('20-11-2026')).toBeInTheDocument();
    expect(within(table).getByText('Short note')).toBeInTheDocument();
    expect(within(table).getByText(`${LONG.slice(0, 40)}...`)).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Read More' }));
    const modal = await screen.findByRole('dialog', { name: 'Forced Update Message (1.2.3)' });
    expect(modal).toHaveTextContent(LONG);
  });

  it('sorts by a header click and keeps page, size, sort and filters in the URL, restored on reload', async () => {
    const calls = fakeApi({ 'GET /api/ota/get': listReply([firmware(1, '1.2.3')], 60) });
    const first = renderFirmware('/admin/firmwares?page=2&limit=50&version=1.2');
    await screen.findByText('fw-1.2.3.bin');
    let sent = lastCall(calls, 'GET', '/api/ota/get');
    expect(sent.query.get('page')).toBe('2');
    expect(sent.query.get('limit')).toBe('50');
    expect(filterOf(sent)).toEqual([{ key: 'version', value: '1.2', type: 'single' }]);

    // the header's sort button (the filter's chip reads "Version: 1.2" too)
    await user.click(within(screen.getByRole('columnheader', { name: /Version/ })).getByRole('button'));
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/ota/get').query.get('sortBy')).toBe('version'));
    sent = lastCall(calls, 'GET', '/api/ota/get');
    expect(sent.query.get('orderBy')).toBe('asc');
    expect(sent.query.get('page')).toBe('1');

    // The filter drawer: File Name typed, Apply writes it on page 1 and closes the drawer.
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await user.type(within(drawer).getByLabelText('File Name'), 'fw-1');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
    await expectFilteredBy(calls, '/api/ota/get', [['version', '1.2'], ['file_name', 'fw-1']]);

    const url = currentUrl(first);
    expect(url).toContain('file_name=fw-1');
    expect(url).toContain('sortBy=version');
    first.unmount();
    const before = calls.length;
    renderFirmware(url);
    await screen.findByText('fw-1.2.3.bin');
    const reloaded = calls.slice(before).find((call) => call.path === '/api/ota/get');
    expect(reloaded?.query.toString()).toBe(lastCall(calls.slice(0, before), 'GET', '/api/ota/get').query.toString());
  });

  it('shows Select Device Type on livelink (IHD = ihd_livelink) and sends that device type', async () => {
    signInAsAdmin('livelink');
    const calls = fakeApi({ 'GET /api/ota/get': listReply([]) });
    const view = renderFirmware('/admin/firmwares');
    const select = await screen.findByRole('combobox', { name: 'Select Device Type' });
    expect(within(select).getAllByRole('option').map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
      ['IHD', 'ihd_livelink'],
      ['Livelink', 'livelink'],
    ]);
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    await user.selectOptions(select, 'ihd_livelink');
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/ota/get').query.get('deviceType')).toBe('ihd_livelink'));
    expect(currentUrl(view)).toContain('deviceType=ihd_livelink');
    expect(screen.queryByRole('combobox', { name: 'Select Firmware Type' })).toBeNull();
  });

  it('shows Select Firmware Type on heat_pump (OTA Pack = multiple) and titles the dialog Firmware OTA Pack', async () => {
    signInAsAdmin('heat_pump');
    const calls = fakeApi({ 'GET /api/ota/get': listReply([]) });
    renderFirmware('/admin/firmwares');
    const select = await screen.findByRole('combobox', { name: 'Select Firmware Type' });
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/ota/get').query.get('ota_type')).toBe('single'));
    await user.selectOptions(select, 'OTA Pack');
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/ota/get').query.get('ota_type')).toBe('multiple'));
    expect(lastCall(calls, 'GET', '/api/ota/get').query.get('deviceType')).toBe('heat_pump');
    await user.click(screen.getByRole('button', { name: 'Add Firmware' }));
    const dialog = await screen.findByRole('dialog', { name: 'Firmware OTA Pack' });
    for (const slot of ['Initial OTA', 'MCU Upgrade 1', 'MCU Upgrade 2']) expect(within(dialog).getByLabelText(slot)).toBeInTheDocument();
  });

  it('asks DELETE FIRMWARE, sends ota_id and deviceType, then reloads page 1 sorted by created_at desc', async () => {
    const calls = fakeApi({
      'GET /api/ota/get': listReply([firmware(7, '2.0.1')], 80),
      'DELETE /api/ota/delete': messageReply('Firmware deleted successfully'),
    });
    renderFirmware('/admin/firmwares?page=3&sortBy=version&orderBy=asc');
    await screen.findByText('fw-2.0.1.bin');
    await user.click(screen.getByRole('button', { name: 'Delete 2.0.1' }));
    const confirm = await screen.findByRole('dialog', { name: 'DELETE FIRMWARE' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this Firmware?');
    expect(await confirmSends(confirm, calls, 'DELETE', '/api/ota/delete')).toEqual({ ota_id: 7, deviceType: 'livelink' });
    await waitFor(() => {
      const sent = lastCall(calls, 'GET', '/api/ota/get');
      expect([sent.query.get('page'), sent.query.get('sortBy'), sent.query.get('orderBy')]).toEqual(['1', 'created_at', 'desc']);
    });
    expect(notifications()).toContainEqual({ messageType: 'success', message: 'Firmware deleted successfully', timer: 4000 });
  });
});

describe('Add Firmware dialog', () => {
  async function openAdd() {
    await user.click(await screen.findByRole('button', { name: 'Add Firmware' }));
    return screen.findByRole('dialog', { name: 'Firmware' });
  }

  it('requires a version of 2 to 3 parts of digits or a star, and a file', async () => {
    fakeApi({ 'GET /api/ota/get': listReply([]) });
    const uploads = fakeUploads(() => messageReply('never'));
    renderFirmware('/admin/firmwares');
    const dialog = await openAdd();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Firmware version is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please upload a firmware file')).toBeInTheDocument();

    const version = within(dialog).getByLabelText(/Firmware Version/);
    for (const bad of ['1', '1.2.3.4', '1234.1', '1.a']) {
      await user.clear(version);
      await user.type(version, bad);
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      expect(await within(dialog).findByText('Invalid firmware version')).toBeInTheDocument();
    }
    for (const good of ['1.2.3', '123.0.*']) {
      await user.clear(version);
      await user.type(version, good);
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(within(dialog).queryByText('Invalid firmware version')).toBeNull());
    }
    expect(uploads).toHaveLength(0);
  });

  it('refuses files that are not .bin or are over 52428800 bytes, under the dropzone', async () => {
    fakeApi({ 'GET /api/ota/get': listReply([]) });
    renderFirmware('/admin/firmwares');
    const dialog = await openAdd();
    const picky = userEvent.setup({ delay: null, applyAccept: false });
    const input = within(dialog).getByLabelText('Firmware File');
    await picky.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Only .bin files are allowed')).toBeInTheDocument();
    await picky.upload(input, binFile('big.bin', 52428801));
    expect(await within(dialog).findByText('Maximum file size is 50 MB')).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Chosen file' })).toBeNull();
    await picky.upload(input, binFile('exact.bin', 52428800));
    expect(await within(dialog).findByRole('group', { name: 'Chosen file' })).toHaveTextContent('exact.bin');
    expect(within(dialog).queryByText('Maximum file size is 50 MB')).toBeNull();
  });

  it('uploads the multipart form with progress, toasts the server message and closes', async () => {
    const calls = fakeApi({ 'GET /api/ota/get': listReply([]) });
    const uploads = fakeUploads(() => messageReply('Firmware added successfully', firmware(9, '3.1.0')), { manual: true });
    renderFirmware('/admin/firmwares');
    const dialog = await openAdd();
    await user.type(within(dialog).getByLabelText(/Firmware Version/), '3.1.0');
    await user.type(within(dialog).getByLabelText('Forced Update Message'), 'Must install');
    await user.upload(within(dialog).getByLabelText('Firmware File'), binFile('fw-3.1.0.bin'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('MD5 value is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Firmware File MD5 Value'), 'xyz');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('MD5 value must be 32 hexadecimal characters')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Firmware File MD5 Value'));
    await user.type(within(dialog).getByLabelText('Firmware File MD5 Value'), MD5.toUpperCase());
    const listsBefore = callsTo(calls, 'GET', '/api/ota/get').length;
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('progressbar', { name: 'Uploading 50%' })).toHaveAttribute('aria-valuenow', '50');
    act(() => uploads[0]!.respond());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Firmware' })).toBeNull());
    expect(uploads).toHaveLength(1);
    const [upload] = uploads;
    expect(upload?.method).toBe('POST');
    expect(upload?.url).toMatch(/\/api\/ota\/store$/);
    const form = upload!.form;
    expect([...form.keys()]).toEqual(['deviceType', 'ota_type', 'version', 'auto_update_message', 'manual_update_message', 'md_5_value', 'file']);
    expect(form.get('deviceType')).toBe('livelink');
    expect(form.get('ota_type')).toBe('single');
    expect(form.get('version')).toBe('3.1.0');
    expect(form.get('auto_update_message')).toBe('Must install');
    expect(form.get('md_5_value')).toBe(MD5);
    expect((form.get('file') as File).name).toBe('fw-3.1.0.bin');
    expect(notifications()).toContainEqual({ messageType: 'success', message: 'Firmware added successfully', timer: 4000 });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/ota/get').length).toBeGreaterThan(listsBefore));
  });

  it('shows the server refusal in the dialog and keeps it open', async () => {
    fakeApi({ 'GET /api/ota/get': listReply([]) });
    fakeUploads(() => ({ status: 400, body: { status: false, message: 'Version 3.1.0 already exists', info: null } }));
    renderFirmware('/admin/firmwares');
    const dialog = await openAdd();
    await user.type(within(dialog).getByLabelText(/Firmware Version/), '3.1.0');
    await user.upload(within(dialog).getByLabelText('Firmware File'), binFile());
    await user.type(within(dialog).getByLabelText('Firmware File MD5 Value'), MD5);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Version 3.1.0 already exists');
    expect(screen.getByRole('dialog', { name: 'Firmware' })).toBeInTheDocument();
    expect(notifications()).toContainEqual({ messageType: 'error', message: 'Version 3.1.0 already exists', timer: 4000 });
  });

  it('sends an OTA pack as three files with their md5 fields and the MCU version', async () => {
    signInAsAdmin('heat_pump');
    fakeApi({ 'GET /api/ota/get': listReply([]) });
    const uploads = fakeUploads(() => messageReply('Firmware added successfully'));
    renderFirmware('/admin/firmwares?ota_type=multiple');
    await user.click(await screen.findByRole('button', { name: 'Add Firmware' }));
    const dialog = await screen.findByRole('dialog', { name: 'Firmware OTA Pack' });
    await user.type(within(dialog).getByLabelText(/Firmware Version/), '4.0.0');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('MCU version is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please upload the Initial OTA file')).toBeInTheDocument();
    expect(within(dialog).getByText('Please upload the MCU Upgrade 1 file')).toBeInTheDocument();
    expect(within(dialog).getByText('Please upload the MCU Upgrade 2 file')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/MCU Version/), '5.6');
    const md5s = { 'Initial OTA': 'a'.repeat(32), 'MCU Upgrade 1': 'b'.repeat(32), 'MCU Upgrade 2': 'c'.repeat(32) };
    for (const [slot, md5] of Object.entries(md5s)) {
      await user.upload(within(dialog).getByLabelText(slot), binFile(`${slot.replace(/ /g, '_')}.bin`));
      await user.type(within(dialog).getByLabelText(`${slot} MD5 Value`), md5);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const form = uploads[0]!.form;
    expect(form.get('deviceType')).toBe('heat_pump');
    expect(form.get('ota_type')).toBe('multiple');
    expect(form.get('mcu_version')).toBe('5.6');
    expect(form.get('md_5_value')).toBe(md5s['Initial OTA']);
    expect(form.get('md_5_value_mcu56')).toBe(md5s['MCU Upgrade 1']);
    expect(form.get('md_5_value_mcu62')).toBe(md5s['MCU Upgrade 2']);
    expect((form.get('ota_file') as File).name).toBe('Initial_OTA.bin');
    expect((form.get('mcu56') as File).name).toBe('MCU_Upgrade_1.bin');
    expect((form.get('mcu62') as File).name).toBe('MCU_Upgrade_2.bin');
    expect(form.get('file')).toBeNull();
  });

  it('updates with POST /api/ota/update/{id}; a slot left empty keeps its file and sends no md5', async () => {
    fakeApi({ 'GET /api/ota/get': listReply([firmware(5, '1.0.0')]) });
    const uploads = fakeUploads(() => messageReply('Firmware updated successfully'));
    renderFirmware('/admin/firmwares');
    await screen.findByText('fw-1.0.0.bin');
    await user.click(screen.getByRole('button', { name: 'Edit 1.0.0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Firmware' });
    expect(within(dialog).getByLabelText(/Firmware Version/)).toHaveValue('1.0.0');
    expect(within(dialog).getByText(/Current file: fw-1.0.0.bin/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Firmware Version/));
    await user.type(within(dialog).getByLabelText(/Firmware Version/), '1.0.1');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.url).toMatch(/\/api\/ota\/update\/5$/);
    expect(uploads[0]!.form.get('version')).toBe('1.0.1');
    expect(uploads[0]!.form.has('file')).toBe(false);
    expect(uploads[0]!.form.has('md_5_value')).toBe(false);
  });
});
