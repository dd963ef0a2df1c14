/**
 * One seeding measurement in a process of its own (so its peak memory is the seed's alone):
 *   tsx bench/seed-worker.ts --size 100000 --dir /tmp/x          (PGlite on disk)
 *   tsx bench/seed-worker.ts --size 100000 --url postgres://...  (PostgreSQL)
 * Progress goes to stderr; the figures are the last line of stdout, as JSON.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { migrate, openDatabase, type Db } from '../src/db';
import { seedDemoFleet } from '../src/seed';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const ms = (from: bigint): number => Number((process.hrtime.bigint() - from) / 1_000_000n);

/** CPU seconds of a local PostgreSQL server: the postmaster, its live children, and the reaped ones. */
function serverCpuSeconds(postmasterPid: number): number | null {
  const tick = 100; // USER_HZ on Linux
  const stat = (pid: number): string[] | null => {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return text.slice(text.lastIndexOf(')') + 2).split(' ');
    } catch {
      return null;
    }
  };
  const root = stat(postmasterPid);
  if (!root) return null;
  // Fields after the command: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
  const cpu = (f: string[], withChildren: boolean): number =>
    Number(f[11]) + Number(f[12]) + (withChildren ? Number(f[13]) + Number(f[14]) : 0);
  let ticks = cpu(root, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = stat(Number(entry));
    if (f && Number(f[1]) === postmasterPid) ticks += cpu(f, false);
  }
  return ticks / tick;
}

async function timeQuery(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const t = process.hrtime.bigint();
    await db.query(sql, params);
    runs.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  runs.sort((a, b) => a - b);
  return Math.round((runs[2] ?? 0) * 10) / 10;
}

async function main(): Promise<void> {
  const size = Number(arg('size') ?? 100000);
  const url = arg('url');
  const dir = arg('dir');
  const kind = url ? 'postgres' : 'pglite';
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const db = await openDatabase(url ? { databaseUrl: url } : { dataDir: dir ?? 'memory://' });
  const openMs = ms(t0);

  let postmasterPid: number | null = null;
  if (url) {
    const { rows } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pid = rows[0]?.pid;
    if (pid && existsSync(`/proc/${pid}/stat`)) {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
      postmasterPid = Number(f.slice(f.lastIndexOf(')') + 2).split(' ')[1]);
    }
  }
  const serverCpu0 = postmasterPid ? serverCpuSeconds(postmasterPid) : null;

  const t1 = process.hrtime.bigint();
  await migrate(db);
  const migrateMs = ms(t1);

  // CPU seconds so far of whoever does the work: this process for PGlite, the server for PostgreSQL.
  const workCpu = (): number | null => {
    if (!url) {
      const c = process.cpuUsage(cpu0);
      return Math.round(((c.user + c.system) / 1e6) * 10) / 10;
    }
    const now = postmasterPid ? serverCpuSeconds(postmasterPid) : null;
    return now !== null && serverCpu0 !== null ? Math.round((now - serverCpu0) * 10) / 10 : null;
  };
  const phases: Array<{ step: string; atMs: number; cpuSeconds: number | null }> = [];
  const t2 = process.hrtime.bigint();
  await seedDemoFleet(db, {
    devices: size,
    log: (msg) => {
      phases.push({ step: msg, atMs: ms(t2), cpuSeconds: workCpu() });
      process.stderr.write(`  [${kind} ${size}] ${(ms(t2) / 1000).toFixed(1)} s ${msg}\n`);
    },
  });
  const seedMs = ms(t2);
  phases.push({ step: 'seed: done', atMs: seedMs, cpuSeconds: workCpu() });
  const t3 = process.hrtime.bigint();
  const again = await seedDemoFleet(db, { devices: size });
  const secondCallMs = ms(t3);

  const perLine = Object.fromEntries(
    (await db.query<{ k: string; n: number }>('SELECT product_line AS k, count(*) AS n FROM devices GROUP BY 1 ORDER BY 1')).rows.map(
      (r) => [r.k, r.n],
    ),
  );
  const agency = (await db.query<{ id: number }>("SELECT id FROM agencies WHERE agency_name = 'Sunrise Installers'")).rows[0]?.id;
  const queriesMs = {
    page25Livelink: await timeQuery(
      db,
      "SELECT * FROM devices WHERE product_line = 'livelink' ORDER BY created_at DESC, id DESC LIMIT 25 OFFSET 0",
    ),
    countLivelink: await timeQuery(db, "SELECT count(*) FROM devices WHERE product_line = 'livelink'"),
    page25AgencyLivelink: await timeQuery(
      db,
      "SELECT * FROM devices WHERE agency_id = $1 AND product_line = 'livelink' ORDER BY created_at DESC LIMIT 25",
      [agency],
    ),
    countAgencyLivelink: await timeQuery(
      db,
      "SELECT count(*) FROM devices WHERE agency_id = $1 AND product_line = 'livelink'",
      [agency],
    ),
    serialLookup: await timeQuery(db, "SELECT * FROM devices WHERE product_line = 'livelink' AND serial_number = $1", [
      '200000000003',
    ]),
  };
  const rows = (await db.query<{ t: string; n: number }>(
    `SELECT 'customers' AS t, count(*) AS n FROM customers UNION ALL SELECT 'properties', count(*) FROM properties
     UNION ALL SELECT 'device_history', count(*) FROM device_history UNION ALL SELECT 'faults', count(*) FROM faults
     UNION ALL SELECT 'users', count(*) FROM users`,
  )).rows;
  await db.close();
  const serverCpu1 = postmasterPid ? serverCpuSeconds(postmasterPid) : null;

  const cpu = process.cpuUsage(cpu0);
  let diskMb: number | null = null;
  if (dir) {
    try {
      diskMb = Math.round(Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) / 1024);
    } catch {
      diskMb = null;
    }
  }
  const result = {
    database: kind,
    devices: size,
    openMs,
    migrateMs,
    seedMs,
    secondCallMs,
    secondCallSeeded: again.seeded,
    // PGlite runs inside this process, so its CPU time is this process's; PostgreSQL's is the server's.
    clientCpuSeconds: Math.round(((cpu.user + cpu.system) / 1e6) * 10) / 10,
    serverCpuSeconds: serverCpu0 !== null && serverCpu1 !== null ? Math.round((serverCpu1 - serverCpu0) * 10) / 10 : null,
    rssPeakMb: Math.round(process.resourceUsage().maxRSS / 1024),
    diskMb,
    perLine,
    rows: Object.fromEntries(rows.map((r) => [r.t, r.n])),
    queriesMs,
    phases,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
