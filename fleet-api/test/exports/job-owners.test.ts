// Export jobs and the instance that owns them (issue 25, migration 0038), on PGlite and on PostgreSQL:
// the start-up recovery of this instance's own running job, the sweep of a job whose owner stopped
// beating, and the late final write of an owner taken for dead. Two instances: two-instances.test.ts.
import { HEARTBEAT_EXPIRY_SECONDS, HEARTBEAT_MS } from '../../src/server/instance';
import { call, otaAppForFile } from '../ota/support';
import { beatSecondsAgo, holdNextExport } from './support';

describe('export jobs and their owner', () => {
  const t = otaAppForFile();
  const me = () => t.app.fleetContext.instanceId;
  const exportFiles = async () => (await t.app.fleetContext.files.exports.inventory()).committed;
  it('ends a dead owner\'s job within a minute: the beat period plus its expiry', () => {
    expect(HEARTBEAT_MS / 1000 + HEARTBEAT_EXPIRY_SECONDS).toBeLessThan(60);
  });

  it('records the instance that owns a job', async () => {
    const started = await call(t, 'POST', '/api/device/export', { deviceType: 'all' });
    expect(started.status).toBe(200);
    await t.app.fleetContext.exports.settle();
    const { rows } = await t.db.query<{ owner_instance: string; status: string }>('SELECT owner_instance, status FROM export_jobs WHERE id = $1', [started.body.info.id]);
    expect(rows).toEqual([{ owner_instance: me(), status: 'done' }]);
  });

  it('fails at start-up the job this instance left running, and its late final write changes nothing', async () => {
    const held = holdNextExport(t.app);
    const before = await exportFiles();
    const started = await call(t, 'POST', '/api/device/export', { deviceType: 'all' });
    expect(started.body.info.status).toBe('running');
    await t.app.fleetContext.exports.recover();
    const failed = { status: 'failed', error: 'The server restarted during the export; start it again', download_link: null };
    expect((await call(t, 'GET', `/api/export/${started.body.info.id}`)).body.info).toMatchObject(failed);
    await held.release();
    expect((await call(t, 'GET', `/api/export/${started.body.info.id}`)).body.info).toMatchObject(failed);
    // the file it wrote was removed, not left without a job
    expect(await exportFiles()).toEqual(before);
  });

  it('sweeps a job whose owner stopped beating for longer than the expiry, and its starter starts another', async () => {
    const held = holdNextExport(t.app);
    const jobs = t.app.fleetContext.exports;
    const id = (await call(t, 'POST', '/api/device/export', { deviceType: 'all' })).body.info.id as number;
    // a living owner's job holds its starter back
    const again = await call(t, 'POST', '/api/device/export', { deviceType: 'all' });
    expect([again.status, again.body.message]).toEqual([409, 'An export of yours is still running; wait for it to finish']);
    await beatSecondsAgo(t.app, me(), HEARTBEAT_EXPIRY_SECONDS - 15);
    expect(await jobs.sweep()).toEqual([]);
    await beatSecondsAgo(t.app, me(), HEARTBEAT_EXPIRY_SECONDS + 15);
    expect(await jobs.sweep()).toEqual([id]);
    expect((await call(t, 'GET', `/api/export/${id}`)).body.info).toMatchObject({ status: 'failed', error: 'The server writing the export stopped; start it again' });
    // the owner beats again (it was only paused): its late final write is refused
    await t.app.fleetContext.heartbeat.tick();
    await held.release();
    expect((await call(t, 'GET', `/api/export/${id}`)).body.info).toMatchObject({ status: 'failed', download_link: null });
    const next = await call(t, 'POST', '/api/device/export', { deviceType: 'all' });
    expect(next.status).toBe(200);
    await jobs.settle();
    expect((await call(t, 'GET', `/api/export/${next.body.info.id}`)).body.info.status).toBe('done');
  });
});
