// Faults a heat pump raises after installing the demo failing firmware go live as they happen (Fault
// Management and the dashboards hear them) and into the pump's activity, like the pumps' own faults.
import { LocalLiveBus } from '../../src/modules/live/bus';
import type { LiveEvent } from '../../src/modules/live/events';
import { RolloutOrchestrator } from '../../src/modules/rollouts/orchestrator';
import { OtaSimulator } from '../../src/simulator/simulator';
import { addDevices, otaAppForFile } from '../ota/support';
import { addBody, startRollout } from '../rollouts/support';
import { SETUP_TIMEOUT } from '../support/app';

const t = otaAppForFile();
const FAILING = '9.4.99';

beforeAll(async () => {
  await t.db.query("INSERT INTO firmwares (product_line, device_type, version, file_name) VALUES ('heat_pump', 'heat_pump', $1, 'h.bin')", [FAILING]);
}, SETUP_TIMEOUT);

it('publishes each after-install fault on the live bus with its device, and records it in the activity', async () => {
  const pumps = await addDevices(t.db, 'heat_pump', 'HPLIVE', '9.4.2', 12);
  await startRollout(t, addBody('9.4.2', FAILING, { deviceType: 'heat_pump', min_finished: 100 }));
  const bus = new LocalLiveBus();
  const heard: LiveEvent[] = [];
  bus.subscribe((events) => heard.push(...events));
  const orchestrator = new RolloutOrchestrator(t.db);
  const simulator = new OtaSimulator(t.db, { bus });
  const now = t.clock.now();
  await orchestrator.tick(now);
  await simulator.tick(now);
  await simulator.tick(now);

  const raised = await t.db.query<{ id: number; device_id: number }>(
    "SELECT id::int AS id, device_id::int AS device_id FROM faults WHERE device_id = ANY($1::bigint[]) AND fault_code = 'E01' ORDER BY id",
    [pumps],
  );
  expect(raised.rows.length).toBeGreaterThan(0);
  const faultEvents = heard.flatMap((e) => (e.kind === 'fault' ? [{ id: e.fault_id, device_id: e.device.device_id, code: e.fault_code }] : []));
  expect(faultEvents.sort((a, b) => a.id - b.id)).toEqual(raised.rows.map((r) => ({ ...r, code: 'E01' })));
  const activity = await t.db.query<{ device_id: number }>(
    "SELECT device_id::int AS device_id FROM heat_pump_events WHERE event = 'fault' AND fault_code = 'E01' AND device_id = ANY($1::bigint[]) ORDER BY device_id",
    [pumps],
  );
  expect(activity.rows.map((r) => r.device_id)).toEqual(raised.rows.map((r) => r.device_id).sort((a, b) => a - b));
});
