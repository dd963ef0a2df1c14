// The analysis page's calls (issue 14, Admin): each figure against the same figure counted here from
// the customers module's rows, the smoke alarms and the customer apps; and the app's own report.
import { appForFile, bearersFor, answer } from '../support/app';
import { expectTalliesMatchRecount } from './tallies';

const t = appForFile({}, { devices: 900 });
const tokens = bearersFor(t, ['Admin', 'Agency', 'Customer', 'User']);

const call = <T,>(role: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) => answer<T>(t.app, tokens[role], url, method, payload);
async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await t.db.query<T>(sql, params)).rows;
}
const months = (list: Array<{ month: number; n: number }>) => (m: number) => list.find((r) => r.month === m)?.n ?? 0;

describe('analysis', () => {
  it('users: by status, and new users per month of the year', async () => {
    const res = await call<{ total: number; completed: number; deleted: number; months: Array<{ month: number; new_users: number }> }>('Admin', '/api/analysis/users?year=2023');
    expect(res.status).toBe(200);
    const [counts] = await rows<Record<string, number>>(
      `SELECT count(*) FILTER (WHERE status <> 'Deleted')::int AS total, count(*) FILTER (WHERE status = 'Completed')::int AS completed,
              count(*) FILTER (WHERE status = 'Deleted')::int AS deleted FROM customers`,
    );
    expect({ total: res.info.total, completed: res.info.completed, deleted: res.info.deleted }).toEqual(counts);
    const perMonth = months(
      await rows("SELECT extract(month FROM created_at)::int AS month, count(*)::int AS n FROM customers WHERE created_at >= '2023-01-01' AND created_at < '2024-01-01' GROUP BY 1"),
    );
    expect(res.info.months).toEqual(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, new_users: perMonth(i + 1) })));
    expect(res.info.months.some((m) => m.new_users > 0)).toBe(true);
  });

  it('device users: with a device, without, and per line', async () => {
    const res = await call<{ with_devices: number; without_devices: number; lines: Array<{ product_line: string; users: number }> }>('Admin', '/api/analysis/deviceusers');
    const users = async (lines: string | null) =>
      (await rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM customers c WHERE c.status <> 'Deleted' AND ${
          lines === null ? 'NOT EXISTS (SELECT 1 FROM devices d WHERE d.customer_id = c.id)' : `EXISTS (SELECT 1 FROM devices d WHERE d.customer_id = c.id AND d.product_line = ANY(${lines}))`
        }`,
      ))[0]?.n;
    expect(res.info.with_devices).toBe(await users("ARRAY['ihd','ihd_livelink','livelink','safelink','airlink','bulb','heat_pump']"));
    expect(res.info.without_devices).toBe(await users(null));
    expect(res.info.lines).toEqual([
      { product_line: 'ihd', users: await users("ARRAY['ihd']") },
      { product_line: 'livelink', users: await users("ARRAY['livelink','ihd_livelink']") },
      { product_line: 'safelink', users: await users("ARRAY['safelink']") },
      { product_line: 'airlink', users: await users("ARRAY['airlink']") },
      { product_line: 'bulb', users: await users("ARRAY['bulb']") },
      { product_line: 'heat_pump', users: await users("ARRAY['heat_pump']") },
    ]);
  });

  it('weekly-report and auto-sync users: on, off and never chosen', async () => {
    for (const [call_, column] of [
      ['weeklyreportusers', 'weekly_report'],
      ['autosyncusers', 'auto_sync'],
    ] as const) {
      const res = await call<{ on: number; off: number; unset: number }>('Admin', `/api/analysis/${call_}`);
      const [expected] = await rows<Record<string, number>>(
        `SELECT count(*) FILTER (WHERE ${column})::int AS on, count(*) FILTER (WHERE NOT ${column})::int AS off,
                count(*) FILTER (WHERE ${column} IS NULL)::int AS unset FROM customers WHERE status <> 'Deleted'`,
      );
      expect({ call_, ...res.info }).toEqual({ call_, ...expected });
    }
  });

  it('unsubscribed users: the suppression list by reason and per month', async () => {
    const [first] = await rows<{ y: number }>('SELECT extract(year FROM min(created_at))::int AS y FROM suppression_list');
    const year = first?.y ?? 2022;
    const res = await call<{ total: number; reasons: Array<{ reason: string; users: number }>; months: Array<{ month: number; added: number }> }>('Admin', `/api/analysis/unsubscribedusers?year=${year}`);
    const reasons = await rows<{ reason: string; users: number }>("SELECT coalesce(reason, 'Unsubscribed') AS reason, count(*)::int AS users FROM suppression_list GROUP BY 1 ORDER BY 2 DESC, 1");
    expect(res.info.reasons).toEqual(reasons);
    expect(res.info.total).toBe(reasons.reduce((s, r) => s + r.users, 0));
    expect(res.info.total).toBeGreaterThan(0);
    const added = months(await rows('SELECT extract(month FROM created_at)::int AS month, count(*)::int AS n FROM suppression_list WHERE extract(year FROM created_at) = $1 GROUP BY 1', [year]));
    expect(res.info.months).toEqual(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, added: added(i + 1) })));
  });

  it("average battery life: the smoke alarms' level, years left, low and expired", async () => {
    const res = await call<{ alarms: number; average_level: number; average_years_left: number; low_battery: number; expired: number; bands: Array<{ band: string; alarms: number }> }>(
      'Admin',
      '/api/analysis/averagebatterylife',
    );
    const [e] = await rows<{ alarms: number; level: number; low: number; expired: number }>(
      `SELECT count(*)::int AS alarms, round(avg(battery_level), 1)::float8 AS level, count(*) FILTER (WHERE alarm_status = 'Low battery')::int AS low,
              count(*) FILTER (WHERE date_trunc('month', expires_on) + interval '15 days' < $1::timestamptz)::int AS expired FROM smoke_alarms`,
      [t.clock.now().toISOString()],
    );
    expect(res.info).toMatchObject({ alarms: e?.alarms, average_level: e?.level, low_battery: e?.low, expired: e?.expired });
    expect(res.info.alarms).toBeGreaterThan(0);
    // sealed ten-year batteries of alarms made since 2021: between a few years and ten left
    expect(res.info.average_years_left).toBeGreaterThan(3);
    expect(res.info.average_years_left).toBeLessThan(10);
    expect(res.info.bands).toHaveLength(10);
    expect(res.info.bands.reduce((s, b) => s + b.alarms, 0)).toBe(await rows<{ n: number }>('SELECT count(*)::int AS n FROM smoke_alarms WHERE battery_level IS NOT NULL').then((r) => r[0]?.n));
  });

  it('weekly reports and synched data: sent and failed per month of a year', async () => {
    for (const [call_, type] of [
      ['weeklyreports', 'weekly_report'],
      ['synchedData', 'auto_sync'],
    ] as const) {
      const res = await call<{ total_success: number; total_failed: number; months: Array<{ month: number; success: number; failed: number }> }>('Admin', `/api/analysis/${call_}?year=2023`);
      const of = async (status: string) =>
        months(await rows("SELECT extract(month FROM created_at)::int AS month, count(*)::int AS n FROM customer_sync_events WHERE sync_type = $1 AND status = $2 AND extract(year FROM created_at) = 2023 GROUP BY 1", [type, status]));
      const success = await of('success');
      const failed = await of('failed');
      expect({ call_, months: res.info.months }).toEqual({ call_, months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, success: success(i + 1), failed: failed(i + 1) })) });
      expect(res.info.total_success).toBeGreaterThan(0);
    }
  });

  it('location preference and app versions: what the customer apps last reported', async () => {
    const location = await call<{ app_users: number; preferences: Array<{ preference: string; users: number }> }>('Admin', '/api/analysis/locationprefernce');
    const byPreference = await rows<{ preference: string; users: number }>('SELECT location_preference AS preference, count(*)::int AS users FROM customer_apps GROUP BY 1');
    expect(location.info.preferences).toEqual(['always', 'while_using', 'never', 'not_asked'].map((p) => ({ preference: p, users: byPreference.find((r) => r.preference === p)?.users ?? 0 })));
    expect(location.info.app_users).toBe(await rows<{ n: number }>('SELECT count(*)::int AS n FROM customer_apps').then((r) => r[0]?.n));
    const versions = await call<Array<{ app_version: string; android: number; ios: number; users: number }>>('Admin', '/api/analysis/appversionlist');
    const expected = await rows<{ app_version: string; android: number; ios: number; users: number }>(
      `SELECT app_version, count(*) FILTER (WHERE platform = 'android')::int AS android, count(*) FILTER (WHERE platform = 'ios')::int AS ios, count(*)::int AS users
         FROM customer_apps GROUP BY 1 ORDER BY fleet_version_key(app_version) DESC`,
    );
    expect(versions.info).toEqual(expected);
    expect(versions.info.length).toBeGreaterThan(2);
  });

  it('the customer app reports itself: platform and version, a location preference kept until it changes', async () => {
    const version = async (v: string) => (await call<Array<{ app_version: string; users: number }>>('Admin', '/api/analysis/appversionlist')).info.find((r) => r.app_version === v)?.users ?? 0;
    const before = await version('3.0.0');
    let res = await call<null>('Customer', '/api/customer/app-events', 'POST', { platform: 'ios', app_version: '3.0.0', location_preference: 'never' });
    expect(res).toMatchObject({ status: 200, message: 'Recorded' });
    res = await call<null>('User', '/api/customer/app-events', 'POST', { platform: 'android', app_version: '3.0.0' });
    expect(res.status).toBe(200);
    expect(await version('3.0.0')).toBe(before + 2);
    // the preference stays when the app does not send one
    await call<null>('Customer', '/api/customer/app-events', 'POST', { platform: 'ios', app_version: '3.0.0' });
    const [app] = await rows<{ location_preference: string }>("SELECT location_preference FROM customer_apps WHERE customer_id = (SELECT customer_id FROM users WHERE email = 'customer@demo.test')");
    expect(app?.location_preference).toBe('never');
    for (const [body, message] of [
      [{ platform: 'windows', app_version: '3.0.0' }, 'Platform is android or ios'],
      [{ platform: 'ios', app_version: '3.0' }, 'App version is three numbers, like 2.4.1'],
      [{ platform: 'ios', app_version: '3.0.0', location_preference: 'sometimes' }, 'Location preference is one of always, while_using, never, not_asked'],
      [{ app_version: '3.0.0' }, 'Platform is required'],
    ] as const) {
      const bad = await call<null>('Customer', '/api/customer/app-events', 'POST', body);
      expect({ body, status: bad.status, message: bad.message }).toEqual({ body, status: 400, message });
    }
    expect(await version('3.0.0')).toBe(before + 2);
    await expectTalliesMatchRecount(t.db);
  });

  it('is Admin\'s: another role gets 403', async () => {
    for (const role of ['Agency', 'Customer']) expect((await call<null>(role, '/api/analysis/users')).status).toBe(403);
    expect((await call<null>('Admin', '/api/analysis/users?year=2019')).status).toBe(400);
    expect((await call<null>('Admin', '/api/analysis/deviceusers?deviceType=bulb')).status).toBe(400);
  });
});
