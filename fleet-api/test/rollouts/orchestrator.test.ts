// The orchestrator's decisions, driven by explicit ticks: success is the version a device reports,
// every halt condition with its figures, the caps, and the window in two time zones across a
// daylight-saving change.
import { addDevices, call, otaAppForFile } from '../ota/support';
import { SETUP_TIMEOUT } from '../support/app';
import { RolloutOrchestrator } from '../../src/modules/rollouts/orchestrator';
import { addBody, bulbsOn, deviceStates, infoOf, report, startRollout } from './support';

const t = otaAppForFile();
const TARGET = '8.9.0';
const HP_TARGET = '8.9.1';
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  await t.db.query(
    `INSERT INTO firmwares (product_line, device_type, version, file_name) VALUES ('bulb', 'bulb', $1, 'b.bin'), ('heat_pump', 'heat_pump', $2, 'h.bin')`,
    [TARGET, HP_TARGET],
  );
}, SETUP_TIMEOUT);

const ids = async (rolloutId: number, state: string) => (await deviceStates(t.db, rolloutId)).filter((d) => d.state === state).map((d) => d.device_id);

it('counts a device installed only when it reports the target; the old version after an "installed" job is a failure', async () => {
  const [good, stale] = await bulbsOn(t.db, '8.0.1', 2);
  const id = await startRollout(t, addBody('8.0.1', TARGET, { min_finished: 100 }));
  const o = new RolloutOrchestrator(t.db);
  await o.tick(t.clock.now());
  // the job says installed for both, but one device comes back on its old image
  await report(t.db, [stale!], 'installed', null);
  await o.tick(t.clock.now());
  expect(await ids(id, 'in_flight')).toEqual([good]);
  expect(await ids(id, 'failed')).toEqual([stale]);
  await report(t.db, [good!], 'installed', TARGET);
  await o.tick(t.clock.now());
  expect((await infoOf(t, id)).total).toMatchObject({ installed: 1, failed: 1, in_flight: 0 });
});

it('halts on the failure share once min_finished finished, with the figures', async () => {
  await bulbsOn(t.db, '8.0.2', 10);
  const id = await startRollout(t, addBody('8.0.2', TARGET, { failure_threshold_percent: 25, min_finished: 4, max_in_flight: 2 }));
  const o = new RolloutOrchestrator(t.db);
  await o.tick(t.clock.now());
  const [a, b] = await ids(id, 'in_flight');
  await report(t.db, [a!], 'failed', null);
  await report(t.db, [b!], 'installed', TARGET);
  await o.tick(t.clock.now());
  // 1 failed of 2 finished: 50 %, but fewer than min_finished: it goes on
  expect((await infoOf(t, id)).state).toBe('running');
  const [c, d] = await ids(id, 'in_flight');
  await report(t.db, [c!, d!], 'installed', TARGET);
  await o.tick(t.clock.now());
  // 1 of 4: 25 % is not above 25 %
  expect((await infoOf(t, id)).state).toBe('running');
  const [e] = await ids(id, 'in_flight');
  await report(t.db, [e!], 'failed', null);
  const result = await o.tick(t.clock.now());
  expect(result.halted).toEqual([id]);
  const info = await infoOf(t, id);
  expect(info.state).toBe('halted');
  expect(info.halt_reason).toMatchObject({ condition: 'failure_rate', finished: 5, failed: 2, timed_out: 0, failure_percent: 40, fault_guard: null });
  // halted: nothing more is dispatched
  const flying = (await ids(id, 'in_flight')).length;
  await o.tick(t.clock.now());
  expect((await ids(id, 'in_flight')).length).toBe(flying);
  await call(t, 'PUT', '/api/ota/rollout/abort', { rollout_id: id, deviceType: 'bulb' });
});

it('times out a device in flight longer than timeout_minutes, ends its job, and halts on timeouts', async () => {
  await bulbsOn(t.db, '8.0.3', 3);
  const id = await startRollout(t, addBody('8.0.3', TARGET, { failure_threshold_percent: 50, min_finished: 3, timeout_minutes: 30 }));
  const o = new RolloutOrchestrator(t.db);
  const start = t.clock.now();
  await o.tick(start);
  const [first, ...silent] = await ids(id, 'in_flight');
  await report(t.db, [first!], 'installed', TARGET);
  await o.tick(new Date(start.getTime() + 29 * 60_000));
  expect((await infoOf(t, id)).total).toMatchObject({ installed: 1, in_flight: 2, timed_out: 0 });
  await o.tick(new Date(start.getTime() + 30 * 60_000));
  const info = await infoOf(t, id);
  expect(info.total).toMatchObject({ installed: 1, in_flight: 0, timed_out: 2 });
  expect(info.halt_reason).toMatchObject({ condition: 'timeouts', finished: 3, failed: 0, timed_out: 2, failure_percent: 66.67 });
  const jobs = await t.db.query<{ state: string }>('SELECT state FROM ota_jobs WHERE device_id = ANY($1::bigint[])', [silent]);
  expect(jobs.rows.map((j) => j.state)).toEqual(['failed', 'failed']);
  await call(t, 'PUT', '/api/ota/rollout/abort', { rollout_id: id, deviceType: 'bulb' });
});

