import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TariffInfo, TariffRow } from '../api/tariffs';
import { callsTo, fakeApi, filterOf, lastCall, listReply, messageReply, openDialog, press, refusedReply, renderOrganisations, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
beforeEach(resetPage);

const ROWS: TariffRow[] = [
  { id: 5, company_name: 'Harbour Grid', post_codes: '2995,2996', post_code_count: 2, types: ['Flat Rate', 'Time of Use'], properties: 1, created_at: '2026-01-02T00:00:00.000Z' },
  { id: 6, company_name: 'Quiet Networks', post_codes: '3995', post_code_count: 1, types: ['Flat Rate'], properties: 0, created_at: '2025-01-02T00:00:00.000Z' },
];

const empty = { peak: [], offPeak: [], shoulder: [], other: [] };
const slot = (startTime: string, endTime: string, name: string, id: number) => ({ startTime, endTime, name, weekDestributionId: id });
const WEEKDAY = {
  ...empty,
  peak: [slot('14:00', '20:00', 'Peak', 1)],
  shoulder: [slot('07:00', '14:00', 'Shoulder', 2), slot('20:00', '22:00', '', 3)],
  offPeak: [slot('22:00', '07:00', 'Off Peak', 4)],
};
const INFO: TariffInfo = {
  id: 5,
  company: 'Harbour Grid',
  postCode: '2995,2996',
  properties: 1,
  created_at: '2026-01-02T00:00:00.000Z',
  typeTarrif: [
    { structureId: 11, type: 'Flat Rate', flatRate: true, properties: 0, season: [] },
    { structureId: 12, type: 'Time of Use', flatRate: false, properties: 1, season: [{ season_id: 1, from: '2026-01-01', to: '2026-12-31', same_as_weekdays: 1, weekdays: WEEKDAY, weekends: WEEKDAY }] },
  ],
};

/** Date and time inputs take their value as the browser gives it (YYYY-MM-DD, HH:mm). */
function setValue(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

function csv(text: string, name = 'codes.csv'): File {
  return new File([text], name, { type: 'text/csv' });
}

const typeGroup = (n: number) => screen.getByRole('group', { name: `Tariff Type ${n}` });

async function addSlot(scope: HTMLElement, day: string, kind: string, start: string, end: string, name: string) {
  const kindGroup = within(scope).getByRole('group', { name: `${day}: ${kind}` });
  await user.click(within(kindGroup).getByRole('button', { name: `Add ${kind} slot` }));
  const rows = within(kindGroup).getAllByRole('group', { name: new RegExp(`^${day}: ${kind} slot \\d+$`) });
  const row = rows[rows.length - 1] as HTMLElement;
  setValue(within(row).getByLabelText(/^Start Time/), start);
  setValue(within(row).getByLabelText(/^End Time/), end);
  if (name) await user.type(within(row).getByRole('textbox', { name: 'Name' }), name);
  return row;
}

describe('Tariffs list', () => {
  it('lists the tariffs, filters them in the drawer, opens Add and Edit, and deletes after Yes', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/tarrif/getCompanies': listReply(ROWS),
      'DELETE /api/tarrif/delete/5': refusedReply(409, 'This tariff is the current tariff of 1 property'),
      'DELETE /api/tarrif/delete/6': messageReply('Tariff deleted successfully'),
    });
    const r = renderOrganisations('/admin/tariffs');
    const table = await screen.findByRole('table', { name: 'Tariffs' });
    expect(await within(table).findByText('Harbour Grid')).toBeInTheDocument();
    expect(within(table).getByText('2995, 2996')).toBeInTheDocument();
    expect(within(table).getByText('Flat Rate, Time of Use')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await user.type(within(drawer).getByRole('textbox', { name: 'Post Code' }), '29x95');
    await user.type(within(drawer).getByRole('textbox', { name: 'Type' }), 'Time');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/tarrif/getCompanies'))).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'post_code', value: '2995' }), expect.objectContaining({ key: 'type', value: 'Time' })])));

    const refuse = await openDialog(user, 'Delete Harbour Grid', 'Delete Tariff', table);
    expect(within(refuse).getByText('Are you sure you want to delete the tariff of Harbour Grid?')).toBeInTheDocument();
    await press(user, refuse, 'Yes');
    expect(await within(refuse).findByText('This tariff is the current tariff of 1 property')).toBeInTheDocument();
    await press(user, refuse, 'No');
    await press(user, await openDialog(user, 'Delete Quiet Networks', 'Delete Tariff', table), 'Yes');
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/tarrif/delete/6')).toHaveLength(1));

    await user.click(within(table).getByRole('button', { name: 'Edit Quiet Networks' }));
    await waitFor(() => expect(r.location().pathname).toBe('/admin/tariff/6'));
    expect(new URLSearchParams(r.location().search).get('back')).toMatch(/^\/admin\/tariffs/);
  });
});

