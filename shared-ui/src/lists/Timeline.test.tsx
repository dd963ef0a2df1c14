// The timelines' list (issue 23): a device's and a property's entries of each kind with its icon, time and
// who made it, the kind filter in the list's own query, paging from the list state, its texts in Hindi,
// and the Details and Timeline tabs (the tab pattern: arrows, Home and End; the tab in the URL).
import { MemoryRouter, useLocation } from '@fleet/shared-api';
import { formatDateTime } from '@fleet/shared-api/dates';
import { useListState, type PropertyTimelineEntry, type TimelineEntry } from '@fleet/shared-api/lists';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { act } from 'react';
import { renderWithUi } from '../test-utils';
import type { ListResult } from './PagedTable';
import { Timeline as TimelineList } from './Timeline';
import { TimelineTabs } from './TimelineTabs';

const answered: ListResult = { isError: false, isFetching: false, error: null, errorUpdatedAt: 0, refetch: () => Promise.resolve() };
const entry = (e: Partial<TimelineEntry> & Pick<TimelineEntry, 'kind' | 'event' | 'at'>): TimelineEntry => ({
  key: `${e.kind}:${e.event}:${e.at}`,
  subject: null,
  detail: null,
  actor: null,
  changes: [],
  ...e,
});
const ENTRIES: TimelineEntry[] = [
  entry({
    kind: 'edit',
    event: 'update',
    at: '2031-01-01T00:13:00.000Z',
    subject: 'HP-1',
    actor: { id: 9, email: 'someone@elsewhere.test', role: 'Agency', name: 'Elsewhere Agency' },
    changes: [{ field: 'wifi_name', old: 'home', new: 'office' }],
  }),
  entry({ kind: 'fault', event: 'resolved', at: '2031-01-01T00:03:00.000Z', subject: 'E05', detail: 'pump cleaned', actor: { id: 1, email: 'admin@demo.test', role: 'Admin', name: 'Ann Admin' } }),
  entry({ kind: 'connection', event: 'offline', at: '2031-01-01T00:02:00.000Z' }),
  entry({ kind: 'ota', event: 'pushed', at: '2031-01-01T00:01:00.000Z', subject: '9.9.9', detail: '1.0.0' }),
];

const queries: string[] = [];

function Timeline({ total = ENTRIES.length }: { total?: number }) {
  const list = useListState({ inPage: true });
  queries.push(JSON.stringify(list.toQuery()));
  return <TimelineList of="device" list={list} result={{ ...answered, data: { data: ENTRIES, total } }} />;
}

const show = (total?: number) =>
  renderWithUi(
    <MemoryRouter initialEntries={['/admin/devices/view/7']}>
      <Timeline {...(total === undefined ? {} : { total })} />
    </MemoryRouter>,
  );

