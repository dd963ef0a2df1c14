#!/usr/bin/env node
// `npm run start:cluster`: the product as several fleet-api instances on one PostgreSQL behind nginx
// (docs/deploy.md, "Several instances behind nginx"). On this machine it starts, under one data folder
// (CLUSTER_DATA_DIR, default .data/cluster):
//   - a PostgreSQL of its own (scripts/pg-server.sh, data kept in <data>/postgres), unless DATABASE_URL
//     names one;
//   - CLUSTER_INSTANCES fleet-api instances (default 2) from fleet-api/dist/main.js, on their own ports,
//     the first alone until it has migrated and seeded, then the others;
//   - nginx from the distribution as their load balancer (deploy/nginx/fleet.conf, included as it is),
//     as a child process: its pid, logs and temp files under <data>/nginx;
//   - the console server (the one `npm start` runs) with /api and /ws pointed at nginx.
// The secrets (JWT_SECRET) are made once per data folder and kept in <data>/secrets.json, so every
// instance signs and checks the same tokens and a restart keeps sessions. When everything answers,
// <data>/cluster.json says where each part is (the cluster test reads it). SIGINT/SIGTERM stop all
// of it, and so does the end of the process that started it (npm); a killed instance is not started
// again (nginx routes around it) unless the script is sent SIGUSR2, which starts every stopped instance
// again with its own port, name and environment and rewrites cluster.json (the soak bench's restart).
//
// `--no-build` starts what is already built; otherwise `npm run build` runs first.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishAll } from '../publish-remotes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = resolve(process.env.CLUSTER_DATA_DIR ?? join(root, '.data', 'cluster'));
const instanceCount = positiveInt(process.env.CLUSTER_INSTANCES, 2, 'CLUSTER_INSTANCES');
const apiPorts = process.env.CLUSTER_API_PORTS
  ? process.env.CLUSTER_API_PORTS.split(',').map((p) => positiveInt(p, 0, 'CLUSTER_API_PORTS'))
  : Array.from({ length: instanceCount }, (_, i) => 3001 + i);
