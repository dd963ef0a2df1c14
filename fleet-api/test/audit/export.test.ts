// Issue 23: the audit list as a CSV export job (exactly the list's rows for the same filter and sort,
// an organisation's slice only, started and downloaded as entries, a bad filter refused before any
// job) and the date range in the caller's local days, daylight saving included.
import type { AuditEntryRow, SecurityEventRow } from '@fleet/contract';
import { appForFile, bearersFor, answer, countOf } from '../support/app';

const t = appForFile({}, { devices: 120 });
const tokens = bearersFor(t, ['Admin', 'Agency', 'Electrician']);

const call = <T,>(role: string, url: string, method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: object) => answer<T>(t.app, tokens[role], url, method, payload);
const n = (sql: string, params: unknown[] = []) => countOf(t.db, sql, params);
const jobs = () => n('SELECT count(*)::int AS n FROM export_jobs');
const filterOf = (items: object[]) => JSON.stringify(items);
const listUrl = (path: string, filter: object[], extra = '') => `${path}?limit=500&filter=${encodeURIComponent(filterOf(filter))}${extra}`;

beforeAll(() => {
  // PGlite copies in ranges of this many rows: small, so an export crosses several and keeps the order
  t.app.fleetContext.exports.chunkRows = 3;
});

/** The rows of a CSV (quoted fields with commas, quotes and line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      rows.push([...row, field.replace(/\r$/, '')]);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** Starts an export as `role` at `path`, waits for its job, downloads the file: its header and rows by column name. */
async function exported(role: string, path: string, body: object): Promise<{ header: string[]; rows: Array<Record<string, string>>; job: number }> {
  const started = await call<{ id: number; status: string }>(role, path, 'POST', body);
  expect([started.status, started.message]).toEqual([200, 'Export started']);
  await t.app.fleetContext.exports.settle();
  const job = await call<{ status: string; download_link: string }>(role, `/api/export/${started.info.id}`);
  expect(job.info.status).toBe('done');
  const file = await t.app.inject({ url: job.info.download_link });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-disposition']).toBe('attachment; filename="Audit Log.csv"');
  const [header = [], ...lines] = csvRows(file.body);
  return { header, rows: lines.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']))), job: started.info.id };
}

/** Every entry id of a list call, page by page. */
async function listedIds(role: string, path: string, filter: object[], sort = ''): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const list = await call<{ data: AuditEntryRow[]; last_page: number }>(role, `${listUrl(path, filter, sort)}&page=${page}`.replace('limit=500', 'limit=4'));
    expect(list.status).toBe(200);
    ids.push(...list.info.data.map((e) => e.id));
    if (page >= list.info.last_page) return ids;
  }
}

/** An entry written straight to the trail (the chain trigger links it) at an exact instant. */
async function entryAt(at: string, label: string, changes: object[] = []): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>(
    "INSERT INTO audit_entries (created_at, action, entity, label, changes) VALUES ($1, 'update', 'aggregator', $2, $3::jsonb) RETURNING id::int AS id",
    [at, label, JSON.stringify(changes)],
  );
  return rows[0]?.id ?? 0;
}

