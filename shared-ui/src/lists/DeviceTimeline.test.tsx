// The device timeline's list (issue 23): each kind's entry with its icon, time and who made it, the kind
// filter in the list's own query, paging from the list state, and its texts in Hindi.
import { MemoryRouter, useLocation } from '@fleet/shared-api';
import { formatDateTime } from '@fleet/shared-api/dates';
import { useListState, type TimelineEntry } from '@fleet/shared-api/lists';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { act } from 'react';
import { renderWithUi } from '../test-utils';
import type { ListResult } from './PagedTable';
import { DeviceTimeline } from './DeviceTimeline';
import { DeviceTimelineTabs } from './DeviceTimelineTabs';

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
  return <DeviceTimeline list={list} result={{ ...answered, data: { data: ENTRIES, total } }} />;
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
        <DeviceTimelineTabs details="the facts" timeline={timeline} />
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
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('the facts');
    expect(timeline).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'Timeline' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('the timeline');
    expect(screen.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('url')).toHaveTextContent('?tab=timeline');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('the facts');
    expect(screen.getByLabelText('url')).toHaveTextContent(/^$/);
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
