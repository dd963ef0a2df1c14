// Creation at fleet size (docs/rollouts.md, Creation): above `writtenAtAdd` devices the add freezes its
// devices and answers with exact counts, and the rows follow (here written by the orchestrator's tick,
// the add's own job being off in tests). The limits are lowered so a few devices take that path.
import { call, otaAppForFile } from '../ota/support';
import { writeRollout } from '../../src/modules/rollouts/creation';
import { LocalLiveBus } from '../../src/modules/live/bus';
import type { LiveEvent } from '../../src/modules/live/events';
import { RolloutOrchestrator } from '../../src/modules/rollouts/orchestrator';
import { addBody, bulbsOn, deviceStates, infoOf, startRollout, rolloutsWrittenInSteps } from './support';

const t = otaAppForFile();
const TARGET = '7.9.0';
rolloutsWrittenInSteps(t, TARGET);

const waveCounts = async (id: number) => (await infoOf(t, id)).waves.map((w) => [w.devices, w.queued, w.cancelled]);
const rowsOf = async (id: number) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rollout_devices WHERE rollout_id = $1', [id])).rows[0]?.n;
const workRows = async (id: number) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM rollout_members WHERE rollout_id = $1) + (SELECT count(*) FROM rollout_places WHERE rollout_id = $1) AS n',
      [id],
    )
  ).rows[0]?.n;

it('answers exact counts per wave at once and keeps the devices of the add, whatever they do before their rows are written', async () => {
  const chosen = await bulbsOn(t.db, '7.0.1', 40);
  const later = await bulbsOn(t.db, '7.0.2', 3);
  const body = addBody('7.0.1', TARGET, { waves: [{ percent: 10 }, { percent: 50 }, { percent: 100 }], max_in_flight: 3 });
  const added = await call(t, 'POST', '/api/ota/rollout/add', body);
  expect(added.body.info.devices).toBe(40);
  const id = added.body.info.id as number;
  // counted, not yet written
  expect(await waveCounts(id)).toEqual([
    [4, 4, 0],
    [16, 16, 0],
    [20, 20, 0],
  ]);
  expect(await rowsOf(id)).toBe(0);
  // after the add: five chosen devices move to another version, three others move onto the chosen one
  await t.db.query("UPDATE devices SET firmware_version = '7.0.9' WHERE id = ANY($1::bigint[])", [chosen.slice(0, 5)]);
  await t.db.query("UPDATE devices SET firmware_version = '7.0.1' WHERE id = ANY($1::bigint[])", [later]);

  await new RolloutOrchestrator(t.db).tick(t.clock.now());
  const rows = await deviceStates(t.db, id);
  expect(rows.map((r) => r.device_id).sort((a, b) => a - b)).toEqual([...chosen].sort((a, b) => a - b));
  expect(rows.filter((r) => r.wave === 0)).toHaveLength(4);
  // the first wave, written, was dispatched in the same tick (its cap: 3)
  expect(rows.filter((r) => r.state === 'in_flight').every((r) => r.wave === 0)).toBe(true);
  expect(rows.filter((r) => r.state === 'in_flight')).toHaveLength(3);
  expect((await infoOf(t, id)).total).toMatchObject({ devices: 40, queued: 37, in_flight: 3 });
  // the work tables are emptied once every row is written
  expect(await workRows(id)).toBe(0);
  const list = await call(t, 'GET', `/api/ota/rollout/devices?rollout_id=${id}&deviceType=bulb&limit=50`);
  expect(list.body.info.total).toBe(40);
});

