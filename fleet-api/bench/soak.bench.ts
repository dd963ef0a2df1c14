/**
 * The soak and kill benchmarks of issue 25 on `npm run start:cluster` (docs/deploy.md, "Soak and kill
 * benchmarks"). Three runs, each on a cluster of its own (scripts/cluster/start-cluster.mjs with its own
 * data folder under the temp dir, its own PostgreSQL and ports, FLEET_SEED_DEVICES devices):
 * - baseline: 1 instance behind nginx at half the load (50 consoles, 500 heat-pump events/s, 10 writes/s,
 *   25 reads/s), SOAK_BASELINE_MINUTES (default 10);
 * - soak: 2 instances, 100 consoles, 1,000 events/s, 20 writes/s, 50 reads/s, SOAK_MINUTES (default 30);
 * - kill: the soak's load for SOAK_KILL_MINUTES (default 15); the instance holding the simulator's lock
 *   is killed with SIGKILL at 10/15 of the run and started again at 12/15 (SIGUSR2 to start-cluster).
 * SOAK_PHASES=baseline,soak,kill chooses the runs. The load (consoles, writes, reads) comes from
 * soak-driver.ts in a child process; this process samples each instance's RSS from /proc every 10 s and
 * the load average every minute, counts the simulator's events in the database, and afterwards looks
 * for every acknowledged write in the database.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { BenchContext } from './types';
import type { DriverMessage, FailedCall, SoakPlan, SoakReport, WriteRecord } from './soak-types';

export const name = 'soak';

const repoRoot = path.resolve(__dirname, '..', '..');
const tsxCli = require.resolve('tsx/cli');
const minutesOf = (value: string | undefined, fallback: number) => {
  const n = Number(value ?? fallback);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`soak durations are minutes above 0 (got "${value}")`);
  return n;
};
const DEVICES = Number(process.env.SOAK_DEVICES ?? 10_000);
const PHASES = (process.env.SOAK_PHASES ?? 'baseline,soak,kill').split(',').map((p) => p.trim());
const WARMUP_SECONDS = 120;
const SAMPLE_MS = 10_000;

interface Load {
  instances: number;
  consoles: Array<{ role: string; email: string; count: number }>;
  eventsPerSecond: number;
  writesPerSecond: number;
  readsPerSecond: number;
}

const consoles = (admin: number, agency: number, mscc: number, sm: number) => [
  { role: 'Admin', email: 'admin@demo.test', count: admin },
  { role: 'Agency', email: 'agency@demo.test', count: agency },
  { role: 'mscc', email: 'mscc@demo.test', count: mscc },
  { role: 'sm', email: 'sm@demo.test', count: sm },
];
const FULL: Load = { instances: 2, consoles: consoles(40, 30, 15, 15), eventsPerSecond: 1000, writesPerSecond: 20, readsPerSecond: 50 };
const HALF: Load = { instances: 1, consoles: consoles(20, 15, 8, 7), eventsPerSecond: 500, writesPerSecond: 10, readsPerSecond: 25 };

interface ClusterState {
  balancerUrl: string;
  consoleUrl: string;
  databaseUrl: string;
  instances: Array<{ name: string; url: string; pid: number }>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const loadAverage = () => os.loadavg().map((l) => round(l, 2));

/** VmRSS (MB) and CPU seconds (user + system) of a process, from /proc; null once it is gone. */
function processFigures(pid: number): { rssMb: number; cpuSeconds: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    // stat's fields after the command's closing parenthesis: utime and stime are the 12th and 13th
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(rssKb) ? { rssMb: rssKb / 1024, cpuSeconds: ticks / 100 } : null;
  } catch {
    return null;
  }
}

