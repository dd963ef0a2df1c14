import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { decodeFilter } from '../filters/filter-codec';
import { useListState } from './useListState';
import type { ListStateOptions } from './list-state';

function renderListState(url: string, options?: ListStateOptions) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(
    () => {
      const list = useListState(options);
      const location = useLocation();
      return { list, search: new URLSearchParams(location.search) };
    },
    { wrapper },
  );
}

test('restores state from the URL on load', () => {
  const { result } = renderListState('/admin/customers?status[]=Pending&status[]=Deleted&email=x%40y.z&page=2&limit=50&isOpen=true');
  expect(result.current.list.state).toEqual({
    page: 2,
    limit: 50,
    orderBy: 'desc',
    sortBy: 'created_at',
    filters: { status: ['Pending', 'Deleted'], email: 'x@y.z' },
    isOpen: true,
  });
});

test('invalid query values fall back to defaults', () => {
  const { result } = renderListState('/admin/customers?page=0&limit=7');
  expect(result.current.list.state).toMatchObject({ page: 1, limit: 25 });
});

test('setPage writes the page into the URL', () => {
  const { result } = renderListState('/admin/firmwares');
  act(() => result.current.list.setPage(3));
  expect(result.current.list.state.page).toBe(3);
  expect(result.current.search.get('page')).toBe('3');
});

test('setLimit goes back to page 1 sorted by created_at descending', () => {
  const { result } = renderListState('/admin/firmwares?page=4&sortBy=version&orderBy=asc');
  act(() => result.current.list.setLimit(100));
  expect(result.current.list.state).toMatchObject({ page: 1, limit: 100, sortBy: 'created_at', orderBy: 'desc' });
});

test('toggleSort flips asc/desc on each click', () => {
  const { result } = renderListState('/admin/firmwares');
  act(() => result.current.list.toggleSort('version'));
  expect(result.current.list.state).toMatchObject({ sortBy: 'version', orderBy: 'asc' });
  act(() => result.current.list.toggleSort('version'));
  expect(result.current.list.state).toMatchObject({ sortBy: 'version', orderBy: 'desc' });
});

test('applyFilters goes to page 1 with bracket arrays; clearFilters empties them', () => {
  const { result } = renderListState('/admin/customers?page=5&tab=1', { filterKeys: ['email', 'status'] });
  act(() => result.current.list.applyFilters({ email: 'a@b.co', status: ['Pending', 'Completed'] }));
  expect(result.current.list.state).toMatchObject({ page: 1, filters: { email: 'a@b.co', status: ['Pending', 'Completed'] } });
  expect(result.current.search.getAll('status[]')).toEqual(['Pending', 'Completed']);
  expect(result.current.search.get('tab')).toBe('1');
  expect(decodeFilter(result.current.list.toQuery().filter)).toEqual([
    { key: 'email', value: 'a@b.co', type: 'single' },
    { key: 'status', value: ['Pending', 'Completed'], type: 'multi' },
  ]);

  act(() => result.current.list.clearFilters());
  expect(result.current.list.state.filters).toEqual({});
  expect(result.current.search.has('email')).toBe(false);
  expect(result.current.list.toQuery()).toEqual({ page: 1, limit: 25, orderBy: 'desc', sortBy: 'created_at' });
});

test('page changes are history entries; opening the drawer is not', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/admin/rules']}>{children}</MemoryRouter>
  );
  const { result } = renderHook(
    () => ({ list: useListState(), navigate: useNavigate() }),
    { wrapper },
  );
  act(() => result.current.list.setPage(2));
  act(() => result.current.list.setOpen(true));
  act(() => result.current.navigate(-1));
  expect(result.current.list.state).toMatchObject({ page: 1, isOpen: false });
});

test('setOpen keeps the drawer flag in the URL', () => {
  const { result } = renderListState('/admin/rules');
  act(() => result.current.list.setOpen(true));
  expect(result.current.search.get('isOpen')).toBe('true');
  expect(result.current.list.state.isOpen).toBe(true);
  act(() => result.current.list.setOpen(false));
  expect(result.current.search.has('isOpen')).toBe(false);
});

