// The simulator plays a rollout's devices: it moves only dispatched jobs, some devices go silent and
// time out, some come back on their old image, the demo failing firmware trips a halt by itself, and
// heat pumps raise faults after installing it.
import { isDemoFailingVersion, OtaSimulator } from '../../src/simulator/simulator';
import { RolloutOrchestrator } from '../../src/modules/rollouts/orchestrator';
import { addDevices, otaAppForFile } from '../ota/support';
import { SETUP_TIMEOUT } from '../support/app';
import { addBody, bulbsOn, infoOf, startRollout } from './support';

const t = otaAppForFile();
const FAILING = '9.3.99';

beforeAll(async () => {
  await t.db.query(
    `INSERT INTO firmwares (product_line, device_type, version, file_name)
     VALUES ('bulb', 'bulb', $1, 'b.bin'), ('bulb', 'bulb', '9.3.5', 'b.bin'), ('heat_pump', 'heat_pump', $1, 'h.bin')`,
    [FAILING],
  );
}, SETUP_TIMEOUT);

it('knows the demo failing firmware by its patch', () => {
  expect([isDemoFailingVersion('1.3.99'), isDemoFailingVersion('1.3.9'), isDemoFailingVersion('99.1')]).toEqual([true, false, false]);
});

it('plays rollout devices: only dispatched jobs move, silent ones time out, old images fail, and the failing firmware halts it', async () => {
  await bulbsOn(t.db, '9.0.1', 200);
  const id = await startRollout(t, addBody('9.0.1', FAILING, { max_in_flight: 50, failure_threshold_percent: 20, min_finished: 60, timeout_minutes: 5 }));
  const orchestrator = new RolloutOrchestrator(t.db);
  const simulator = new OtaSimulator(t.db);
  const start = t.clock.now().getTime();
  let halted = false;
  for (let minute = 0; minute < 20 && !halted; minute += 1) {
    const now = new Date(start + minute * 60_000);
    halted = (await orchestrator.tick(now)).halted.includes(id);
    // never more jobs than the rollout dispatched
    const jobs = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ota_jobs WHERE push_id = (SELECT push_id FROM rollouts WHERE id = $1)', [id]);
    const dispatched = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM rollout_devices WHERE rollout_id = $1 AND state <> 'queued'", [id]);
    expect(jobs.rows[0]?.n).toBe(dispatched.rows[0]?.n);
    await simulator.tick(now);
    await simulator.tick(now);
  }
  const info = await infoOf(t, id);
  expect(info.state).toBe('halted');
  expect(info.halt_reason?.condition).toMatch(/failure_rate|timeouts/);
  expect(info.halt_reason!.failure_percent).toBeGreaterThan(20);
  // halted, its devices in flight still finish; the silent ones time out
  const later = start + 30 * 60_000;
  await simulator.tick(new Date(later));
  await orchestrator.tick(new Date(later));
  const after = await infoOf(t, id);
  expect(after.total.in_flight).toBe(0);
  expect(after.total.timed_out).toBeGreaterThan(0);
  expect(after.total.queued).toBe(info.total.queued);
  // the kept counters are the device rows' counts
  const counted = await t.db.query<{ wave: number; state: string; n: number }>(
    'SELECT wave + 1 AS wave, state, count(*)::int AS n FROM rollout_devices WHERE rollout_id = $1 GROUP BY 1, 2',
    [id],
  );
  for (const c of counted.rows) expect([c.wave, c.state, (after.waves[c.wave - 1] as unknown as Record<string, number>)[c.state]]).toEqual([c.wave, c.state, c.n]);
  // a device whose job says installed but that runs its old version counted as failed
  const oldImage = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rollout_devices rd JOIN ota_jobs j ON j.id = rd.job_id JOIN devices d ON d.id = rd.device_id
      WHERE rd.rollout_id = $1 AND j.state = 'installed' AND rd.state = 'failed' AND d.firmware_version = '9.0.1'`,
    [id],
  );
  expect(oldImage.rows[0]?.n).toBeGreaterThan(0);
});

it('raises heat-pump faults after the failing firmware installs', async () => {
  const pumps = await addDevices(t.db, 'heat_pump', 'HPSIM', '9.0.2', 12);
  const id = await startRollout(t, { ...addBody('9.0.2', FAILING, { deviceType: 'heat_pump', min_finished: 100 }) });
  const orchestrator = new RolloutOrchestrator(t.db);
  const simulator = new OtaSimulator(t.db);
  const now = t.clock.now();
  await orchestrator.tick(now);
  await simulator.tick(now);
  await simulator.tick(now);
  const { rows } = await t.db.query<{ device_id: number }>(
    "SELECT DISTINCT device_id::int AS device_id FROM faults WHERE device_id = ANY($1::bigint[]) AND fault_code = 'E01'",
    [pumps],
  );
  const installedEven = await t.db.query<{ id: number }>(
    `SELECT d.id::int AS id FROM devices d WHERE d.id = ANY($1::bigint[]) AND d.firmware_version = $2 AND d.id % 2 = 0`,
    [pumps, FAILING],
  );
  expect(rows.map((r) => r.device_id).sort()).toEqual(installedEven.rows.map((r) => r.id).sort());
  expect(rows.length).toBeGreaterThan(0);
  expect((await infoOf(t, id, 'heat_pump')).state).toBe('running');
});