it('halts heat pumps whose updated devices raise new faults more often than the devices not yet updated', async () => {
  const pumps = await addDevices(t.db, 'heat_pump', 'HPRO', '8.0.4', 10);
  // the line's devices not updated: the demo's few (some with faults) and these, without
  await addDevices(t.db, 'heat_pump', 'HPCTL', '8.0.9', 24);
  const body = {
    ...addBody('8.0.4', HP_TARGET, { deviceType: 'heat_pump', min_finished: 10, failure_threshold_percent: 50 }),
    fault_guard: { hours: 24, points: 20 },
  };
  const id = await startRollout(t, body);
  const o = new RolloutOrchestrator(t.db);
  const now = t.clock.now();
  await o.tick(now);
  await report(t.db, pumps, 'installed', HP_TARGET);
  await o.tick(now);
  // every wave is done, but it stays running (guarded) for the fault guard's hours after the last install
  expect((await infoOf(t, id, 'heat_pump')).state).toBe('running');
  // half of them raise a fault within the hours after installing; a fault before the install does not count
  const later = new Date(now.getTime() + 3600_000);
  await t.db.query(
    `INSERT INTO faults (device_id, fault_code, history_datetime) SELECT unnest($1::bigint[]), 'E7', $2`,
    [pumps.slice(0, 5), later.toISOString()],
  );
  await t.db.query(`INSERT INTO faults (device_id, fault_code, history_datetime) VALUES ($1, 'E7', $2)`, [
    pumps[9],
    new Date(now.getTime() - 3600_000).toISOString(),
  ]);
  const result = await o.tick(later);
  expect(result.halted).toEqual([id]);
  const reason = (await infoOf(t, id, 'heat_pump')).halt_reason;
  expect(reason?.condition).toBe('fault_guard');
  expect(reason?.fault_guard).toMatchObject({ hours: 24, points: 20, updated: 10, updated_with_fault: 5, updated_percent: 50 });
  expect(reason!.fault_guard!.updated_percent! - reason!.fault_guard!.others_percent!).toBeGreaterThan(20);
});

it('cancels a device deleted after the add, so its wave still ends', async () => {
  const [kept, deleted] = await bulbsOn(t.db, '8.0.6', 2);
  const id = await startRollout(t, addBody('8.0.6', TARGET, { min_finished: 100 }));
  await t.db.query('DELETE FROM devices WHERE id = $1', [deleted]);
  const o = new RolloutOrchestrator(t.db);
  await o.tick(t.clock.now());
  expect(await ids(id, 'in_flight')).toEqual([kept]);
  expect(await ids(id, 'cancelled')).toEqual([deleted]);
  await report(t.db, [kept!], 'installed', TARGET);
  await o.tick(t.clock.now());
  await o.tick(t.clock.now());
  expect((await infoOf(t, id)).state).toBe('finished');
});

it('keeps within max_in_flight and max_per_minute', async () => {
  await bulbsOn(t.db, '8.0.5', 12);
  const id = await startRollout(t, addBody('8.0.5', TARGET, { max_in_flight: 5, max_per_minute: 3, min_finished: 100 }));
  const o = new RolloutOrchestrator(t.db);
  const minute = at('2026-11-02T10:00:05Z');
  await o.tick(minute);
  await o.tick(new Date(minute.getTime() + 20_000));
  expect((await ids(id, 'in_flight')).length).toBe(3);
  await o.tick(new Date(minute.getTime() + 60_000));
  expect((await ids(id, 'in_flight')).length).toBe(5);
  await report(t.db, await ids(id, 'in_flight'), 'installed', TARGET);
  await o.tick(new Date(minute.getTime() + 120_000));
  expect((await ids(id, 'in_flight')).length).toBe(3);
  await call(t, 'PUT', '/api/ota/rollout/abort', { rollout_id: id, deviceType: 'bulb' });
});

it('caps dispatches per sliding minute: at most max_per_minute in any 60 s, not per calendar minute', async () => {
  await bulbsOn(t.db, '8.0.6', 12);
  const id = await startRollout(t, addBody('8.0.6', TARGET, { max_in_flight: 100, max_per_minute: 3, min_finished: 100 }));
  const o = new RolloutOrchestrator(t.db);
  const start = at('2026-11-02T10:00:50Z');
  const after = async (seconds: number) => {
    await o.tick(new Date(start.getTime() + seconds * 1000));
    return (await ids(id, 'in_flight')).length;
  };
  expect(await after(0)).toBe(3);
  // 10:01:10 is a new calendar minute, but only 20 s after the three: a calendar cap would send three more
  expect(await after(20)).toBe(3);
  expect(await after(59.999)).toBe(3);
  expect(await after(60)).toBe(6);
  expect(await after(90)).toBe(6);
  expect(await after(120)).toBe(9);
  await call(t, 'PUT', '/api/ota/rollout/abort', { rollout_id: id, deviceType: 'bulb' });
});