beforeEach(() => {
  queries.length = 0;
});
afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('a device timeline', () => {
  it('shows each entry with its kind, its local time, what happened and who made it', () => {
    show();
    const table = screen.getByRole('table', { name: 'Timeline' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const [edit, fault, offline, pushed] = rows;
    expect(edit).toHaveTextContent(formatDateTime('2031-01-01T00:13:00.000Z'));
    expect(edit).toHaveTextContent('Change');
    expect(edit).toHaveTextContent('Edited: HP-1');
    expect(edit).toHaveTextContent('wifi_name: home → office');
    expect(edit).toHaveTextContent('someone@elsewhere.test · Elsewhere Agency');
    expect(fault).toHaveTextContent('Fault E05 resolved · pump cleaned');
    expect(fault).toHaveTextContent('admin@demo.test · Ann Admin');
    expect(offline).toHaveTextContent('Offline');
    expect(pushed).toHaveTextContent('Update to 9.9.9 sent (was 1.0.0)');
    // an icon per kind, hidden from screen readers (the kind is its text)
    expect(edit?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('asks for the chosen kind, and all kinds again', async () => {
    show();
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    await userEvent.selectOptions(kind, 'fault');
    expect(JSON.parse(queries.at(-1) ?? '{}')).toMatchObject({ page: 1, filter: JSON.stringify([{ key: 'kind', value: 'fault', type: 'single' }]) });
    await userEvent.selectOptions(kind, '');
    expect(JSON.parse(queries.at(-1) ?? '{}')).not.toHaveProperty('filter');
  });

  it('pages with the list state: the next page is asked for', async () => {
    show(60);
    expect(screen.getByText(/1-25 of 60|1 - 25 of 60/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(JSON.parse(queries.at(-1) ?? '{}')).toMatchObject({ page: 2, limit: 25 });
  });

  it('speaks Hindi', async () => {
    show();
    await act(() => i18next.changeLanguage('hi'));
    expect(screen.getByRole('table', { name: 'समयरेखा' })).toBeInTheDocument();
    expect(screen.getByText('खराबी E05 ठीक हुई · pump cleaned')).toBeInTheDocument();
  });
});

describe('the Details and Timeline tabs', () => {
  function Page({ timeline }: { timeline: () => string }) {
    const location = useLocation();
    return (
      <>
        <TimelineTabs of="device" details="the facts" timeline={timeline} />
        <output aria-label="url">{location.search}</output>
      </>
    );
  }

  it('shows Details first and the timeline only once its tab is chosen, kept in the URL', async () => {
    const timeline = jest.fn(() => 'the timeline');
    renderWithUi(
      <MemoryRouter initialEntries={['/admin/devices/view/7']}>
        <Page timeline={timeline} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('tablist', { name: 'Device views' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('the facts');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', screen.getByRole('tab', { name: 'Details' }).id);
    expect(timeline).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'Timeline' }));
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveTextContent('the timeline'));
    expect(screen.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('url')).toHaveTextContent('?tab=timeline');
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveTextContent('the facts'));
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveFocus();
    expect(screen.getByLabelText('url')).toHaveTextContent(/^$/);
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(screen.getByLabelText('url')).toHaveTextContent('?tab=timeline'));
    expect(screen.getByRole('tab', { name: 'Timeline' })).toHaveFocus();
  });

  it('opens on the timeline from a link that names it', () => {
    renderWithUi(
      <MemoryRouter initialEntries={['/admin/devices/view/7?tab=timeline']}>
        <Page timeline={() => 'the timeline'} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('the timeline');
  });
});

describe('a property timeline', () => {
  const pentry = (e: Partial<PropertyTimelineEntry> & Pick<PropertyTimelineEntry, 'kind' | 'event' | 'at'>): PropertyTimelineEntry => ({
    key: `${e.kind}:${e.event}:${e.at}`,
    subject: null,
    detail: null,
    actor: null,
    changes: [],
    ...e,
  });
  const agency = { id: 3, email: 'agency@demo.test', role: 'Agency', name: 'Sunrise Installers' };
  const PROPERTY_ENTRIES: PropertyTimelineEntry[] = [
    pentry({ kind: 'member', event: 'removed', at: '2031-01-01T00:09:00.000Z', subject: 'leaves@example.com', actor: agency }),
    pentry({ kind: 'tariff', event: 'set', at: '2031-01-01T00:08:00.000Z', subject: 'Flat Rate', detail: 'Origin Energy', actor: agency }),
    pentry({ kind: 'device', event: 'moved_in', at: '2031-01-01T00:07:00.000Z', subject: 'HP-9', changes: [{ field: 'property_id', old: 4, new: 5 }] }),
    pentry({ kind: 'edit', event: 'created', at: '2031-01-01T00:06:00.000Z', subject: 'Home' }),
  ];
  function PropertyTimeline() {
    const list = useListState({ inPage: true });
    return <TimelineList of="property" list={list} result={{ ...answered, data: { data: PROPERTY_ENTRIES, total: PROPERTY_ENTRIES.length } }} />;
  }

  it("shows its kinds' entries and offers its own kinds in the filter", async () => {
    renderWithUi(
      <MemoryRouter initialEntries={['/admin/customer/property/view/5']}>
        <PropertyTimeline />
      </MemoryRouter>,
    );
    const rows = within(screen.getByRole('table', { name: 'Timeline' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Member leaves@example.com removed'),
      expect.stringContaining('Tariff set: Flat Rate · Origin Energy'),
      expect.stringContaining('Device HP-9 moved in'),
      expect.stringContaining('Property Home created'),
    ]);
    expect(rows[0]).toHaveTextContent('agency@demo.test · Sunrise Installers');
    expect(rows[2]).toHaveTextContent('property_id: 4 → 5');
    const options = within(screen.getByRole('combobox', { name: 'Kind' })).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All kinds', 'Member', 'Tariff', 'Device', 'Change']);
    await act(() => i18next.changeLanguage('hi'));
    expect(screen.getByText('सदस्य leaves@example.com हटाया गया')).toBeInTheDocument();
  });
});
