import type { Db } from '../db';
import { buildListing, decodeFilter, listInfo, pagedList, pagingOnly, parseFilterDate, type ListSpec } from './listing';
import { ApiError } from './errors';
import { SqlParams } from './sql';

const spec: ListSpec = {
  sortable: { created_at: 'd.created_at', serial_number: 'd.serial_number' },
  filters: {
    serial_number: { kind: 'text', column: 'd.serial_number' },
    status: { kind: 'multi', column: 'd.status' },
    installation_date: { kind: 'date', column: 'd.installation_date' },
    is_online: { kind: 'number', column: 'd.is_online' },
  },
};

function apiError(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('decodeFilter', () => {
  it('reads the console filter list', () => {
    expect(decodeFilter('[{"key":"status","value":["Active","Replaced"],"type":"multi"}]')).toEqual([
      { key: 'status', value: ['Active', 'Replaced'], type: 'multi' },
    ]);
    expect(decodeFilter(undefined)).toEqual([]);
  });

  it.each(['not json', '{"key":"a"}', '[1]', '[{"value":"x"}]', '[{"key":"a","value":{}}]', '[{"key":"a","value":"x","type":"many"}]'])(
    'refuses %s with a 400',
    (raw) => {
      expect(apiError(() => decodeFilter(raw)).statusCode).toBe(400);
    },
  );
});

describe('parseFilterDate', () => {
  it('turns DD-MM-YYYY into an ISO date and refuses impossible dates', () => {
    expect(parseFilterDate('05-02-2026', 'd')).toBe('2026-02-05');
    expect(parseFilterDate('05/02/2026', 'd')).toBe('2026-02-05');
    expect(apiError(() => parseFilterDate('31-02-2026', 'd')).message).toBe('d must be a date DD-MM-YYYY');
    expect(apiError(() => parseFilterDate('2026-02-05', 'd')).statusCode).toBe(400);
  });
});

describe('buildListing', () => {
  it('defaults to page 1, 25 rows, newest first', () => {
    const params = new SqlParams();
    const l = buildListing({}, spec, params, 'd.id');
    expect(l).toMatchObject({ page: 1, limit: 25, offset: 0, conditions: [] });
    expect(l.orderBy).toBe('ORDER BY d.created_at DESC NULLS LAST, d.id DESC');
  });

  it('maps filters to parameterised SQL, URL-decoding text and skipping empty values and isOpen', () => {
    const params = new SqlParams();
    params.add('scope value');
    const filter = JSON.stringify([
      { key: 'serial_number', value: 'AB%25_1', type: 'single' },
      { key: 'status', value: ['Active'], type: 'multi' },
      { key: 'installation_date', value: '01-03-2026', end_value: '31-03-2026', type: 'single' },
      { key: 'is_online', value: 1, type: 'single' },
      { key: 'isOpen', value: true, type: 'single' },
      { key: 'status', value: '', type: 'multi' },
    ]);
    const l = buildListing({ page: 3, limit: 50, orderBy: 'asc', sortBy: 'serial_number', filter }, spec, params);
    expect(l.offset).toBe(100);
    expect(l.orderBy).toBe('ORDER BY d.serial_number ASC NULLS FIRST');
    expect(l.conditions).toEqual([
      'd.serial_number::text ILIKE $2',
      'd.status::text = ANY($3::text[])',
      'd.installation_date >= $4::date AND d.installation_date < ($5::date + 1)',
      'd.is_online = $6',
    ]);
    expect(params.values).toEqual(['scope value', '%AB\\%\\_1%', ['Active'], '2026-03-01', '2026-03-31', 1]);
  });

  it('refuses sort keys and filter keys outside the whitelist', () => {
    expect(apiError(() => buildListing({ sortBy: 'password_hash' }, spec, new SqlParams())).message).toBe(
      'sortBy password_hash is not a sortable field',
    );
    const filter = JSON.stringify([{ key: 'agency_id', value: 2, type: 'single' }]);
    expect(apiError(() => buildListing({ filter }, spec, new SqlParams())).message).toBe(
      'filter agency_id is not a filter of this list',
    );
  });
});

describe('pagingOnly', () => {
  it('pages like buildListing (defaults, the 500-row cap) in its one fixed order, with no conditions', () => {
    const order = 'ORDER BY s.created_at DESC, s.id DESC';
    expect(pagingOnly({}, order)).toEqual({ page: 1, limit: 25, offset: 0, conditions: [], orderBy: order });
    expect(pagingOnly({ page: 3, limit: 10 }, order)).toEqual({ page: 3, limit: 10, offset: 20, conditions: [], orderBy: order });
    expect(pagingOnly({ page: 2, limit: 10_000 }, order)).toMatchObject({ limit: 500, offset: 500 });
  });
});

describe('pagedList', () => {
  /** A database that answers the count with `total` and the page with one row, and keeps what it was asked. */
  function fakeDb(total: number) {
    const asked: Array<{ sql: string; params: unknown[] }> = [];
    const db = {
      query: async (sql: string, params: unknown[] = []) => {
        asked.push({ sql, params: [...params] });
        return { rows: sql.includes('count(*)') ? [{ n: total }] : [{ id: 1 }], rowCount: 1 };
      },
    } as unknown as Db;
    return { db, asked };
  }

  it('counts the source with the filter params, then reads the page in the listing order with its limit and offset', async () => {
    const { db, asked } = fakeDb(60);
    const params = new SqlParams();
    const listing = buildListing({ page: 2, limit: 25, filter: '[{"key":"serial_number","value":"AB"}]' }, spec, params, 'd.id');
    const info = await pagedList(db, listing, params, 'd.id', `FROM devices d WHERE ${listing.conditions.join(' AND ')}`);
    expect(asked).toEqual([
      { sql: 'SELECT count(*)::int AS n FROM devices d WHERE d.serial_number::text ILIKE $1', params: ['%AB%'] },
      { sql: 'SELECT d.id FROM devices d WHERE d.serial_number::text ILIKE $1 ORDER BY d.created_at DESC NULLS LAST, d.id DESC LIMIT $2 OFFSET $3', params: ['%AB%', 25, 25] },
    ]);
    expect(info).toEqual({ data: [{ id: 1 }], total: 60, current_page: 2, last_page: 3 });
  });

  it('answers a page past the last row with no rows and the total, without reading the page', async () => {
    const { db, asked } = fakeDb(30);
    const info = await pagedList(db, pagingOnly({ page: 3, limit: 25 }, 'ORDER BY d.id'), new SqlParams(), 'd.id', 'FROM devices d');
    expect(info).toEqual({ data: [], total: 30, current_page: 3, last_page: 2 });
    expect(asked).toHaveLength(1);
  });
});

describe('listInfo', () => {
  it('answers data, total, current_page and last_page', () => {
    expect(listInfo([1, 2], 51, 2, 25)).toEqual({ data: [1, 2], total: 51, current_page: 2, last_page: 3 });
    expect(listInfo([], 0, 1, 25).last_page).toBe(1);
  });
});