describe('the maintenance window, in the local time of each device property', () => {
  /** Two bulbs on `version`, one at a Sydney (NSW) property and one at a Brisbane (QLD) one. */
  async function sydneyAndBrisbane(version: string): Promise<{ sydney: number; brisbane: number }> {
    const [sydney, brisbane] = await bulbsOn(t.db, version, 2);
    for (const [device, state] of [[sydney, 'NSW'], [brisbane, 'QLD']] as const) {
      const p = await t.db.query<{ id: number }>('INSERT INTO properties (state) VALUES ($1) RETURNING id', [state]);
      await t.db.query('UPDATE devices SET property_id = $2 WHERE id = $1', [device, p.rows[0]?.id]);
    }
    return { sydney: sydney!, brisbane: brisbane! };
  }
  const windowed = (version: string) => addBody(version, TARGET, { window: { start: '01:00', end: '02:00' }, min_finished: 100, timeout_minutes: 600 });

  it('before daylight saving: Sydney and Brisbane open at the same instant', async () => {
    const { sydney, brisbane } = await sydneyAndBrisbane('8.1.1');
    const id = await startRollout(t, windowed('8.1.1'));
    const o = new RolloutOrchestrator(t.db);
    await o.tick(at('2026-10-01T14:59:00Z')); // 00:59 in both
    expect(await ids(id, 'in_flight')).toEqual([]);
    await o.tick(at('2026-10-01T15:59:00Z')); // 01:59 in both
    expect((await ids(id, 'in_flight')).sort()).toEqual([sydney, brisbane].sort());
  });

  it('after the first Sunday of October: Sydney (daylight saving) opens an hour before Brisbane', async () => {
    const { sydney, brisbane } = await sydneyAndBrisbane('8.1.2');
    const id = await startRollout(t, windowed('8.1.2'));
    const o = new RolloutOrchestrator(t.db);
    await o.tick(at('2026-10-05T13:59:00Z')); // Sydney 00:59, Brisbane 23:59
    expect(await ids(id, 'in_flight')).toEqual([]);
    await o.tick(at('2026-10-05T14:59:00Z')); // Sydney 01:59, Brisbane 00:59
    expect(await ids(id, 'in_flight')).toEqual([sydney]);
    await o.tick(at('2026-10-05T15:59:00Z')); // Sydney 02:59, Brisbane 01:59
    expect((await ids(id, 'in_flight')).sort()).toEqual([sydney, brisbane].sort());
  });

  it('after the first Sunday of April: the same instant again', async () => {
    const { sydney, brisbane } = await sydneyAndBrisbane('8.1.3');
    const id = await startRollout(t, windowed('8.1.3'));
    const o = new RolloutOrchestrator(t.db);
    await o.tick(at('2027-04-05T14:59:00Z')); // 00:59 in both (Sydney back on +10)
    expect(await ids(id, 'in_flight')).toEqual([]);
    await o.tick(at('2027-04-05T15:59:00Z'));
    expect((await ids(id, 'in_flight')).sort()).toEqual([sydney, brisbane].sort());
  });

  it('takes a window that passes midnight', async () => {
    const { sydney } = await sydneyAndBrisbane('8.1.5');
    const id = await startRollout(t, addBody('8.1.5', TARGET, { window: { start: '23:00', end: '01:00' }, min_finished: 100, timeout_minutes: 600 }));
    const o = new RolloutOrchestrator(t.db);
    await o.tick(at('2026-11-02T11:59:00Z')); // Sydney 22:59 (AEDT), Brisbane 21:59
    expect(await ids(id, 'in_flight')).toEqual([]);
    await o.tick(at('2026-11-02T13:59:00Z')); // Sydney 00:59: its window's last minute; Brisbane 23:59
    expect(await ids(id, 'in_flight')).toContain(sydney);
  });

  it('jitters each device start inside the window, the same way every time', async () => {
    const devices = await bulbsOn(t.db, '8.1.4', 20);
    const id = await startRollout(t, windowed('8.1.4'));
    const o = new RolloutOrchestrator(t.db);
    // no property: Sydney time; 01:15 AEDT
    await o.tick(at('2026-11-02T14:15:00Z'));
    const early = (await ids(id, 'in_flight')).length;
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(devices.length);
    await o.tick(at('2026-11-02T14:59:00Z'));
    expect((await ids(id, 'in_flight')).length).toBe(devices.length);
  });
});