/** Least-squares slope of RSS in MB per hour, after the warm-up (the run's first quarter when it is short). */
function rssFigures(samples: Array<[number, number]>, seconds: number) {
  const warm = samples.filter(([t]) => t >= Math.min(WARMUP_SECONDS, seconds / 4));
  const n = warm.length;
  const mt = warm.reduce((s, [t]) => s + t, 0) / Math.max(1, n);
  const mv = warm.reduce((s, [, v]) => s + v, 0) / Math.max(1, n);
  const slope = warm.reduce((s, [t, v]) => s + (t - mt) * (v - mv), 0) / Math.max(1e-9, warm.reduce((s, [t]) => s + (t - mt) ** 2, 0));
  const slopeMbPerHour = round(slope * 3600);
  return {
    samples: samples.length,
    samplesAfterWarmup: n,
    afterWarmupMb: round(warm[0]?.[1] ?? 0),
    atEndMb: round(warm[n - 1]?.[1] ?? 0),
    peakMb: round(Math.max(0, ...samples.map(([, v]) => v))),
    slopeMbPerHour,
    // flat: the fitted line would grow by less than 5% of the instance's RSS in an hour (a fall is no leak)
    flat: n >= 3 && slopeMbPerHour < 0.05 * mv,
  };
}

class Cluster {
  private output = '';
  private constructor(
    readonly child: ChildProcess,
    readonly dataDir: string,
  ) {}