describe('Add Tariff', () => {
  it('says every rule of spec 5, keeps what was typed when refused, and sends the tariff', async () => {
    signInAs('Admin');
    let refuse = true;
    const calls = fakeApi({
      'GET /api/tarrif/getCompanies': listReply(ROWS),
      'POST /api/tarrif/create': () =>
        refuse ? refusedReply(409, 'A tariff for this company already exists') : messageReply('Tariff added successfully', { id: 9 }),
    });
    const r = renderOrganisations('/admin/tariff?back=%2Fadmin%2Ftariffs%3Fpage%3D2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Tariff' })).toBeInTheDocument();
    const save = () => user.click(screen.getByRole('button', { name: 'Save' }));

    await save();
    expect(await screen.findByText('Company is required')).toBeInTheDocument();
    expect(screen.getByText('Post Code is required. Please upload valid CSV file.')).toBeInTheDocument();
    expect(screen.getByText('Type is required')).toBeInTheDocument();
    expect(screen.getByText('Start date is required')).toBeInTheDocument();
    expect(screen.getByText('End date is required')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Harbour Grid');
    // a file that is not a list of post codes is refused, in red under the dropzone
    await user.upload(screen.getByTestId('file-input'), csv('2000,Sydney'));
    expect(await screen.findAllByText('Post Code is required. Please upload valid CSV file.')).not.toHaveLength(0);
    await user.upload(screen.getByTestId('file-input'), csv('Post Code\n2995\n2996,2995\n'));
    expect(await screen.findByText('2 post codes: 2995, 2996')).toBeInTheDocument();

    const first = typeGroup(1);
    await user.type(within(first).getByRole('textbox', { name: 'Type' }), 'Time of Use');
    const season = within(first).getByRole('group', { name: 'Season 1' });
    setValue(within(season).getByLabelText(/^From/), '2026-01-01');
    setValue(within(season).getByLabelText(/^To/), '2026-06-30');
    expect(within(season).getByText('181 days')).toBeInTheDocument();
    // a peak without a name, and 18 hours of the day
    await addSlot(season, 'Season 1: Weekdays', 'Peak', '14:00', '20:00', '');
    await addSlot(season, 'Season 1: Weekdays', 'Off-peak', '22:00', '10:00', 'Off Peak');
    await save();
    expect(await within(first).findByText('Season should be of 365 Days')).toBeInTheDocument();
    expect(within(season).getByText('Weekday should be of 24 Hours')).toBeInTheDocument();
    expect(within(season).getByText('Name is required')).toBeInTheDocument();
    expect(within(season).getByText('18:00 of 24 hours')).toBeInTheDocument();

    const peakRow = within(season).getByRole('group', { name: 'Season 1: Weekdays: Peak slot 1' });
    await user.type(within(peakRow).getByRole('textbox', { name: 'Name' }), 'Peak');
    await addSlot(season, 'Season 1: Weekdays', 'Shoulder', '10:00', '14:00', 'Shoulder');
    await addSlot(season, 'Season 1: Weekdays', 'Shoulder', '20:00', '22:00', '');
    await waitFor(() => expect(within(season).queryByText('Weekday should be of 24 Hours')).toBeNull());
    expect(within(season).queryByText('Name is required')).toBeNull();

    // weekends of their own start as the weekdays, and are held to 24 hours too
    await user.click(within(season).getByText('Weekends same as weekdays'));
    const weekendPeak = within(season).getByRole('group', { name: 'Season 1: Weekends: Peak slot 1' });
    expect(within(weekendPeak).getByRole('textbox', { name: 'Name' })).toHaveValue('Peak');
    await user.click(within(weekendPeak).getByRole('button', { name: 'Remove Peak slot 1' }));
    await save();
    expect(await within(season).findByText('Weekend should be of 24 Hours')).toBeInTheDocument();
    await addSlot(season, 'Season 1: Weekends', 'Other', '14:00', '20:00', 'Weekend day');
    await waitFor(() => expect(within(season).queryByText('Weekend should be of 24 Hours')).toBeNull());

    // a second season from the day after, to the end of the year
    await user.click(within(first).getByRole('button', { name: 'Add Season' }));
    const second = within(first).getByRole('group', { name: 'Season 2' });
    expect(within(second).getByLabelText(/^From/)).toHaveValue('2026-07-01');
    setValue(within(second).getByLabelText(/^To/), '2026-12-31');
    await addSlot(second, 'Season 2: Weekdays', 'Off-peak', '00:00', '00:00', 'All day');
    await waitFor(() => expect(within(first).queryByText('Season should be of 365 Days')).toBeNull());

    // two types of one name
    await user.click(screen.getByRole('button', { name: 'Add Tariff Type' }));
    const flat = typeGroup(2);
    await user.type(within(flat).getByRole('textbox', { name: 'Type' }), 'time of use');
    await user.click(within(flat).getByText('Flat Rate'));
    expect(within(flat).queryByRole('group', { name: 'Season 1' })).toBeNull();
    await save();
    expect(await within(flat).findByText('Type cannot be same')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/tarrif/create')).toHaveLength(0);
    await user.clear(within(flat).getByRole('textbox', { name: 'Type' }));
    await user.type(within(flat).getByRole('textbox', { name: 'Type' }), 'Flat Rate');

    // the server's refusal is said, and everything typed stays
    await save();
    expect(await screen.findByText('A tariff for this company already exists', { selector: '[role=alert]' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveValue('Harbour Grid');
    expect(within(typeGroup(1)).getByRole('group', { name: 'Season 2' })).toBeInTheDocument();
    // the first season's weekends keep the weekdays' off-peak and shoulder slots
    const offPeak = [{ startTime: '22:00', endTime: '10:00', name: 'Off Peak' }];
    const shoulder = [
      { startTime: '10:00', endTime: '14:00', name: 'Shoulder' },
      { startTime: '20:00', endTime: '22:00', name: '' },
    ];
    expect(lastCall(calls, 'POST', '/api/tarrif/create').body).toEqual({
      company: 'Harbour Grid',
      postCode: '2995,2996',
      typeTarrif: [
        {
          type: 'Time of Use',
          flatRate: false,
          season: [
            {
              from: '2026-01-01',
              to: '2026-06-30',
              same_as_weekdays: 0,
              weekdays: { peak: [{ startTime: '14:00', endTime: '20:00', name: 'Peak' }], offPeak, shoulder, other: [] },
              weekends: { peak: [], offPeak, shoulder, other: [{ startTime: '14:00', endTime: '20:00', name: 'Weekend day' }] },
            },
            { from: '2026-07-01', to: '2026-12-31', same_as_weekdays: 1, weekdays: { peak: [], offPeak: [{ startTime: '00:00', endTime: '00:00', name: 'All day' }], shoulder: [], other: [] } },
          ],
        },
        { type: 'Flat Rate', flatRate: true, season: [] },
      ],
    });

    refuse = false;
    await save();
    await waitFor(() => expect(r.location().pathname).toBe('/admin/tariffs'));
    expect(r.location().search).toBe('?page=2');
  }, 90_000); // it types every field of spec 5 several times: a minute on a loaded 2-core machine
});

describe('Edit Tariff', () => {
  it('starts from the stored tariff, keeps a type in use, and sends its structures back', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/tarrif/get/5': messageReply('Tariff', INFO),
      'PUT /api/tarrif/edit/5': messageReply('Tariff updated successfully'),
      'GET /api/tarrif/getCompanies': listReply(ROWS),
    });
    const r = renderOrganisations('/admin/tariff/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Tariff' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveValue('Harbour Grid');
    expect(screen.getByText('2 post codes: 2995, 2996')).toBeInTheDocument();
    expect(within(typeGroup(2)).getByText('The current tariff of 1 property: it cannot be removed.')).toBeInTheDocument();
    expect(within(typeGroup(2)).getByRole('button', { name: 'Remove Tariff Type 2' })).toBeDisabled();
    const season = within(typeGroup(2)).getByRole('group', { name: 'Season 1' });
    expect(within(season).getByText('24:00 of 24 hours')).toBeInTheDocument();
    expect(within(season).queryByText('Season 1: Weekends')).toBeNull();

    await user.click(within(typeGroup(1)).getByRole('button', { name: 'Remove Tariff Type 1' }));
    await user.clear(screen.getByRole('textbox', { name: 'Company' }));
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Harbour Grid Networks');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/tarrif/edit/5')).toHaveLength(1));
    const body = lastCall(calls, 'PUT', '/api/tarrif/edit/5').body as { company: string; typeTarrif: Array<{ structureId?: number; type: string; season: Array<{ same_as_weekdays: number; weekends?: unknown }> }> };
    expect(body.company).toBe('Harbour Grid Networks');
    expect(body.typeTarrif.map((t) => [t.structureId, t.type])).toEqual([[12, 'Time of Use']]);
    expect(body.typeTarrif[0]?.season[0]).toMatchObject({ same_as_weekdays: 1 });
    expect(body.typeTarrif[0]?.season[0]?.weekends).toBeUndefined();
    await waitFor(() => expect(r.location().pathname).toBe('/admin/tariffs'));
  });

  it('says when the tariff is not there', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/tarrif/get/77': refusedReply(404, 'Tariff not found') });
    renderOrganisations('/admin/tariff/77');
    expect(await screen.findByText('This tariff does not exist, or was deleted')).toBeInTheDocument();
    renderOrganisations('/admin/tariff/abc');
    expect(await screen.findAllByText('This tariff does not exist, or was deleted')).toHaveLength(2);
  });
});
