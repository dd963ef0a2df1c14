import { decodeFilter } from '../filters/filter-codec';
import { DEFAULT_LIST_STATE, listQuery, mergeListState, parseListState, serializeListState } from './list-state';

describe('parseListState', () => {
  test('an empty query gives the defaults: page 1, limit 25, desc, created_at', () => {
    expect(parseListState(new URLSearchParams())).toEqual({
      page: 1,
      limit: 25,
      orderBy: 'desc',
      sortBy: 'created_at',
      filters: {},
      isOpen: false,
    });
  });

  test('restores page, limit, sort, the drawer flag and filters with bracket arrays', () => {
    const params = new URLSearchParams('email=a%40b.co&status[]=Pending&status[]=Deleted&page=3&limit=50&sortBy=email&orderBy=asc&isOpen=true');
    expect(parseListState(params)).toEqual({
      page: 3,
      limit: 50,
      orderBy: 'asc',
      sortBy: 'email',
      filters: { email: 'a@b.co', status: ['Pending', 'Deleted'] },
      isOpen: true,
    });
  });

  test('invalid values fall back to the defaults', () => {
    const params = new URLSearchParams('page=0&limit=7&orderBy=sideways&sortBy=drop%20table');
    expect(parseListState(params)).toMatchObject({ page: 1, limit: 25, orderBy: 'desc', sortBy: 'created_at' });
    expect(parseListState(new URLSearchParams('page=-2&limit=abc'))).toMatchObject({ page: 1, limit: 25 });
    expect(parseListState(new URLSearchParams('page=2.5&limit=1e2'))).toMatchObject({ page: 1, limit: 25 });
  });

  test('the page sizes of spec 9 are accepted, and a screen default of its own', () => {
    for (const limit of [25, 50, 100, 200, 500]) {
      expect(parseListState(new URLSearchParams(`limit=${limit}`)).limit).toBe(limit);
    }
    expect(parseListState(new URLSearchParams('limit=1000'), { limit: 1000 }).limit).toBe(1000);
    expect(parseListState(new URLSearchParams('limit=1000')).limit).toBe(25);
  });

  test('screen defaults: the customer list starts with an empty sortBy', () => {
    expect(parseListState(new URLSearchParams(), { sortBy: '' })).toMatchObject({ sortBy: '', orderBy: 'desc' });
  });

  test('default filters apply until list state is in the URL', () => {
    const defaults = { filters: { fault_status: '0' } };
    expect(parseListState(new URLSearchParams(), defaults).filters).toEqual({ fault_status: '0' });
    expect(parseListState(new URLSearchParams('page=2'), defaults).filters).toEqual({});
    expect(parseListState(new URLSearchParams('deviceType=heat_pump&tab=0'), defaults).filters).toEqual({ fault_status: '0' });
  });

  test('with filterKeys only those keys are filters', () => {
    const params = new URLSearchParams('email=x&emailAcc=true&deviceType=livelink');
    expect(parseListState(params, {}, ['email']).filters).toEqual({ email: 'x' });
    expect(parseListState(params, {}, ['email', 'deviceType']).filters).toEqual({ email: 'x', deviceType: 'livelink' });
  });

  test('without filterKeys, product, tab and accordion flags are not filters', () => {
    const params = new URLSearchParams('email=x&emailAcc=true&versionAcc=1&deviceType=livelink&ota_type=forced&tab=1&synctype=auto_sync&version=2');
    expect(parseListState(params).filters).toEqual({ email: 'x', version: '2' });
  });
});

describe('serializeListState', () => {
  test('writes bracket arrays, skips empty filters, writes isOpen only when open', () => {
    const params = serializeListState({
      ...DEFAULT_LIST_STATE,
      page: 2,
      filters: { email: ' a@b.co ', status: ['Pending', ''], phone_no: '', connection_type: [] },
    });
    expect(params.toString()).toBe('email=a%40b.co&status%5B%5D=Pending&page=2&limit=25&sortBy=created_at&orderBy=desc');
    expect(serializeListState({ ...DEFAULT_LIST_STATE, isOpen: true }).get('isOpen')).toBe('true');
  });

  test('parse(serialize(state)) is the state', () => {
    const state = {
      page: 4,
      limit: 100,
      orderBy: 'asc' as const,
      sortBy: 'serial_number',
      filters: { mac_address: 'AB12', device_status: ['Active', 'Replaced'] },
      isOpen: true,
    };
    expect(parseListState(serializeListState(state))).toEqual(state);
  });

  test('mergeListState keeps params that are not list state', () => {
    const current = new URLSearchParams('tab=1&emailAcc=true&email=old&page=3');
    const next = mergeListState(current, { ...DEFAULT_LIST_STATE, filters: { email: 'new' } }, ['email']);
    expect(next.get('tab')).toBe('1');
    expect(next.get('emailAcc')).toBe('true');
    expect(next.getAll('email')).toEqual(['new']);
    expect(next.get('page')).toBe('1');
  });
});

test('listQuery gives paging and the encoded filter for a list call', () => {
  const query = listQuery({
    ...DEFAULT_LIST_STATE,
    page: 2,
    filters: { email: 'a@b.co', status: ['Pending'], installation_date: ['01-01-2024', '31-01-2024'] },
  });
  expect(query).toMatchObject({ page: 2, limit: 25, orderBy: 'desc', sortBy: 'created_at' });
  expect(decodeFilter(query.filter)).toEqual([
    { key: 'email', value: 'a@b.co', type: 'single' },
    { key: 'status', value: ['Pending'], type: 'multi' },
    { key: 'installation_date', value: '01-01-2024', type: 'single', end_value: '31-01-2024' },
  ]);
  expect(listQuery(DEFAULT_LIST_STATE)).not.toHaveProperty('filter');
  // a smoke alarm's expiry range too (it was sent as one "from,to" value, which fleet-api refuses)
  expect(decodeFilter(listQuery({ ...DEFAULT_LIST_STATE, filters: { expires_on: ['01-05-2034', '31-05-2034'] } }).filter)).toEqual([
    { key: 'expires_on', value: '01-05-2034', type: 'single', end_value: '31-05-2034' },
  ]);
});

test('a list query goes straight into a list call', async () => {
  const { apiList } = await import('../client/api');
  const { jsonResponse, mockFetch, requestOf } = await import('../test-support');
  const fetchMock = mockFetch(jsonResponse({ status: true, message: '', info: { data: [], total: 0 } }));
  // as is (this line also checks that the types fit)
  await apiList('api/ota/rule/list', listQuery(DEFAULT_LIST_STATE));
  await apiList('api/ota/rule/list', { ...listQuery({ ...DEFAULT_LIST_STATE, filters: { name: 'r1' } }), deviceType: 'livelink' });
  const params = requestOf(fetchMock, 1).url.searchParams;
  expect(Object.fromEntries(params)).toEqual({
    page: '1',
    limit: '25',
    orderBy: 'desc',
    sortBy: 'created_at',
    filter: '[{"key":"name","value":"r1","type":"single"}]',
    deviceType: 'livelink',
  });
});