it('says in the info how many devices of each wave are not listed yet, and publishes the progress after each step of writing them', async () => {
  await bulbsOn(t.db, '7.0.6', 30);
  const id = await startRollout(t, addBody('7.0.6', TARGET, { waves: [{ percent: 50 }, { percent: 100 }] }));
  const unwritten = async () => (await infoOf(t, id)).waves.map((w) => w.unwritten);
  expect(await unwritten()).toEqual([15, 15]);
  const steps: number[][] = [];
  expect(await writeRollout(t.db, id, () => false, async () => void steps.push(await unwritten()))).toBe(true);
  // placed, then 20 rows a batch in position order: the first wave's 15 and 5 of the second, then the rest
  expect(steps).toEqual([
    [15, 15],
    [0, 10],
    [0, 0],
  ]);
  const list = await call(t, 'GET', `/api/ota/rollout/devices?rollout_id=${id}&deviceType=bulb&limit=50`);
  expect(list.body.info.data).toHaveLength(30);

  // the orchestrator's tick, writing what an add left, publishes as it writes
  await bulbsOn(t.db, '7.0.7', 30);
  const next = await startRollout(t, addBody('7.0.7', TARGET));
  const bus = new LocalLiveBus();
  const heard: LiveEvent[] = [];
  bus.subscribe((events) => heard.push(...events));
  await new RolloutOrchestrator(t.db, bus).tick(t.clock.now());
  expect(await rowsOf(next)).toBe(30);
  // the writing's steps (placed, two batches), then the dispatch: more than the dispatch's one
  expect(heard.filter((e) => e.kind === 'rollout_progress' && e.rollout_id === next).length).toBeGreaterThanOrEqual(2);
});

it('counts devices without rows yet as in another rollout, until that rollout is aborted', async () => {
  await bulbsOn(t.db, '7.0.3', 12);
  const first = await startRollout(t, addBody('7.0.3', TARGET));
  expect(await rowsOf(first)).toBe(0);
  const previewBody = { deviceType: 'bulb', firmware_version: TARGET, from_versions: ['7.0.3'], waves: [{ percent: 100 }] };
  const busy = await call(t, 'POST', '/api/ota/rollout/preview', previewBody);
  expect(busy.body.info).toMatchObject({ devices: 0, excluded: { in_other_rollout: 12 } });
  expect((await call(t, 'POST', '/api/ota/rollout/add', addBody('7.0.3', TARGET))).status).toBe(400);

  expect((await call(t, 'PUT', '/api/ota/rollout/abort', { rollout_id: first, deviceType: 'bulb' })).status).toBe(200);
  const free = await call(t, 'POST', '/api/ota/rollout/preview', previewBody);
  expect(free.body.info).toMatchObject({ devices: 12, excluded: { in_other_rollout: 0 } });
});

it('cancels the devices without rows on abort, and writes their rows cancelled', async () => {
  await bulbsOn(t.db, '7.0.4', 15);
  const id = await startRollout(t, addBody('7.0.4', TARGET, { waves: [{ percent: 20 }, { percent: 100 }] }));
  await call(t, 'PUT', '/api/ota/rollout/abort', { rollout_id: id, deviceType: 'bulb' });
  expect((await infoOf(t, id)).total).toMatchObject({ devices: 15, queued: 0, cancelled: 15 });
  await new RolloutOrchestrator(t.db).tick(t.clock.now());
  const rows = await deviceStates(t.db, id);
  expect(rows).toHaveLength(15);
  expect(rows.every((r) => r.state === 'cancelled')).toBe(true);
  expect(await waveCounts(id)).toEqual([
    [3, 0, 3],
    [12, 0, 12],
  ]);
  expect(await workRows(id)).toBe(0);
});

it('counts a device deleted before its row is written as cancelled, keeping the total', async () => {
  const devices = await bulbsOn(t.db, '7.0.5', 14);
  const id = await startRollout(t, addBody('7.0.5', TARGET, { waves: [{ percent: 50 }, { percent: 100 }] }));
  await t.db.query('DELETE FROM devices WHERE id = ANY($1::bigint[])', [devices.slice(0, 2)]);
  await new RolloutOrchestrator(t.db).tick(t.clock.now());
  expect(await rowsOf(id)).toBe(12);
  const info = await infoOf(t, id);
  expect(info.total).toMatchObject({ devices: 14, cancelled: 2 });
  expect(info.waves.map((w) => w.devices)).toEqual([7, 7]);
});

it('writes the rows a stopped job left, and no row twice, when the job and a tick share the work', async () => {
  await bulbsOn(t.db, '7.0.6', 30);
  const id = await startRollout(t, addBody('7.0.6', TARGET, { max_in_flight: 1 }));
  // one step (the places), then stopped: the tick takes it from there
  expect(await writeRollout(t.db, id, () => true)).toBe(false);
  expect(await rowsOf(id)).toBe(0);
  await new RolloutOrchestrator(t.db).tick(t.clock.now());
  expect(await rowsOf(id)).toBe(30);
  expect(await writeRollout(t.db, id)).toBe(true);
  expect(await rowsOf(id)).toBe(30);
});
