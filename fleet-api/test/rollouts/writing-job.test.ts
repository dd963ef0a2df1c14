// The add's own job (docs/rollouts.md, Creation): with rollouts on, a large add's rows are written once
// it has answered, and each step of that writing publishes the rollout's progress, so a console that
// has the rollout open reads its info (`unwritten` per wave) and its device list again as they fill in.
import type { LiveEvent } from '../../src/modules/live/events';
import { creationLimits } from '../../src/modules/rollouts/creation';
import { SETUP_TIMEOUT } from '../support/app';
import { otaAppForFile } from '../ota/support';
import { addBody, bulbsOn, infoOf, startRollout } from './support';

// the orchestrator's first tick is an interval away (ten minutes): only the add's job writes here
const t = otaAppForFile({ rollouts: { enabled: true, intervalMs: 600_000 } });
const TARGET = '7.9.2';
const saved = { ...creationLimits };

beforeAll(async () => {
  await t.db.query("INSERT INTO firmwares (product_line, device_type, version, file_name) VALUES ('bulb', 'bulb', $1, 'b.bin')", [TARGET]);
  Object.assign(creationLimits, { writtenAtAdd: 10, rowsPerBatch: 20 });
}, SETUP_TIMEOUT);
afterAll(() => Object.assign(creationLimits, saved));

it("publishes the rollout's progress after each step of writing its rows, until none is left unwritten", async () => {
  const heard: LiveEvent[] = [];
  const stop = t.app.fleetContext.live.subscribe((events) => heard.push(...events));
  try {
    await bulbsOn(t.db, '7.2.0', 30);
    const id = await startRollout(t, addBody('7.2.0', TARGET, { waves: [{ percent: 50 }, { percent: 100 }] }));
    const progress = () => heard.filter((e) => e.kind === 'rollout_progress' && e.rollout_id === id);
    // the add's own event, then one a step: placed, and two batches of 20
    const end = Date.now() + 10_000;
    while (progress().length < 4 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(progress()).toHaveLength(4);
    expect((await infoOf(t, id)).waves.map((w) => w.unwritten)).toEqual([0, 0]);
  } finally {
    stop();
  }
});