describe('the CSV export', () => {
  it("Admin's export is the list for the same filter and sort, every row, in the product's words; started and downloaded are entries", async () => {
    const made = await call<{ id: number }>('Admin', '/api/aggregators/add', 'POST', { name: 'Export Energy' });
    expect((await call('Admin', `/api/aggregators/edit/${made.info.id}`, 'PUT', { name: 'Export Power' })).status).toBe(200);
    const secret = await entryAt('2026-11-20T10:00:00Z', 'Export Power', [
      { field: 'password_hash', old: null, new: 'changed' },
      { field: 'name', old: 'A, "B"', new: 'C' },
      { field: 'note', old: null, new: 7 },
    ]);
    const filter = [{ key: 'entity', value: ['aggregator'], type: 'multi' }];
    const listed = await listedIds('Admin', '/api/audit/list', filter, '&sortBy=created_at&orderBy=asc');
    const { header, rows, job } = await exported('Admin', '/api/audit/export', { filter: filterOf(filter), sortBy: 'created_at', orderBy: 'asc' });
    expect(header).toEqual(['Entry ID', 'When (UTC)', 'Who', 'User ID', 'Role', 'Organisation', 'Action', 'Object Type', 'Object ID', 'Object Name', 'Changes', 'IP Address', 'Request ID']);
    expect(rows.map((r) => Number(r['Entry ID']))).toEqual(listed);
    expect(rows.length).toBeGreaterThanOrEqual(3);

    const byId = new Map(rows.map((r) => [Number(r['Entry ID']), r]));
    const renamed = (await call<{ data: AuditEntryRow[] }>('Admin', listUrl('/api/audit/list', [{ key: 'entity_id', value: made.info.id }, { key: 'action', value: ['update'], type: 'multi' }]))).info.data[0];
    expect(byId.get(renamed?.id ?? 0)).toMatchObject({
      Who: 'admin@demo.test',
      Role: 'Admin',
      Organisation: '',
      Action: 'Updated',
      'Object Type': 'Aggregator',
      'Object ID': String(made.info.id),
      'Object Name': 'Export Power',
      Changes: 'name: Export Energy → Export Power',
      'When (UTC)': renamed?.created_at,
    });
    expect(byId.get(secret)).toMatchObject({ Who: 'System', Changes: 'password_hash: changed; name: A, "B" → C; note: (empty) → 7' });

    const started = (await call<{ data: AuditEntryRow[] }>('Admin', listUrl('/api/audit/list', [{ key: 'action', value: ['export_started', 'export_downloaded'], type: 'multi' }]))).info.data;
    expect(started.map((e) => [e.action, e.entity, e.entity_id])).toEqual([
      ['export_downloaded', 'export', job],
      ['export_started', 'export', job],
    ]);
  });

  it("an agency's export holds only its slice, with two agencies whose names overlap, exactly as its list", async () => {
    const agencyOf = async (email: string) => (await t.db.query<{ agency_id: number }>('SELECT agency_id::int AS agency_id FROM users WHERE email = $1', [email])).rows[0]?.agency_id ?? 0;
    const a = await agencyOf('agency@demo.test');
    const b = (await t.db.query<{ id: number }>('SELECT id::int AS id FROM agencies WHERE id <> $1 ORDER BY id LIMIT 1', [a])).rows[0]?.id ?? 0;
    await t.db.query("UPDATE agencies SET agency_name = CASE WHEN id = $1 THEN 'Volt' ELSE 'Volt Partners' END WHERE id IN ($1, $2)", [a, b]);
    const deviceOf = async (agency: number) =>
      (await t.db.query<{ id: number }>("SELECT id::int AS id FROM devices WHERE agency_id = $1 AND product_line = 'livelink' ORDER BY id DESC LIMIT 1", [agency])).rows[0]?.id ?? 0;
    const [da, db] = [await deviceOf(a), await deviceOf(b)];
    for (const id of [da, db]) expect((await call('Admin', `/api/device/edit/${id}`, 'PUT', { impulse_rate: 1000, impulse_rate_type: 'imp/kWh', nmi: '6102345678' })).status).toBe(200);
    const theirs = (await t.db.query<{ id: number }>("SELECT id::int AS id FROM audit_entries WHERE entity = 'device' AND entity_id = $1 ORDER BY seq DESC LIMIT 1", [db])).rows[0]?.id;

    // the list as it is when the export is asked for (the export's own start is an entry after it)
    const listed = await listedIds('Agency', '/api/agency/audit/list', []);
    const whole = await exported('Agency', '/api/agency/audit/export', {});
    const ids = whole.rows.map((r) => Number(r['Entry ID']));
    expect(ids).toEqual(listed);
    expect(ids).not.toContain(theirs);
    expect(ids.length).toBeGreaterThan(0);

    // a filter that the other agency's entry matches too: still only this slice
    const byAdmin = [{ key: 'actor', value: 'admin@' }, { key: 'entity', value: ['device'], type: 'multi' }];
    const listedByAdmin = await listedIds('Agency', '/api/agency/audit/list', byAdmin, '&sortBy=entity&orderBy=asc');
    const filtered = await exported('Agency', '/api/agency/audit/export', { filter: filterOf(byAdmin), sortBy: 'entity', orderBy: 'asc' });
    expect(filtered.rows.map((r) => Number(r['Entry ID']))).toEqual(listedByAdmin);
    expect(filtered.rows.map((r) => Number(r['Object ID']))).toContain(da);
    expect(filtered.rows.map((r) => Number(r['Object ID']))).not.toContain(db);
    // the agency's own exports are in its own trail
    const own = await call<{ data: AuditEntryRow[] }>('Agency', listUrl('/api/agency/audit/list', [{ key: 'action', value: ['export_started'], type: 'multi' }]));
    expect(own.info.data.map((e) => e.entity_id)).toEqual([filtered.job, whole.job]);
    expect(own.info.data[0]?.actor).toMatchObject({ email: 'agency@demo.test', organisation: { kind: 'agency', id: a, name: 'Volt' } });
  });

  it('a bad filter, sort or time zone is a 400 and starts no job; another role’s prefix and Admin’s are 403', async () => {
    const before = await jobs();
    const entries = await n('SELECT count(*)::int AS n FROM audit_entries');
    for (const body of [
      { filter: filterOf([{ key: 'password_hash', value: 'x' }]) },
      { filter: '{not json' },
      { filter: filterOf([{ key: 'created_at', value: '31-02-2026' }]) },
      { filter: filterOf([{ key: 'created_at', value: '01-10-2026' }, { key: 'time_zone', value: 'Mars/Olympus_Mons' }]) },
      { sortBy: 'hash' },
      { deviceType: 'all' },
    ]) {
      const res = await call('Admin', '/api/audit/export', 'POST', body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
    expect((await call('Agency', '/api/electrician/audit/export', 'POST', {})).status).toBe(403);
    expect((await call('Agency', '/api/audit/export', 'POST', {})).status).toBe(403);
    expect((await call('Admin', '/api/agency/audit/export', 'POST', {})).status).toBe(403);
    expect((await call('Electrician', '/api/sm/audit/export', 'POST', {})).status).toBe(403);
    expect(await jobs()).toBe(before);
    expect(await n('SELECT count(*)::int AS n FROM audit_entries')).toBe(entries);
  });
});

describe('the date range in local days', () => {
  // Sydney's clocks go forward at 02:00 on Sunday 4 October 2026 (+10 to +11) and back at 03:00 on
  // Sunday 5 April 2026 (+11 to +10): those days are 23 and 25 hours long.
  const at = {
    octStart: '2026-10-03T14:30:00Z', // 00:30 on 4 October in Sydney (+10), still 3 October in UTC
    octLate: '2026-10-04T12:30:00Z', // 23:30 on 4 October in Sydney (+11)
    octNext: '2026-10-04T13:30:00Z', // 00:30 on 5 October in Sydney (+11), 4 October in UTC
    aprStart: '2026-04-04T13:30:00Z', // 00:30 on 5 April in Sydney (+11)
    aprLate: '2026-04-05T13:30:00Z', // 23:30 on 5 April in Sydney (+10)
    aprNext: '2026-04-05T14:30:00Z', // 00:30 on 6 April in Sydney (+10)
  };
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    for (const [name, instant] of Object.entries(at)) ids[name] = await entryAt(instant, `dst ${name}`);
  });

  const found = async (path: string, days: { value: string; end_value?: string }, zone?: string) => {
    const filter = [{ key: 'label', value: 'dst ' }, { key: 'created_at', ...days }, ...(zone ? [{ key: 'time_zone', value: encodeURIComponent(zone) }] : [])];
    const list = await call<{ data: AuditEntryRow[]; total: number }>('Admin', listUrl(path, filter));
    expect(list.status).toBe(200);
    return list.info.data.map((e) => e.id).sort((x, y) => x - y);
  };
  const idsOf = (...names: Array<keyof typeof at>) => names.map((name) => ids[name]).sort((x, y) => (x ?? 0) - (y ?? 0));

  it('a day is the zone’s whole day on the days its clocks change: 23:30 local falls in its day, 00:30 the next in the next', async () => {
    expect(await found('/api/audit/list', { value: '04-10-2026' }, 'Australia/Sydney')).toEqual(idsOf('octStart', 'octLate'));
    expect(await found('/api/audit/list', { value: '05-10-2026' }, 'Australia/Sydney')).toEqual(idsOf('octNext'));
    expect(await found('/api/audit/list', { value: '05-04-2026' }, 'Australia/Sydney')).toEqual(idsOf('aprStart', 'aprLate'));
    expect(await found('/api/audit/list', { value: '06-04-2026', end_value: '06-04-2026' }, 'Australia/Sydney')).toEqual(idsOf('aprNext'));
    // a range of days across the change
    expect(await found('/api/audit/list', { value: '03-10-2026', end_value: '04-10-2026' }, 'Australia/Sydney')).toEqual(idsOf('octStart', 'octLate'));
    // the same days in UTC, without a zone (as before)
    expect(await found('/api/audit/list', { value: '04-10-2026' })).toEqual(idsOf('octLate', 'octNext'));
    expect(await found('/api/audit/list', { value: '04-10-2026' }, 'UTC')).toEqual(idsOf('octLate', 'octNext'));
  });

  it('an unknown zone is a 400 that names the filter item; the zone is not a filter of rows', async () => {
    const filter = [{ key: 'created_at', value: '04-10-2026' }, { key: 'time_zone', value: 'Australia/Atlantis' }];
    const res = await call('Admin', listUrl('/api/audit/list', filter));
    expect([res.status, res.message]).toEqual([400, 'filter[1].value is invalid']);
    expect((await call('Admin', listUrl('/api/audit/list', [{ key: 'time_zone', value: 'Australia%2FSydney' }]))).status).toBe(200);
    expect((await call('Admin', listUrl('/api/audit/security-events', [{ key: 'time_zone', value: '' }]))).status).toBe(400);
  });

  it("the security events' date range too", async () => {
    await t.db.query("INSERT INTO security_events (created_at, kind, email, status) VALUES ($1, 'sign_in_refused', 'dst@example.test', 401), ($2, 'sign_in_refused', 'dst@example.test', 401)", [at.octLate, at.octNext]);
    const events = async (zone?: string) => {
      const filter = [{ key: 'email', value: 'dst@' }, { key: 'created_at', value: '04-10-2026' }, ...(zone ? [{ key: 'time_zone', value: zone }] : [])];
      const list = await call<{ data: SecurityEventRow[] }>('Admin', listUrl('/api/audit/security-events', filter));
      expect(list.status).toBe(200);
      return list.info.data.map((e) => e.created_at);
    };
    expect(await events('Australia/Sydney')).toEqual(['2026-10-04T12:30:00.000Z']);
    expect(await events()).toEqual(['2026-10-04T13:30:00.000Z', '2026-10-04T12:30:00.000Z']);
  });

  it("the export reads the range as the list does", async () => {
    const filter = [{ key: 'label', value: 'dst ' }, { key: 'created_at', value: '04-10-2026' }, { key: 'time_zone', value: 'Australia/Sydney' }];
    const { rows } = await exported('Admin', '/api/audit/export', { filter: filterOf(filter) });
    expect(rows.map((r) => [Number(r['Entry ID']), r['When (UTC)']])).toEqual([
      [ids.octLate, '2026-10-04T12:30:00.000Z'],
      [ids.octStart, '2026-10-03T14:30:00.000Z'],
    ]);
  });
});