test('state is stable between renders while the URL does not change', () => {
  const { result, rerender } = renderListState('/admin/rules?page=2', { defaults: { limit: 50 } });
  const first = result.current.list.state;
  rerender();
  expect(result.current.list.state).toBe(first);
});

test('applyAndClose writes the filters on page 1 and closes the drawer in one navigation', () => {
  const { result } = renderListState('/admin/rules?page=3&isOpen=true', { filterKeys: ['name'] });
  act(() => result.current.list.applyAndClose({ name: 'Kitchen' }));
  expect(result.current.list.state).toMatchObject({ page: 1, isOpen: false, filters: { name: 'Kitchen' } });
  expect(result.current.search.get('name')).toBe('Kitchen');
});

test('setParam changes a parameter beside the list state and starts again on page 1', () => {
  const { result } = renderListState('/admin/firmwares?page=4&deviceType=ihd');
  act(() => result.current.list.setParam('deviceType', 'heatpump'));
  expect(result.current.search.get('deviceType')).toBe('heatpump');
  expect(result.current.list.state.page).toBe(1);
  act(() => result.current.list.setParam('deviceType', null));
  expect(result.current.search.has('deviceType')).toBe(false);
});

test('resetToFirstPage keeps the filters and sorts by created_at descending', () => {
  const { result } = renderListState('/admin/groups?page=2&sortBy=name&orderBy=asc&name=Pilot', { filterKeys: ['name'] });
  act(() => result.current.list.resetToFirstPage());
  expect(result.current.list.state).toMatchObject({ page: 1, sortBy: 'created_at', orderBy: 'desc', filters: { name: 'Pilot' } });
});

test('startOver replaces the filters on page 1 with the default size and sort (a tab change)', () => {
  const { result } = renderListState('/admin/heat_pump/faulty-systems?fault_status=0&fault_code=E96&page=3&limit=100&sortBy=email&orderBy=asc', {
    filterKeys: ['fault_status', 'fault_code'],
  });
  act(() => result.current.list.startOver({ fault_status: '1' }));
  expect(result.current.list.state).toEqual({ page: 1, limit: 25, sortBy: 'created_at', orderBy: 'desc', filters: { fault_status: '1' }, isOpen: false });
  expect(result.current.search.get('fault_code')).toBeNull();
});

test('setFlag keeps a screen flag beside the list without moving page or filters', () => {
  const { result } = renderListState('/admin/heat_pump/faulty-systems?fault_status=0&page=2', { filterKeys: ['fault_status'] });
  act(() => result.current.list.setFlag('openAcc', '12,14'));
  expect(result.current.search.get('openAcc')).toBe('12,14');
  expect(result.current.list.state).toMatchObject({ page: 2, filters: { fault_status: '0' } });
  act(() => result.current.list.setFlag('openAcc', null));
  expect(result.current.search.has('openAcc')).toBe(false);
});

test('clearFilter drops exactly that filter, on page 1, in one navigation; the rest stays', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/admin/heat_pump/devices?serial_number=AB12&device_status[]=Active&device_status[]=Replaced&page=3&tab=1']}>
      {children}
    </MemoryRouter>
  );
  const { result } = renderHook(
    () => {
      const list = useListState({ filterKeys: ['serial_number', 'device_status'] });
      const location = useLocation();
      return { list, search: new URLSearchParams(location.search), navigate: useNavigate() };
    },
    { wrapper },
  );
  act(() => result.current.list.clearFilter('device_status'));
  expect(result.current.list.state).toMatchObject({ page: 1, filters: { serial_number: 'AB12' } });
  expect(result.current.search.getAll('device_status[]')).toEqual([]);
  expect(result.current.search.get('tab')).toBe('1');
  // one history entry: back is the list as it was
  act(() => result.current.navigate(-1));
  expect(result.current.list.state).toMatchObject({ page: 3, filters: { serial_number: 'AB12', device_status: ['Active', 'Replaced'] } });
});