const balancerPort = positiveInt(process.env.CLUSTER_BALANCER_PORT, 8088, 'CLUSTER_BALANCER_PORT');
const consolePort = positiveInt(process.env.CONSOLE_PORT, 8080, 'CONSOLE_PORT');
const pgPort = positiveInt(process.env.CLUSTER_PG_PORT, 5434, 'CLUSTER_PG_PORT');
const balancerUrl = `http://127.0.0.1:${balancerPort}`;
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${consolePort}`;
const apiMain = join(root, 'fleet-api', 'dist', 'main.js');
const startedAt = Date.now();
const since = () => `${Math.round((Date.now() - startedAt) / 1000)} s`;

function positiveInt(value, fallback, name) {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`${name} must be a positive whole number (got "${value}")`);
    process.exit(2);
  }
  return n;
}

if (apiPorts.length !== instanceCount) {
  console.error(`CLUSTER_API_PORTS names ${apiPorts.length} ports for ${instanceCount} instances (CLUSTER_INSTANCES)`);
  process.exit(2);
}

/** @type {{ name: string, port: number, url: string, child: import('node:child_process').ChildProcess }[]} */
const instances = [];
let nginx = null;
let consoleServer = null;
let ownPostgres = null;
let stopping = false;
/** The environment the instances were started with: SIGUSR2 starts a stopped one with the same. */
let instanceEnv = null;

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

function stopChild(child, signal, forceAfterMs) {
  if (!child || exited(child)) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), forceAfterMs);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill(signal);
  });
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  // the way in first (console, then nginx), then the instances (each drains: 503 to new requests)
  if (consoleServer) await consoleServer.close().catch(() => undefined);
  await stopChild(nginx, 'SIGQUIT', 5_000);
  await Promise.all(instances.map((i) => stopChild(i.child, 'SIGTERM', 12_000)));
  if (ownPostgres) ownPostgres.stop();
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
// SIGTERM to `npm run start:cluster` ends npm and its shell but does not reach this script (tried:
// nginx, the instances and PostgreSQL ran on, orphaned): a new parent means whoever started us is gone
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop(0);
}, 1000).unref();

function tail(file, lines = 30) {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '';
}

async function waitFor(url, what, child, logFile, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && exited(child)) throw new Error(`${what} stopped (${child.signalCode ?? `exit ${child.exitCode}`}); last lines of ${logFile}:\n${tail(logFile)}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s; see ${logFile}`);
}

/** JWT_SECRET made once for this data folder: every instance must sign with the same one. */
function clusterSecrets() {
  const file = join(dataDir, 'secrets.json');
  if (!existsSync(file)) {
    writeFileSync(file, JSON.stringify({ JWT_SECRET: randomBytes(48).toString('base64url') }, null, 2), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The PostgreSQL binaries' folder, as scripts/pg-server.sh finds it. */
function pgBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(a) - Number(b)) : [];
  return versions.length > 0 ? join(base, versions[versions.length - 1], 'bin') : null;
}

/** A PostgreSQL under <data>/postgres through scripts/pg-server.sh; stopped with the cluster, its data kept. */
function startPostgres() {
  const pgDir = join(dataDir, 'postgres');
  const env = { ...process.env, PG_PORT: String(pgPort), PG_DIR: pgDir };
  const started = spawnSync('bash', [join(root, 'scripts', 'pg-server.sh'), 'start'], { env, encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`PostgreSQL did not start:\n${started.stderr}`);
  const bin = pgBin();
  ownPostgres = {
    // pg-server.sh's own stop deletes the files; the cluster keeps its database between runs
    stop() {
      if (!bin || !existsSync(join(pgDir, 'data', 'postmaster.pid'))) return;
      const pgCtl = [join(bin, 'pg_ctl'), '-D', join(pgDir, 'data'), '-m', 'fast', '-w', 'stop'];
      const asRoot = process.getuid?.() === 0;
      spawnSync(asRoot ? 'runuser' : pgCtl[0], asRoot ? ['-u', 'postgres', '--', ...pgCtl] : pgCtl.slice(1), { stdio: 'ignore' });
    },
  };
  return started.stdout.trim();
}

function startInstance(index, env) {
  const name = `instance-${index + 1}`;
  instanceEnv = env;
  const port = apiPorts[index];
  const logFile = join(dataDir, 'logs', `${name}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [apiMain], {
    cwd: join(root, 'fleet-api'),
    stdio: ['ignore', out, out],
    env: { ...env, PORT: String(port), INSTANCE_ID: name, FLEET_DATA_DIR: join(dataDir, name) },
  });
  const instance = { name, port, url: `http://127.0.0.1:${port}`, child, logFile };
  instances[index] = instance;
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`${name} stopped (${signal ?? `exit ${code}`}); nginx sends its requests to the others. Log: ${logFile}`);
  });
  return instance;
}

function writeState(databaseUrl) {
  const state = {
    consoleUrl: `http://127.0.0.1:${consolePort}`,
    balancerUrl,
    databaseUrl,
    nginxPid: nginx.pid,
    instances: instances.map((i) => ({ name: i.name, url: i.url, pid: i.child.pid })),
  };
  writeFileSync(join(dataDir, 'cluster.json'), JSON.stringify(state, null, 2));
}

/** SIGUSR2: every instance that stopped starts again as it was started; cluster.json names the new pids once they answer. */
async function restartStopped(databaseUrl) {
  const stopped = instances.map((instance, index) => ({ instance, index })).filter(({ instance }) => exited(instance.child));
  if (stopping || stopped.length === 0 || !instanceEnv) return;
  for (const { index } of stopped) {
    const again = startInstance(index, instanceEnv);
    try {
      await waitFor(`${again.url}/api/health`, again.name, again.child, again.logFile, 120_000);
      console.log(`${again.name} started again on ${again.url} (pid ${again.child.pid}, ${since()})`);
    } catch (err) {
      console.error(err instanceof Error ? err.message : err);
    }
  }
  writeState(databaseUrl);
}

function nginxBinary() {
  const named = process.env.NGINX_BIN;
  if (named) return named;
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed: apt-get install -y nginx-light (or nginx)');
}