  static async start(label: string, load: Load, minutes: number): Promise<{ cluster: Cluster; state: ClusterState }> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `fleet-soak-${label}-`));
    // PostgreSQL runs as its own user when the bench runs as root: it must reach the data folder
    chmodSync(dataDir, 0o755);
    const apiPorts: number[] = [];
    for (let i = 0; i < load.instances; i += 1) apiPorts.push(await freePort());
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'cluster', 'start-cluster.mjs'), '--no-build'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        CLUSTER_DATA_DIR: dataDir,
        CLUSTER_INSTANCES: String(load.instances),
        CLUSTER_API_PORTS: apiPorts.join(','),
        CLUSTER_PG_PORT: String(await freePort()),
        CLUSTER_BALANCER_PORT: String(await freePort()),
        CONSOLE_PORT: String(await freePort()),
        FLEET_SEED_DEVICES: String(DEVICES),
        FLEET_SIMULATOR: '1',
        FLEET_HEAT_PUMP_EVENTS: String(load.eventsPerSecond),
        // one sign-in per account for the whole run: the console's token renewal is not what is measured
        ACCESS_TOKEN_TTL_SECONDS: String(Math.ceil(minutes * 60 + 3600)),
        DATABASE_URL: '',
        NODE_ENV: '',
      },
    });
    const cluster = new Cluster(child, dataDir);
    child.stdout?.on('data', (d: Buffer) => (cluster.output += String(d)));
    child.stderr?.on('data', (d: Buffer) => {
      cluster.output += String(d);
      process.stderr.write(`[cluster ${label}] ${String(d)}`);
    });
    const file = path.join(dataDir, 'cluster.json');
    const until = Date.now() + 300_000;
    while (Date.now() < until && !existsSync(file)) {
      if (child.exitCode !== null) break;
      await sleep(250);
    }
    if (!existsSync(file)) {
      await cluster.stop();
      throw new Error(`start:cluster did not come up:\n${cluster.output}`);
    }
    return { cluster, state: cluster.state() };
  }

  state(): ClusterState {
    return JSON.parse(readFileSync(path.join(this.dataDir, 'cluster.json'), 'utf8')) as ClusterState;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((r) => this.child.once('exit', r));
      this.child.kill('SIGTERM');
      await Promise.race([exited, sleep(60_000)]);
      if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

function startDriver(plan: SoakPlan): { child: ChildProcess; next: (type: DriverMessage['type'], timeoutMs: number) => Promise<DriverMessage> } {
  const child = fork(path.join(__dirname, 'soak-driver.ts'), [JSON.stringify(plan)], {
    execPath: process.execPath,
    execArgv: [tsxCli],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: DriverMessage[] = [];
  const waiting: Array<() => void> = [];
  child.on('message', (m: DriverMessage) => {
    inbox.push(m);
    for (const wake of waiting.splice(0)) wake();
  });
  const next = async (type: DriverMessage['type'], timeoutMs: number): Promise<DriverMessage> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const failed = inbox.find((m) => m.type === 'failed');
      if (failed && failed.type === 'failed') throw new Error(`load driver: ${failed.message}`);
      const i = inbox.findIndex((m) => m.type === type);
      if (i >= 0) return inbox.splice(i, 1)[0] as DriverMessage;
      if (child.exitCode !== null || Date.now() > until) throw new Error(`load driver: no ${type} message (exit ${child.exitCode})`);
      await new Promise<void>((wake) => {
        waiting.push(wake);
        setTimeout(wake, 1000);
      });
    }
  };
  return { child, next };
}

/**
 * Which writes took effect, looked for in the database: a group or model by its name (a group that an
 * acknowledged delete took out again counts: the delete found it), a deleted group by its absence, a
 * fault by its resolved status.
 */
async function writesFound(db: Client, writes: WriteRecord[], deletedGroups: Set<string>): Promise<{ found: number; missing: WriteRecord[]; duplicated: number }> {
  const keys = (...kinds: Array<WriteRecord['kind']>) => writes.filter((w) => kinds.includes(w.kind)).map((w) => w.key);
  const groups = await db.query<{ name: string; n: number }>('SELECT name, count(*)::int AS n FROM ota_groups WHERE name = ANY($1) GROUP BY name', [keys('group', 'groupDelete')]);
  const models = await db.query<{ name: string; n: number }>('SELECT model_name AS name, count(*)::int AS n FROM heat_pump_models WHERE model_name = ANY($1) GROUP BY model_name', [keys('model')]);
  const faults = await db.query<{ id: string }>('SELECT id::text AS id FROM faults WHERE id = ANY($1::bigint[]) AND fault_status = 1', [keys('fault')]);
  const groupNames = new Set(groups.rows.map((r) => r.name));
  const modelNames = new Set(models.rows.map((r) => r.name));
  const resolved = new Set(faults.rows.map((r) => r.id));
  const tookEffect = (w: WriteRecord) => {
    if (w.kind === 'group') return groupNames.has(w.key) || deletedGroups.has(w.key);
    if (w.kind === 'groupDelete') return !groupNames.has(w.key);
    if (w.kind === 'model') return modelNames.has(w.key);
    return resolved.has(w.key);
  };
  const missing = writes.filter((w) => !tookEffect(w));
  const duplicated = [...groups.rows, ...models.rows].filter((r) => r.n > 1).length;
  return { found: writes.length - missing.length, missing, duplicated };
}

interface KillPlan {
  killAtMs: number;
  restartAtMs: number;
}

async function runPhase(label: string, load: Load, minutes: number, kill: KillPlan | null, onMinute: (line: string) => void): Promise<Record<string, unknown>> {
  console.log(`soak ${label}: starting a cluster of ${load.instances} (${DEVICES} devices)`);
  const { cluster, state } = await Cluster.start(label, load, minutes);
  const db = new Client({ connectionString: state.databaseUrl });
  let driver: ReturnType<typeof startDriver> | null = null;
  try {
    await db.connect();
    const heatPumps = await db.query<{ id: number }>("SELECT id::int AS id FROM devices WHERE product_line = 'heat_pump' ORDER BY id LIMIT 600");
    const first = state.instances[0];
    if (!first) throw new Error('cluster.json names no instance');
    driver = startDriver({
      label,
      balancerUrl: state.balancerUrl,
      outboxUrl: first.url,
      origin: new URL(state.consoleUrl).origin.replace('127.0.0.1', 'localhost'),
      consoles: load.consoles,
      writesPerSecond: load.writesPerSecond,
      readsPerSecond: load.readsPerSecond,
      heatPumpIds: heatPumps.rows.map((r) => r.id),
    });
    await driver.next('ready', 120_000);
    await driver.next('live', 120_000);
    driver.child.send({ type: 'start' });
    const startedAt = Date.now();
    const endAt = startedAt + minutes * 60_000;
    const seconds = () => (Date.now() - startedAt) / 1000;
    const cpuAtStart = new Map<number, number>();
    const rss = new Map<string, Array<[number, number]>>();
    const cpu = new Map<string, { pid: number; seconds: number }>();
    const loadTimeline: Array<{ minute: number; loadAverage: number[] }> = [{ minute: 0, loadAverage: loadAverage() }];
    const killed: Record<string, unknown> = {};
    let killDone = false;
    let restartDone = false;
    let nextSample = startedAt;
    let nextMinute = startedAt + 60_000;
    let current = state;
    while (Date.now() < endAt) {
      const now = Date.now();
      if (kill && !killDone && now - startedAt >= kill.killAtMs) {
        killDone = true;
        // the instance running the simulator: its singleton must move to the other one too
        const holder = await db.query<{ name: string }>("SELECT application_name AS name FROM pg_stat_activity WHERE application_name LIKE 'fleet-api simulator %'");
        const holderId = holder.rows[0]?.name.split(' ').pop();
        const victim = current.instances.find((i) => i.name === holderId) ?? current.instances[current.instances.length - 1];
        if (!victim) throw new Error('no instance to kill');
        process.kill(victim.pid, 'SIGKILL');
        const at = Date.now();
        driver.child.send({ type: 'killed', at, upstream: new URL(victim.url).host });
        Object.assign(killed, { instance: victim.name, pid: victim.pid, heldTheSimulator: victim.name === holderId, atSecond: round((at - startedAt) / 1000) });
        console.log(`soak ${label}: killed ${victim.name} (pid ${victim.pid}) at ${round(seconds())} s`);
      }
      if (kill && killDone && !restartDone && now - startedAt >= kill.restartAtMs) {
        restartDone = true;
        const name = String(killed.instance);
        const asked = Date.now();
        cluster.child.kill('SIGUSR2');
        let again: ClusterState['instances'][number] | undefined;
        for (let i = 0; i < 240 && !again; i += 1) {
          await sleep(500);
          again = cluster.state().instances.find((x) => x.name === name && x.pid !== killed.pid);
        }
        current = cluster.state();
        Object.assign(killed, { restartedAtSecond: round((asked - startedAt) / 1000), answeringAfterSeconds: again ? round((Date.now() - asked) / 1000) : null, newPid: again?.pid ?? null });
        console.log(`soak ${label}: ${name} started again (pid ${again?.pid ?? 'none'}) at ${round(seconds())} s`);
      }
      if (now >= nextSample) {
        nextSample += SAMPLE_MS;
        for (const instance of current.instances) {
          const figures = processFigures(instance.pid);
          if (!figures) continue;
          const key = `${instance.name} (pid ${instance.pid})`;
          if (!cpuAtStart.has(instance.pid)) cpuAtStart.set(instance.pid, figures.cpuSeconds);
          const series = rss.get(key) ?? [];
          series.push([seconds(), figures.rssMb]);
          rss.set(key, series);
          cpu.set(key, { pid: instance.pid, seconds: figures.cpuSeconds - (cpuAtStart.get(instance.pid) ?? figures.cpuSeconds) });
        }
      }
      if (now >= nextMinute) {
        nextMinute += 60_000;
        const minute = Math.round(seconds() / 60);
        loadTimeline.push({ minute, loadAverage: loadAverage() });
        onMinute(`soak ${label}: minute ${minute} of ${minutes}, load ${loadAverage().join(' ')}`);
      }
      await sleep(Math.max(50, Math.min(nextSample, nextMinute, endAt) - Date.now()));
    }
    const stoppedAt = Date.now();
    driver.child.send({ type: 'stop' });
    const report = (await driver.next('report', 120_000)) as SoakReport;
    const ranSeconds = (stoppedAt - startedAt) / 1000;

    // the simulator's events: one heat_pump_events row per heat-pump event it published (a fault resolve writes 'resolved' rows)
    const events = await db.query<{ minute: number; n: number }>(
      `SELECT floor(extract(epoch FROM at - to_timestamp($1::double precision / 1000)) / 60)::int AS minute, count(*)::int AS n
         FROM heat_pump_events WHERE at >= to_timestamp($1::double precision / 1000) AND at < to_timestamp($2::double precision / 1000) AND event <> 'resolved' GROUP BY 1 ORDER BY 1`,
      [startedAt, stoppedAt],
    );
    const eventCount = events.rows.reduce((n, r) => n + r.n, 0);
    let simulatorGapSeconds: number | null = null;
    if (killed.atSecond !== undefined) {
      const killAt = startedAt + Number(killed.atSecond) * 1000;
      const gap = await db.query<{ gap: number | null }>(
        `SELECT max(extract(epoch FROM at - prev))::float AS gap FROM (
           SELECT at, lag(at) OVER (ORDER BY at) AS prev FROM heat_pump_events
            WHERE at >= to_timestamp($1::double precision / 1000) AND at < to_timestamp($2::double precision / 1000) AND event <> 'resolved') g`,
        [killAt - 5000, killAt + 90_000],
      );
      simulatorGapSeconds = gap.rows[0]?.gap === null || gap.rows[0]?.gap === undefined ? null : round(gap.rows[0].gap);
    }

    const deletedGroups = new Set(report.acknowledged.filter((w) => w.kind === 'groupDelete').map((w) => w.key));
    const acknowledged = await writesFound(db, report.acknowledged, deletedGroups);
    const unacknowledged = await writesFound(db, report.unacknowledged, deletedGroups);
    const result: Record<string, unknown> = {
      load: { ...load, consoles: load.consoles.reduce((n, c) => n + c.count, 0), consolesByRole: Object.fromEntries(load.consoles.map((c) => [c.role, c.count])) },
      minutes,
      seconds: Math.round(ranSeconds),
      simulator: {
        eventsAsked: load.eventsPerSecond,
        eventsPerSecond: Math.round(eventCount / ranSeconds),
        events: eventCount,
        perMinute: events.rows.map((r) => r.n),
        ...(simulatorGapSeconds === null ? {} : { longestGapAroundKillSeconds: simulatorGapSeconds }),
      },
      calls: report.calls,
      errors: Object.values(report.calls).reduce((n, c) => n + c.errors, 0),
      callsSent: Object.values(report.calls).reduce((n, c) => n + c.calls, 0),
      retriedByBalancer: report.retriedByBalancer,
      skippedBacklog: report.skippedBacklog,
      writeTurnsWithNothingToDo: report.nothingToWrite,
      writes: {
        acknowledged: report.acknowledged.length,
        acknowledgedLost: acknowledged.missing.length,
        lost: acknowledged.missing.slice(0, 20),
        duplicated: acknowledged.duplicated,
        notAcknowledged: report.unacknowledged.length,
        notAcknowledgedButStored: unacknowledged.found,
        notAcknowledgedList: report.unacknowledged.slice(0, 50),
      },
      failuresByKind: failureKinds(report.failures),
      failures: report.failures.slice(0, 60),
      failuresLeftOut: report.failuresLeftOut + Math.max(0, report.failures.length - 60),
      errorsPerMinute: report.perMinute.map((m) => m.errors),
      liveEvents: report.events,
      sockets: socketFigures(report),
      rss: Object.fromEntries([...rss].map(([key, series]) => [key, rssFigures(series, series.length > 0 ? (series[series.length - 1]?.[0] ?? 0) - (series[0]?.[0] ?? 0) : 0)])),
      cpuSeconds: Object.fromEntries([...cpu].map(([key, c]) => [key, round(c.seconds)])),
      loadAverage: loadTimeline,
      driverEventLoopDelayMs: report.driverLoopDelayMs,
    };
    if (kill) result.kill = { ...killed, ...killFigures(report) };
    return result;
  } finally {
    driver?.child.kill();
    await db.end().catch(() => undefined);
    await cluster.stop();
  }
}

/** Failed calls counted by call kind and answer (status, or the connection's error). */
function failureKinds(failures: FailedCall[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of failures) {
    const key = `${f.kind}: ${f.status || 'no answer'} ${f.message.slice(0, 80)}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

function socketFigures(report: SoakReport) {
  const closes = report.sockets.flatMap((s) => s.closes);
  const byCode: Record<string, number> = {};
  for (const c of closes) byCode[c.code] = (byCode[c.code] ?? 0) + 1;
  return {
    sockets: report.sockets.length,
    openAtEnd: report.sockets.filter((s) => s.open).length,
    refused: report.sockets.filter((s) => s.refused).length,
    closes: closes.length,
    closesByCode: byCode,
    messagesPerSocket: Math.round(report.sockets.reduce((n, s) => n + s.messages, 0) / Math.max(1, report.sockets.length)),
  };
}

/** What the kill cost: the sockets it closed and how long until each was open again, and the failed calls. */
function killFigures(report: SoakReport) {
  const killedAt = report.killedAt ?? 0;
  const upstream = report.killedUpstream;
  let lastBack = killedAt;
  let closedByKill = 0;
  let neverBack = 0;
  for (const s of report.sockets) {
    const close = s.closes.find((c) => c.at >= killedAt - 1 && c.upstream === upstream);
    if (!close) continue;
    closedByKill += 1;
    const back = s.opens.find((o) => o.at >= close.at);
    if (back) lastBack = Math.max(lastBack, back.at);
    else neverBack += 1;
  }
  const inFlight = (f: FailedCall) => f.at <= killedAt + 0.05 && f.at + f.ms / 1000 >= killedAt - 0.05 && f.upstream.split(', ').includes(upstream);
  const failedInFlight = report.failures.filter(inFlight);
  const failedOther = report.failures.filter((f) => !inFlight(f));
  return {
    socketsOnKilledInstance: closedByKill,
    socketsNotBack: neverBack,
    secondsUntilEverySocketLive: closedByKill > 0 && neverBack === 0 ? round(lastBack - killedAt) : null,
    failedInFlightOnKilled: failedInFlight.length,
    failedInFlightOnKilledCalls: failedInFlight.map((f) => `${f.method} ${f.path} ${f.status || 'no answer'} (${f.kind})`),
    failedOtherwise: failedOther.length + report.failuresLeftOut,
  };
}

function writePartial(ctx: BenchContext, doc: Record<string, unknown>): void {
  // run.ts writes the file at the end; a run cut short still leaves what it measured
  writeFileSync(path.join(ctx.resultsDir, 'fleet-api-soak.json'), `${JSON.stringify({ bench: 'fleet-api-soak', partial: true, at: new Date().toISOString(), ...doc }, null, 2)}\n`);
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  if (!existsSync(path.join(repoRoot, 'fleet-api', 'dist', 'main.js'))) throw new Error('fleet-api is not built: npm run build');
  const soakMinutes = minutesOf(process.env.SOAK_MINUTES, 30);
  const baselineMinutes = minutesOf(process.env.SOAK_BASELINE_MINUTES, 10);
  const killMinutes = minutesOf(process.env.SOAK_KILL_MINUTES, 15);
  const doc: Record<string, unknown> = {
    what:
      'issue 25 soak on npm run start:cluster (nginx, PostgreSQL): 2 instances, 100 consoles on the socket through nginx (40 Admin, 30 Agency, 15 mscc, 15 sm), ' +
      'the heat-pump simulator asked for 1,000 events/s, 20 writes/s (OTA group add and delete, heat-pump model add, fault resolve) and 50 list reads/s; ' +
      'baseline: 1 instance at half the load, same nginx; kill: the soak load, the simulator-holding instance killed -9 at 10/15 and started again at 12/15 of the run',
    goals: 'soak: 0 errors, RSS flat, p95 of each call within 1.2x of the baseline; kill: 0 acknowledged writes lost, failed calls only those in flight on the killed instance',
    devices: DEVICES,
    // the instances run fleet-api/dist and the migrations of this working tree, which others edit
    code: {
      commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim(),
      uncommittedInFleetApiSrc: spawnSync('git', ['status', '--porcelain', '--', 'fleet-api/src'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean),
    },
  };
  const log = (line: string) => console.log(line);
  for (const phase of PHASES) {
    const started = Date.now();
    if (phase === 'baseline') doc.baseline = await runPhase('baseline', HALF, baselineMinutes, null, log);
    else if (phase === 'soak') doc.soak = await runPhase('soak', FULL, soakMinutes, null, log);
    else if (phase === 'kill') doc.kill = await runPhase('kill', FULL, killMinutes, { killAtMs: (killMinutes * 60_000 * 10) / 15, restartAtMs: (killMinutes * 60_000 * 12) / 15 }, log);
    else throw new Error(`SOAK_PHASES: no run called "${phase}" (baseline, soak, kill)`);
    console.log(`soak ${phase}: done in ${Math.round((Date.now() - started) / 1000)} s`);
    writePartial(ctx, doc);
  }
  doc.p95AgainstBaseline = p95Ratios(doc.soak, doc.baseline);
  return doc;
}

/** p95 of each call kind in the soak over the baseline's (goal: at most 1.2). */
function p95Ratios(soak: unknown, baseline: unknown): Record<string, number> | null {
  const callsOf = (r: unknown) => (r as { calls?: SoakReport['calls'] } | undefined)?.calls;
  const s = callsOf(soak);
  const b = callsOf(baseline);
  if (!s || !b) return null;
  const out: Record<string, number> = {};
  for (const [kind, figures] of Object.entries(s)) {
    const base = b[kind];
    if (base && base.p95 > 0) out[kind] = round(figures.p95 / base.p95, 2);
  }
  return out;
}
