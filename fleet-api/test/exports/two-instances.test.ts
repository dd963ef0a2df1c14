// Export jobs of two fleet-api instances on one PostgreSQL (issue 25, "Jobs across instances"): a
// restart of A fails A's own running job and leaves B's running; a job of B once B stopped beating is
// failed by A's sweep, its starter starts another on A, and B's late final write changes nothing.
// PostgreSQL only (CI runs it with TEST_DATABASE_URL): on PGlite there is one instance.
jest.setTimeout(60_000);
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { openDatabase, type Db } from '../../src/db';
import { HEARTBEAT_EXPIRY_SECONDS } from '../../src/server/instance';
import { bearer, signIn } from '../support/app';
import { call, otaAppForFile } from '../ota/support';
import { beatSecondsAgo, holdNextExport } from './support';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('export jobs of two instances of one PostgreSQL fleet', () => {
  const dataDirs: string[] = [];
  const opened: Array<{ app: FastifyInstance; db: Db }> = [];
  // declared before A's: the other instances close while A's database is still there
  afterAll(async () => {
    for (const { app, db } of opened.reverse()) {
      await app.close();
      await db.close();
    }
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });
  const a = otaAppForFile();
  let b: FastifyInstance;
  let agency: Record<string, string>;

  /** Another instance on the same database, with its own pool, folder and name. */
  async function instance(instanceId: string): Promise<FastifyInstance> {
    const db = await openDatabase({ databaseUrl: a.db.url ?? '' });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-instance-'));
    dataDirs.push(dataDir);
    const app = await buildApp({ db, config: { ...a.config, dataDir }, instanceId });
    opened.push({ app, db });
    return app;
  }
  const agencyExport = (on: FastifyInstance) =>
    on.inject({ method: 'POST', url: '/api/agency/devices/download-csv', headers: agency, payload: { csvtype: 'devices', all: true, group: 'agency' } });
  const stateOf = async (id: number) =>
    (await a.db.query<{ status: string; error: string | null; owner_instance: string }>('SELECT status, error, owner_instance FROM export_jobs WHERE id = $1', [id])).rows[0];

  beforeAll(async () => {
    b = await instance('instance-b');
    agency = bearer((await signIn(a.app, 'agency@demo.test')).token);
  });

  it("restarting A fails A's own running job and leaves B's running", async () => {
    const heldOnA = holdNextExport(a.app);
    const heldOnB = holdNextExport(b);
    const onA = (await call(a, 'POST', '/api/device/export', { deviceType: 'all' })).body.info.id as number;
    const onB = (await agencyExport(b)).json<{ info: { id: number } }>().info.id;
    // A again under the same INSTANCE_ID (a restarted container) while the old process is not gone yet
    await instance(a.app.fleetContext.instanceId);
    expect(await stateOf(onA)).toMatchObject({ status: 'failed', error: 'The server restarted during the export; start it again' });
    expect(await stateOf(onB)).toEqual({ status: 'running', error: null, owner_instance: 'instance-b' });
    await heldOnB.release();
    expect(await stateOf(onB)).toMatchObject({ status: 'done' });
    // the old A's late final write changes nothing
    await heldOnA.release();
    expect(await stateOf(onA)).toMatchObject({ status: 'failed' });
  });

  it("fails on A's sweep the job of B once B stopped beating; its starter starts another on A", async () => {
    const held = holdNextExport(b);
    const started = await agencyExport(b);
    expect(started.statusCode).toBe(200);
    const id = started.json<{ info: { id: number } }>().info.id;
    // B stops beating (buildApp starts no timer: main.ts does), and the expiry passes
    await beatSecondsAgo(a.app, 'instance-b', HEARTBEAT_EXPIRY_SECONDS + 5);
    // A's timer's work, driven here: beat, then sweep
    await a.app.fleetContext.heartbeat.tick();
    expect(await stateOf(id)).toMatchObject({ status: 'failed', error: 'The server writing the export stopped; start it again' });
    const next = await agencyExport(a.app);
    expect(next.statusCode).toBe(200);
    await a.app.fleetContext.exports.settle();
    expect(await stateOf(next.json<{ info: { id: number } }>().info.id)).toMatchObject({ status: 'done', owner_instance: a.app.fleetContext.instanceId });
    // B wakes up and finishes: its final write does not replace the failed state
    await held.release();
    expect(await stateOf(id)).toMatchObject({ status: 'failed' });
  });
});
