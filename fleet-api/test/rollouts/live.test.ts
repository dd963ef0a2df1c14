// A rollout's progress goes live (issue 22): one `rollout_progress` per rollout and orchestrator tick
// however many devices changed, with per-wave and total counts, to Admin consoles only; the push
// counts (`rollout`) keep their meaning.
import type { AddressInfo } from 'node:net';
import type { LiveEvent, LiveMessage } from '../../src/modules/live/events';
import { LocalLiveBus } from '../../src/modules/live/bus';
import { RolloutOrchestrator } from '../../src/modules/rollouts/orchestrator';
import { bearer, signIn, SETUP_TIMEOUT } from '../support/app';
import { otaAppForFile } from '../ota/support';
import { listenLive, type LiveListener } from '../support/live-socket';
import { addBody, bulbsOn, report, startRollout } from './support';

const t = otaAppForFile();
const TARGET = '9.5.0';
const sockets: Record<'Admin' | 'Agency', LiveListener> = {} as never;

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  await t.db.query("INSERT INTO firmwares (product_line, device_type, version, file_name) VALUES ('bulb', 'bulb', $1, 'b.bin')", [TARGET]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  sockets.Admin = await listenLive(base, (await signIn(t.app, 'admin@demo.test')).token);
  sockets.Agency = await listenLive(base, (await signIn(t.app, 'agency@demo.test')).token);
}, SETUP_TIMEOUT);
afterAll(() => {
  for (const s of Object.values(sockets)) s.socket.close();
});

const progressOf = (messages: LiveMessage[], id: number) =>
  messages.flatMap((m) => (!Array.isArray(m) && 'rollout_progress' in m && m.rollout_progress.rollout_id === id ? [m.rollout_progress] : []));

it('publishes one progress event per rollout and tick, however many devices changed, with per-wave counts', async () => {
  const devices = await bulbsOn(t.db, '9.4.1', 60);
  const id = await startRollout(t, addBody('9.4.1', TARGET, { waves: [{ count: 40 }, { count: 60 }], min_finished: 100 }));
  const bus = new LocalLiveBus();
  const heard: LiveEvent[] = [];
  bus.subscribe((events) => heard.push(...events));
  const orchestrator = new RolloutOrchestrator(t.db, bus);
  await orchestrator.tick(t.clock.now());
  await report(t.db, devices, 'installed', TARGET);
  await orchestrator.tick(t.clock.now());
  // nothing changed: nothing sent
  await new RolloutOrchestrator(t.db, bus).tick(t.clock.now());
  const progress = heard.filter((e) => e.kind === 'rollout_progress');
  expect(progress).toHaveLength(2);
  expect(progress.at(-1)).toMatchObject({
    rollout_id: id,
    product_line: 'bulb',
    state: 'running',
    waves: [
      { wave: 1, devices: 40, installed: 40, in_flight: 0 },
      { wave: 2, devices: 20, in_flight: 20 },
    ],
    total: { devices: 60, installed: 40, in_flight: 20, queued: 0 },
  });
});

it('reaches Admin consoles only', async () => {
  await bulbsOn(t.db, '9.4.2', 3);
  const id = await startRollout(t, addBody('9.4.2', TARGET));
  await new RolloutOrchestrator(t.db, t.app.fleetContext.live).tick(t.clock.now());
  await until(() => progressOf(sockets.Admin.messages, id).some((p) => p.total.in_flight === 3));
  expect(progressOf(sockets.Admin.messages, id)[0]).toMatchObject({ state: 'running', total: { devices: 3, queued: 3 } });
  // the agency's socket heard the same flushes and none of them
  expect(progressOf(sockets.Agency.messages, id)).toEqual([]);
  const pause = await t.app.inject({ method: 'PUT', url: '/api/ota/rollout/pause', headers: bearer((await signIn(t.app, 'admin@demo.test')).token), payload: { rollout_id: id, deviceType: 'bulb' } });
  expect(pause.statusCode).toBe(200);
  await until(() => progressOf(sockets.Admin.messages, id).some((p) => p.state === 'paused'));
  expect(progressOf(sockets.Agency.messages, id)).toEqual([]);
});
