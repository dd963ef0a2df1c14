import { MULTI_FILTER_KEYS, decodeFilter, encodeFilter, filterItemsFrom } from './filter-codec';

describe('encodeFilter', () => {
  test('a JSON array of {key, value, type}; single text URL-encoded, multi kept, numbers kept', () => {
    const encoded = encodeFilter([
      { key: 'email', value: 'a+b@fleet.test', type: 'single' },
      { key: 'full_name', value: 'Jo Ann & Co', type: 'single' },
      { key: 'status', value: ['Pending', 'Completed'], type: 'multi' },
      { key: 'id', value: 42, type: 'single' },
      { key: 'fault_status', value: 0, type: 'single' },
    ]);
    expect(JSON.parse(encoded ?? '')).toEqual([
      { key: 'email', value: 'a%2Bb%40fleet.test', type: 'single' },
      { key: 'full_name', value: 'Jo%20Ann%20%26%20Co', type: 'single' },
      { key: 'status', value: ['Pending', 'Completed'], type: 'multi' },
      { key: 'id', value: 42, type: 'single' },
      { key: 'fault_status', value: 0, type: 'single' },
    ]);
  });

  test('empty values and the isOpen key are left out; nothing left means undefined', () => {
    expect(
      encodeFilter([
        { key: 'email', value: '' },
        { key: 'phone_no', value: '   ' },
        { key: 'agency_name', value: null },
        { key: 'agent', value: undefined },
        { key: 'status', value: [] },
        { key: 'isOpen', value: 'true' },
      ]),
    ).toBeUndefined();
    expect(JSON.parse(encodeFilter([{ key: 'isOpen', value: 'true' }, { key: 'email', value: ' x@y.z ' }]) ?? '')).toEqual([
      { key: 'email', value: 'x%40y.z', type: 'single' },
    ]);
  });

  test('type is inferred: status-like keys and arrays are multi', () => {
    expect(MULTI_FILTER_KEYS).toEqual(['status', 'device_status', 'connection_type', 'device_operation_status']);
    const items = JSON.parse(encodeFilter([{ key: 'device_status', value: 'Active' }, { key: 'mac_address', value: 'AB12' }]) ?? '');
    expect(items).toEqual([
      { key: 'device_status', value: 'Active', type: 'multi' },
      { key: 'mac_address', value: 'AB12', type: 'single' },
    ]);
  });

  test('a date range carries end_value in DD-MM-YYYY', () => {
    const items = JSON.parse(encodeFilter([{ key: 'installation_date', value: '01-01-2024', end_value: '31-01-2024' }]) ?? '');
    expect(items).toEqual([{ key: 'installation_date', value: '01-01-2024', type: 'single', end_value: '31-01-2024' }]);
  });
});

describe('decodeFilter', () => {
  test('round trip gives back the sent items with text decoded', () => {
    const items = [
      { key: 'email', value: 'a+b@fleet.test', type: 'single' as const },
      { key: 'status', value: ['Pending', 'Deleted'], type: 'multi' as const },
      { key: 'id', value: 7, type: 'single' as const },
      { key: 'installation_date', value: '01-02-2024', type: 'single' as const, end_value: '03-02-2024' },
    ];
    expect(decodeFilter(encodeFilter(items))).toEqual(items);
  });

  test('bad input gives an empty list, bad entries are skipped', () => {
    expect(decodeFilter(undefined)).toEqual([]);
    expect(decodeFilter('not json')).toEqual([]);
    expect(decodeFilter('{"key":"a"}')).toEqual([]);
    expect(decodeFilter('[{"value":"x"},{"key":"a","value":{}},{"key":"b","value":"%E0%A4%A"}]')).toEqual([
      { key: 'b', value: '%E0%A4%A', type: 'single' },
    ]);
  });
});

test('filterItemsFrom builds items from list-state values', () => {
  expect(
    filterItemsFrom({ email: 'x@y.z', status: 'Pending', connection_type: ['AP', 'Bluetooth'], installation_date: ['01-01-2024', '02-01-2024'] }),
  ).toEqual([
    { key: 'email', value: 'x@y.z', type: 'single' },
    { key: 'status', value: ['Pending'], type: 'multi' },
    { key: 'connection_type', value: ['AP', 'Bluetooth'], type: 'multi' },
    { key: 'installation_date', value: '01-01-2024', type: 'single', end_value: '02-01-2024' },
  ]);
});
