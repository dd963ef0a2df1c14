// Issue 20 item 10: a list shows which filters are on (a chip per filter that clears it) and how many
// (the Filters button's count).
import { MemoryRouter, useLocation } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { renderWithUi } from '../test-utils';
import { ListHeader } from './ListHeader';
import type { FilterFieldDef } from './ListFilters';

const fields: FilterFieldDef[] = [
  { key: 'serial_number', label: 'Serial Number' },
  {
    key: 'device_status',
    label: 'Device Status',
    kind: 'multi',
    options: [
      { value: 'Active', label: 'Active' },
      { value: 'Replaced', label: 'Replaced' },
    ],
  },
  { key: 'connection_type', label: 'Connection Type', kind: 'select', options: [{ value: 'ap', label: 'AP' }] },
  { key: 'installation_date', label: 'Date Installed', kind: 'dateRange' },
];

const navigations: string[] = [];

function DeviceList() {
  const list = useListState({ filterKeys: ['serial_number', 'device_status', 'connection_type', 'installation_date', 'fault_status'] });
  const location = useLocation();
  useEffect(() => {
    navigations.push(location.search);
  }, [location]);
  return (
    <>
      <ListHeader title="Devices" list={list} filters={fields} />
      <output aria-label="query">{location.search}</output>
    </>
  );
}

function renderList(url: string) {
  navigations.length = 0;
  return renderWithUi(
    <MemoryRouter initialEntries={[url]}>
      <DeviceList />
    </MemoryRouter>,
  );
}

const query = () => new URLSearchParams(screen.getByRole('status', { name: 'query' }).textContent ?? '');

describe('filters that are on', () => {
  it('counts them on the Filters button and shows a chip for each', () => {
    renderList(
      '/admin/heat_pump/devices?serial_number=AB12&device_status[]=Active&device_status[]=Replaced&connection_type=ap&installation_date[]=01-01-2025&installation_date[]=31-01-2025&fault_status=0&page=3',
    );
    // the name is the visible text, the count a word of its own (WCAG 2.5.3, label in name: axe
    // label-content-name-mismatch found 'Filters (4)' named over the visible 'Filters' '4')
    const button = screen.getByRole('button', { name: 'Filters 4' });
    expect(button.textContent?.trim().split(/\s+/)).toEqual(['Filters', '4']);
    const chips = screen.getByRole('group', { name: 'Filters on' });
    expect(within(chips).getAllByRole('button').map((chip) => chip.getAttribute('aria-label'))).toEqual([
      'Clear the filter Serial Number: AB12',
      'Clear the filter Device Status: Active, Replaced',
      'Clear the filter Connection Type: AP',
      'Clear the filter Date Installed: 01-01-2025 - 31-01-2025',
    ]);
    // a filter that is not a field of the drawer (a tab's) has no chip and is not counted
    expect(within(chips).queryByText(/fault_status/)).toBeNull();
  });

  it('a chip clears exactly its filter in the URL, on page 1, in one navigation', async () => {
    renderList('/admin/heat_pump/devices?serial_number=AB12&device_status[]=Active&device_status[]=Replaced&page=3&sortBy=serial_number&orderBy=asc');
    expect(navigations).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filter Device Status: Active, Replaced' }));
    expect(navigations).toHaveLength(2);
    expect(query().getAll('device_status[]')).toEqual([]);
    expect(query().get('serial_number')).toBe('AB12');
    expect(query().get('page')).toBe('1');
    expect(query().get('sortBy')).toBe('serial_number');
    expect(screen.getByRole('button', { name: 'Filters 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Device Status/ })).toBeNull();
  });

  it('with no filter on: the button reads Filters, and no chips', () => {
    renderList('/admin/heat_pump/devices?page=2');
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filters on' })).toBeNull();
  });

  it('keeps the list\'s own label on the button (Search on Rules) with the count', () => {
    navigations.length = 0;
    function Rules() {
      const list = useListState({ filterKeys: ['name'] });
      return <ListHeader title="Rules" list={list} filters={[{ key: 'name', label: 'Rule Name' }]} filtersLabel="Search" />;
    }
    renderWithUi(
      <MemoryRouter initialEntries={['/admin/rules?name=Kitchen']}>
        <Rules />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Search 1' })).toBeInTheDocument();
  });
});
