import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FaultRecord } from '../api/faults';
import { callsTo, currentUrl, fakeApi, fakeLiveSocket, filterOf, firstThen, inHindi, lastCall, listReply, notifications, renderHeatPump, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

function fault(id: number, extra: Partial<FaultRecord> = {}): FaultRecord {
  return {
    id,
    device_id: 100 + id,
    device_history_id: null,
    fault_code: 'E96',
    fault_description: 'something else',
    history_datetime: '2026-11-20T08:30:00.000Z',
    fault_status: 0,
    agent: null,
    job_comments: null,
    resolved_at: null,
    related_history: [{ fault_code: 'E96', fault_description: null, last_record: '2026-11-20T08:30:00.000Z', count: 1 }],
    heatpump: {
      serial_number: `20000000010${id}`,
      mac_address: null,
      is_online: 1,
      device_operation_status: 1,
      heat_pump_model: { model_name: 'HP-270' },
      customer: { email: 'kim@example.test' },
    },
    ...extra,
  };
}

const TWO_CODES = fault(2, {
  fault_code: 'E01',
  fault_description: 'High Pressure Protection',
  related_history: [
    { fault_code: 'E01', fault_description: 'High Pressure Protection', last_record: '2026-11-21T09:00:00.000Z', count: 2 },
    { fault_code: 'E98', fault_description: null, last_record: '2026-11-02T09:00:00.000Z', count: 1 },
  ],
});

/** Admin's Attention list with two faults shown, and the live socket it listens on. */
async function openAdminAttentionLive() {
  signInAs('Admin');
  const calls = fakeApi({ 'GET /api/heat-pump/faults': listReply([fault(1), TWO_CODES], 2) });
  renderHeatPump('/admin/heat_pump/faulty-systems');
  const table = await screen.findByRole('table', { name: 'Attention [Heat Pump]' });
  await within(table).findByText('200000000101');
  return { calls, table, live: fakeLiveSocket() };
}

beforeEach(resetPage);

describe('Attention [Heat Pump]', () => {
  it("shows the spec's columns, E96's long text, Wi-Fi and operation badges, and the UnResolved tab by default", async () => {
    signInAs('Admin');
    const calls = fakeApi({ 'GET /api/heat-pump/faults': listReply([fault(1), TWO_CODES], 2) });
    renderHeatPump('/admin/heat_pump/faulty-systems');
    const table = await screen.findByRole('table', { name: 'Attention [Heat Pump]' });
    await within(table).findByText('200000000101');
    const headers = () => within(table).getAllByRole('columnheader').map((h) => h.textContent);
    // the first column is the rows' checkboxes (UnResolved only); Model Number and Customer Email are in
    // the Columns chooser, so that the list and its actions fit 1280 px (issue 20)
    expect(headers()).toEqual([
      '',
      'Fault Devices SNo.',
      'Latest Fault Code',
      'Device Wi-Fi Status',
      'Device Operation Status',
      'Last Error Record',
      'Status',
      'Action',
    ]);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Model Number' }));
    await user.click(screen.getByRole('checkbox', { name: 'Customer Email' }));
    expect(headers()).toEqual([
      '',
      'Fault Devices SNo.',
      'Model Number',
      'Latest Fault Code',
      'Device Wi-Fi Status',
      'Device Operation Status',
      'Customer Email',
      'Last Error Record',
      'Status',
      'Action',
    ]);
    expect(within(table).getAllByText('Communication Failure Compressor Driver Board-Main Board').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Online')[0]?.closest('[data-tone]')).toHaveAttribute('data-tone', 'green');
    expect(within(table).getAllByText('In Progress')[0]?.closest('[data-tone]')).toHaveAttribute('data-tone', 'yellow');
    expect(screen.getByRole('tab', { name: 'UnResolved' })).toHaveAttribute('aria-selected', 'true');
    expect(filterOf(lastCall(calls, 'GET', '/api/heat-pump/faults'))).toEqual([{ key: 'fault_status', value: '0', type: 'single' }]);
  });

  it('describes faults by their code in the page language; a code the console does not know keeps the server\'s words', async () => {
    signInAs('Admin');
    fakeApi({
      'GET /api/heat-pump/faults': listReply([fault(1), TWO_CODES, fault(3, { fault_code: 'X77', fault_description: 'Vendor specific fault' })], 3),
    });
    await inHindi(async () => {
      renderHeatPump('/admin/heat_pump/faulty-systems');
      const table = await screen.findByRole('table', { name: 'ध्यान दें [हीट पंप]' });
      await within(table).findByText('200000000101');
      expect(within(table).getAllByText('संचार विफलता: कंप्रेसर ड्राइवर बोर्ड-मुख्य बोर्ड').length).toBeGreaterThan(0);
      expect(within(table).getAllByText('उच्च दबाव सुरक्षा').length).toBeGreaterThan(0);
      expect(within(table).queryByText('High Pressure Protection')).toBeNull();
      expect(within(table).getAllByText('Vendor specific fault').length).toBeGreaterThan(0);
    });
  });

  it('expands a row with more than one fault code, keeps it open in the URL, and closes it again', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/heat-pump/faults': listReply([fault(1), TWO_CODES], 2) });
    const view = renderHeatPump('/admin/heat_pump/faulty-systems');
    await screen.findByText('200000000102');
    // one code only: nothing to expand
    expect(screen.queryByRole('button', { name: 'Show the faults of 200000000101' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show the faults of 200000000102' }));
    const related = await screen.findByRole('table', { name: 'Faults of 200000000102' });
    expect(within(related).getByText('E98')).toBeInTheDocument();
    expect(within(related).getByText('Fan Driver Board-Main Board')).toBeInTheDocument();
    expect(new URL(currentUrl(view), 'http://x').searchParams.get('openAcc')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Hide the faults of 200000000102' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Faults of 200000000102' })).toBeNull());
  });

  it('a tab change resets the filters, sets fault_status, page 1 and limit 25', async () => {
    signInAs('Agency');
    const calls = fakeApi({ 'GET /api/heat-pump/faults': listReply([fault(1)], 80) });
    const view = renderHeatPump('/agency/heat_pump/faulty-systems?fault_status=0&fault_code=E96&page=3&limit=50');
    await screen.findByText('200000000101');
    await user.click(screen.getByRole('tab', { name: 'Resolved' }));
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/heat-pump/faults'))).toEqual([{ key: 'fault_status', value: '1', type: 'single' }]));
    const last = lastCall(calls, 'GET', '/api/heat-pump/faults');
    expect(last.query.get('page')).toBe('1');
    expect(last.query.get('limit')).toBe('25');
    expect(new URL(currentUrl(view), 'http://x').searchParams.get('fault_code')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Resolved' })).toHaveAttribute('aria-selected', 'true');
  });

  it('Resolve Fault: Agent is required, comments of 500 characters are refused by the input, nothing is sent until valid', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/heat-pump/faults': listReply([fault(1)]),
      'PUT /api/heat-pump/faults/1/resolve': { body: { status: true, message: 'Fault resolved successfully', info: { faults: 1, devices: 1, resolution_id: 4 } } },
    });
    renderHeatPump('/admin/heat_pump/faulty-systems');
    await user.click(await screen.findByRole('button', { name: 'Resolve the fault of 200000000101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Fault' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByText('Agent is required')).toBeInTheDocument();
    const comments = within(dialog).getByLabelText('Job Comments');
    expect(comments).toHaveAttribute('maxLength', '500');
    await user.click(comments);
    await user.paste('x'.repeat(500));
    await user.type(within(dialog).getByLabelText(/Agent/), 'Sam Field');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByText('Please enter less than 500 characters')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/api/heat-pump/faults/1/resolve')).toHaveLength(0);
    await user.clear(comments);
    await user.type(comments, 'Replaced the fan board');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(lastCall(calls, 'PUT', '/api/heat-pump/faults/1/resolve').body).toEqual({ agent: 'Sam Field', job_comments: 'Replaced the fan board' }));
    await waitFor(() => expect(notifications()).toContainEqual({ messageType: 'success', message: 'Fault resolved successfully', timer: 4000 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resolve Fault' })).toBeNull());
    // the list is read again
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/heat-pump/faults').length).toBeGreaterThan(1));
  });

  it("a refusal stays in the dialog with the input kept; a resolved row's Yes is disabled", async () => {
    signInAs('sm');
    fakeApi({
      'GET /api/heat-pump/faults': listReply([fault(1), fault(3, { fault_status: 1, agent: 'Lee', job_comments: 'Reset' })]),
      'PUT /api/heat-pump/faults/1/resolve': { status: 409, body: { status: false, message: 'This fault is already resolved' } },
    });
    renderHeatPump('/sitemanager/faulty-systems');
    await user.click(await screen.findByRole('button', { name: 'Resolve the fault of 200000000101' }));
    let dialog = await screen.findByRole('dialog', { name: 'Resolve Fault' });
    await user.type(within(dialog).getByLabelText(/Agent/), 'Sam');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This fault is already resolved');
    expect(within(dialog).getByLabelText(/Agent/)).toHaveValue('Sam');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Resolve the fault of 200000000103' }));
    dialog = await screen.findByRole('dialog', { name: 'Resolve Fault' });
    expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeDisabled();
    expect(within(dialog).getByLabelText(/Agent/)).toHaveValue('Lee');
  });

  it('resolves the ticked rows, or every row of the filter, as one job', async () => {
    signInAs('mscc');
    const calls = fakeApi({
      'GET /api/heat-pump/faults': listReply([fault(1), fault(2)], 60),
      'POST /api/heat-pump/faults/resolve': { body: { status: true, message: '3 faults of 2 heat pumps resolved', info: { faults: 3, devices: 2, resolution_id: 9 } } },
    });
    renderHeatPump('/multisite/faulty-systems?fault_status=0&fault_code=E96');
    await screen.findByText('200000000101');
    await user.click(screen.getByRole('checkbox', { name: '200000000101' }));
    await user.click(screen.getByRole('button', { name: 'Resolve selected (1)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Resolve 1 faulty systems' });
    await user.type(within(dialog).getByLabelText(/Agent/), 'Night shift');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(lastCall(calls, 'POST', '/api/heat-pump/faults/resolve').body).toEqual({ agent: 'Night shift', job_comments: '', fault_ids: [1] }));
    await waitFor(() => expect(notifications()).toContainEqual({ messageType: 'success', message: '3 faults of 2 heat pumps resolved', timer: 4000 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select All 60 Devices' }));
    await user.click(screen.getByRole('button', { name: 'Resolve all 60 matching' }));
    dialog = await screen.findByRole('dialog', { name: 'Resolve 60 faulty systems' });
    await user.type(within(dialog).getByLabelText(/Agent/), 'Night shift');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/heat-pump/faults/resolve')).toHaveLength(2));
    const sent = lastCall(calls, 'POST', '/api/heat-pump/faults/resolve').body as { all: boolean; filter: string };
    expect(sent.all).toBe(true);
    expect(JSON.parse(sent.filter)).toEqual(
      expect.arrayContaining([
        { key: 'fault_status', value: '0', type: 'single' },
        { key: 'fault_code', value: 'E96', type: 'single' },
      ]),
    );
  });

  it('live: a work state changes the row in place, a new fault raises the Fault Alert, whose click reads the list again; a reconnect reads it again too', async () => {
    const { calls, table, live } = await openAdminAttentionLive();
    const row = () => within(table).getByText('200000000101').closest('tr') as HTMLElement;
    expect(within(row()).getByText('In Progress')).toBeInTheDocument();
    live.send([101, 2], { device: { id: 101, mac_address: null, is_online: 0 } });
    await waitFor(() => expect(within(row()).getByText('Completed').closest('[data-tone]')).toHaveAttribute('data-tone', 'green'));
    expect(within(row()).getByText('Offline')).toBeInTheDocument();
    // another heat pump's state leaves this row alone
    live.send([999, 0]);
    expect(within(row()).getByText('Completed')).toBeInTheDocument();
    expect(screen.queryByText('Fault Alert')).toBeNull();
    const before = callsTo(calls, 'GET', '/api/heat-pump/faults').length;
    live.send({ fault: { id: 77, device_id: 5, fault_code: 'E98' } }, { dashboard: { faulty_count: 3 } });
    const banner = await screen.findByRole('button', { name: /Fault Alert/ });
    expect(banner).toHaveTextContent('A new heat pump fault is received. Please click here to review it.');
    await user.click(banner);
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/heat-pump/faults').length).toBe(before + 1));
    await waitFor(() => expect(screen.queryByText('Fault Alert')).toBeNull());
    await live.reconnect();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/heat-pump/faults').length).toBe(before + 2));
  });

  // issue 20, item 13: another console's writes reach this list
  it('a fault resolved on another console leaves the UnResolved list at once; ticked rows, filters and page stay; a burst of resolves is one re-read', async () => {
    signInAs('mscc');
    const calls = fakeApi({
      'GET /api/heat-pump/faults': firstThen(listReply([fault(1), fault(2), fault(3)], 60), listReply([fault(2), fault(3), fault(4)], 58)),
    });
    const view = renderHeatPump('/multisite/faulty-systems?fault_status=0&fault_code=E96&page=2');
    const table = await screen.findByRole('table', { name: 'Attention [Heat Pump]' });
    await within(table).findByText('200000000101');
    await user.click(screen.getByRole('checkbox', { name: '200000000101' }));
    await user.click(screen.getByRole('checkbox', { name: '200000000102' }));
    expect(screen.getByRole('button', { name: 'Resolve selected (2)' })).toBeInTheDocument();
    const live = fakeLiveSocket();
    const url = currentUrl(view);
    const before = callsTo(calls, 'GET', '/api/heat-pump/faults').length;

    live.send({ resolved: { device_id: 101, fault_ids: [1], fault_code: null, resolution_id: 5 } });
    // the row goes before anything is read again, and with it its tick
    await waitFor(() => expect(within(table).queryByText('200000000101')).toBeNull());
    expect(screen.getByText(/ of 59$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resolve selected (1)' })).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/heat-pump/faults')).toHaveLength(before);

    // a hundred heat pumps resolved elsewhere (another page's rows): one re-read of the page shown
    live.send(...Array.from({ length: 100 }, (_, i) => ({ resolved: { device_id: 1000 + i, fault_ids: [1000 + i], fault_code: null, resolution_id: 6 } })));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/heat-pump/faults')).toHaveLength(before + 1));
    await within(table).findByText('200000000104');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(callsTo(calls, 'GET', '/api/heat-pump/faults')).toHaveLength(before + 1);
    const reread = lastCall(calls, 'GET', '/api/heat-pump/faults');
    expect(reread.query.get('page')).toBe('2');
    expect(filterOf(reread)).toEqual(expect.arrayContaining([{ key: 'fault_code', value: 'E96', type: 'single' }]));
    expect(currentUrl(view)).toBe(url);
    expect(screen.getByRole('checkbox', { name: '200000000102' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Resolve selected (1)' })).toBeInTheDocument();
    // a resolve's recount is no new fault
    expect(screen.queryByText('Fault Alert')).toBeNull();
  });

  it("a resolve that leaves a newer fault open keeps the row and reads it again; the recount after resolves and moves raises no Fault Alert; a heat pump leaving the slice is read again", async () => {
    const { calls, table, live } = await openAdminAttentionLive();
    const before = callsTo(calls, 'GET', '/api/heat-pump/faults').length;
    live.send({ resolved: { device_id: 101, fault_ids: [1], fault_code: 'E98', resolution_id: 5 } }, { dashboard: { faulty_count: 2 } });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/heat-pump/faults')).toHaveLength(before + 1));
    expect(within(table).getByText('200000000101')).toBeInTheDocument();
    live.send({ moved: { device_id: 102, slice: 'left' } }, { dashboard: { faulty_count: 1 } });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/heat-pump/faults')).toHaveLength(before + 2));
    expect(screen.queryByText('Fault Alert')).toBeNull();
    // a new fault still raises it
    live.send({ fault: { id: 78, device_id: 103, fault_code: 'E01' } }, { dashboard: { faulty_count: 2 } });
    expect(await screen.findByRole('button', { name: /Fault Alert/ })).toBeInTheDocument();
  });

  it('the Resolved tab reads itself again when a fault is resolved elsewhere', async () => {
    signInAs('sm');
    const calls = fakeApi({ 'GET /api/heat-pump/faults': listReply([fault(1, { fault_status: 1, agent: 'Lee' })], 1) });
    renderHeatPump('/sitemanager/faulty-systems?fault_status=1');
    await screen.findByText('200000000101');
    const live = fakeLiveSocket();
    const before = callsTo(calls, 'GET', '/api/heat-pump/faults').length;
    live.send({ resolved: { device_id: 105, fault_ids: [9], fault_code: null, resolution_id: 7 } });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/heat-pump/faults')).toHaveLength(before + 1));
    expect(filterOf(lastCall(calls, 'GET', '/api/heat-pump/faults'))).toEqual([{ key: 'fault_status', value: '1', type: 'single' }]);
    expect(screen.getByText('200000000101')).toBeInTheDocument();
  });
});