/** nginx.conf around the reference server block: where its files go, and the upstream of this cluster. */
function writeNginxConf(prefix) {
  const upstreams = instances.map((i) => `        server 127.0.0.1:${i.port} max_fails=1 fail_timeout=10s;`).join('\n');
  const conf = `# written by scripts/cluster/start-cluster.mjs; the server block is deploy/nginx/fleet.conf
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'logs', 'error.log')} warn;
# a socket or a request holds two connections (console and instance); 1024 ran out in the soak bench
events { worker_connections 4096; }
http {
    # the reference's log format: no socket token or link signature in the access log
    include ${join(root, 'deploy', 'nginx', 'fleet-http.conf')};
    access_log ${join(prefix, 'logs', 'access.log')} fleet;
    client_body_temp_path ${join(prefix, 'temp', 'client_body')};
    proxy_temp_path ${join(prefix, 'temp', 'proxy')};
    upstream fleet_api {
${upstreams}
        keepalive 16;
    }
    server {
        listen 127.0.0.1:${balancerPort};
        include ${join(root, 'deploy', 'nginx', 'fleet.conf')};
    }
}
`;
  const file = join(prefix, 'nginx.conf');
  writeFileSync(file, conf);
  return file;
}

function startNginx() {
  const prefix = join(dataDir, 'nginx');
  for (const dir of ['logs', 'temp']) mkdirSync(join(prefix, dir), { recursive: true });
  const conf = writeNginxConf(prefix);
  const bin = nginxBinary();
  const checked = spawnSync(bin, ['-t', '-p', `${prefix}/`, '-c', conf], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx refused ${conf}:\n${checked.stderr}`);
  const out = openSync(join(prefix, 'logs', 'nginx.out'), 'a');
  nginx = spawn(bin, ['-p', `${prefix}/`, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', out, out] });
  nginx.on('exit', (code, signal) => {
    if (!stopping) console.error(`nginx stopped (${signal ?? `exit ${code}`}); see ${join(prefix, 'logs', 'error.log')}`);
  });
  return join(prefix, 'logs', 'error.log');
}

try {
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  // PostgreSQL runs as its own user when started as root: it must reach <data>/postgres
  chmodSync(dataDir, 0o755);
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  if (!existsSync(apiMain)) throw new Error(`fleet-api is not built (${apiMain} is missing): run npm run build`);

  const databaseUrl = process.env.DATABASE_URL || startPostgres();
  console.log(`PostgreSQL: ${databaseUrl} (${since()})`);
  const env = {
    // demo mode (the outbox answers on each instance's own port, the simulator runs) unless the
    // environment says otherwise, as with npm start
    FLEET_DEMO: '1',
    ...process.env,
    ...clusterSecrets(),
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    // requests reach the instances through nginx (and the console server) on this machine
    TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
    PUBLIC_URL: publicUrl,
  };

  // the first instance migrates and seeds alone; the others then start on a ready database
  const first = startInstance(0, env);
  await waitFor(`${first.url}/api/health`, first.name, first.child, first.logFile, Number(process.env.FLEET_START_TIMEOUT_MS ?? 300_000));
  console.log(`${first.name} up on ${first.url} (${since()})`);
  const others = apiPorts.slice(1).map((_, i) => startInstance(i + 1, env));
  for (const i of others) {
    await waitFor(`${i.url}/api/health`, i.name, i.child, i.logFile, 120_000);
    console.log(`${i.name} up on ${i.url} (${since()})`);
  }

  const nginxLog = startNginx();
  await waitFor(`${balancerUrl}/api/health`, 'nginx', nginx, nginxLog, 20_000);

  if (!existsSync(join(root, 'shell', 'dist', 'index.html'))) throw new Error('the shell is not built: run npm run build');
  publishAll({ dataDir });
  const { startConsoleServer } = await import('../../shell/server/console-server.mjs');
  consoleServer = await startConsoleServer({ port: consolePort, dataDir, apiUrl: balancerUrl, publicUrl });

  writeState(databaseUrl);
  process.on('SIGUSR2', () => void restartStopped(databaseUrl));
  console.log(`
  Cluster up in ${since()}.
  Fleet console: ${publicUrl}   (its /api and /ws go to nginx)
  nginx:         ${balancerUrl}   (deploy/nginx/fleet.conf; logs in ${join(dataDir, 'nginx', 'logs')})
${instances.map((i) => `  ${i.name}:    ${i.url}   (pid ${i.child.pid}; log ${i.logFile})`).join('\n')}
  PostgreSQL:    ${databaseUrl}

  Sign-in codes: curl '${instances[0].url}/api/dev/outbox?to=admin@demo.test' (any instance: one database)
  Ctrl+C stops everything.
`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await stop(1);
}
