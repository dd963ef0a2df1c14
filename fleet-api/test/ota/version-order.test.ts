// Versions sort by number everywhere (1.0.9 before 1.0.27), and the version pickers can offer the
// versions devices actually run, with their counts (issue 8, firmware area).
jest.setTimeout(120_000);
import { addDevices, addFirmware, call, q, otaAppForFile } from './support';

const t = otaAppForFile();
const AIR = 'airlink';
beforeAll(async () => {
  for (const v of ['7.0.27', '7.0.9', '7.0.10', '7.1']) await addFirmware(t, AIR, v, Buffer.from(`image ${v}`));
  await addDevices(t.db, AIR, 'VERSIONS', '7.0.9', 3);
  await addDevices(t.db, AIR, 'VERSIONS-B', '6.9.100', 2);
});

it('the firmware list sorted by version is in number order, both ways', async () => {
  const filter = [{ key: 'version', value: '7.', type: 'single' }];
  const asc = await call(t, 'GET', `/api/ota/get?${q({ deviceType: AIR, sortBy: 'version', orderBy: 'asc', filter })}`);
  expect(asc.body.info.data.map((f: { version: string }) => f.version)).toEqual(['7.0.9', '7.0.10', '7.0.27', '7.1']);
  const desc = await call(t, 'GET', `/api/ota/get?${q({ deviceType: AIR, sortBy: 'version', orderBy: 'desc', filter })}`);
  expect(desc.body.info.data.map((f: { version: string }) => f.version)).toEqual(['7.1', '7.0.27', '7.0.10', '7.0.9']);
});

it('the SQL key orders mixed forms sanely', async () => {
  const { rows } = await t.db.query<{ v: string }>(
    "SELECT v FROM unnest(ARRAY['1.0.27', '1.0.9', '2.1.0', '2.1', '1.0.9b', '10.0', '*']) AS v ORDER BY fleet_version_key(v), v",
  );
  expect(rows.map((r) => r.v)).toEqual(['1.0.9', '1.0.9b', '1.0.27', '2.1', '2.1.0', '10.0', '*']);
});

it('answers the versions devices run with their counts, merged with uploaded firmware, newest first', async () => {
  const res = await call(t, 'GET', `/api/ota/running-versions?${q({ deviceType: AIR })}`);
  expect(res.status).toBe(200);
  const info = res.body.info as Array<{ version: string; devices: number; uploaded: boolean }>;
  const mine = info.filter((v) => v.version.startsWith('7.') || v.version.startsWith('6.9.'));
  expect(mine).toEqual([
    { version: '7.1', devices: 0, uploaded: true },
    { version: '7.0.27', devices: 0, uploaded: true },
    { version: '7.0.10', devices: 0, uploaded: true },
    { version: '7.0.9', devices: 3, uploaded: true },
    { version: '6.9.100', devices: 2, uploaded: false },
  ]);
});