describe('a list inside a page (inPage)', () => {
  const PAGE_URL = '/admin/electrician/view/7?page=2&limit=50&sortBy=name&orderBy=asc&tab=devices';

  function renderInPage(options: ListStateOptions) {
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[PAGE_URL]}>{children}</MemoryRouter>;
    return renderHook(
      () => {
        const list = useListState({ ...options, inPage: true });
        const location = useLocation();
        return { list, url: `${location.pathname}${location.search}` };
      },
      { wrapper },
    );
  }

  test('starts from its own defaults, not from the page URL', () => {
    const { result } = renderInPage({ defaults: { sortBy: 'id', orderBy: 'asc' } });
    expect(result.current.list.state).toEqual({ page: 1, limit: 25, sortBy: 'id', orderBy: 'asc', filters: {}, isOpen: false });
    expect(result.current.list.inPage).toBe(true);
  });

  test('page, sort and size change its own state and leave the URL alone', () => {
    const { result } = renderInPage({});
    act(() => result.current.list.setPage(3));
    expect(result.current.list.state.page).toBe(3);
    act(() => result.current.list.toggleSort('email'));
    expect(result.current.list.state).toMatchObject({ sortBy: 'email', orderBy: 'asc', page: 1 });
    act(() => result.current.list.setPage(2));
    act(() => result.current.list.setLimit(100));
    expect(result.current.list.toQuery()).toEqual({ page: 1, limit: 100, sortBy: 'email', orderBy: 'asc' });
    expect(result.current.url).toBe(PAGE_URL);
  });

  test('a header click goes back to page 1 and flips the order on each click, as in the URL', () => {
    const { result } = renderInPage({});
    act(() => result.current.list.setPage(4));
    act(() => result.current.list.toggleSort('name'));
    expect(result.current.list.state).toMatchObject({ page: 1, sortBy: 'name', orderBy: 'asc' });
    act(() => result.current.list.setPage(2));
    act(() => result.current.list.toggleSort('name'));
    expect(result.current.list.state).toMatchObject({ page: 1, sortBy: 'name', orderBy: 'desc' });
  });

  test('filters apply on page 1 and go into the call, not into the URL', () => {
    const { result } = renderInPage({ defaults: { filters: { from: '2026-11-01' } } });
    expect(result.current.list.state.filters).toEqual({ from: '2026-11-01' });
    act(() => result.current.list.setPage(5));
    act(() => result.current.list.applyFilters({ installed_via: 'console' }));
    expect(result.current.list.state).toMatchObject({ page: 1, filters: { installed_via: 'console' } });
    expect(decodeFilter(result.current.list.toQuery().filter)).toEqual([{ key: 'installed_via', value: 'console', type: 'single' }]);
    act(() => result.current.list.clearFilters());
    expect(result.current.list.toQuery().filter).toBeUndefined();
    expect(result.current.url).toBe(PAGE_URL);
  });

  test("the page's own list state and navigation do not move it", () => {
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/admin/OTA_History?page=2']}>{children}</MemoryRouter>;
    const { result } = renderHook(() => ({ page: useListState(), dialog: useListState({ inPage: true }), navigate: useNavigate() }), { wrapper });
    act(() => result.current.dialog.setPage(3));
    act(() => result.current.page.setPage(4));
    expect(result.current.dialog.state.page).toBe(3);
    expect(result.current.page.state.page).toBe(4);
    act(() => result.current.navigate(-1));
    expect(result.current.page.state.page).toBe(2);
    expect(result.current.dialog.state.page).toBe(3);
  });

  test('state is stable between renders while nothing changes', () => {
    const { result, rerender } = renderInPage({ defaults: { limit: 50 } });
    const first = result.current.list.state;
    rerender();
    expect(result.current.list.state).toBe(first);
  });
});
