// Where the main thread's time goes on a cold first screen, console beside its baseline (the same screen
// in one plain bundle): a Chromium trace with the V8 sampling profiler of each load, cut at the list's
// answer (its resource timing) and at the first row. For each part, self time by what ran (the script's
// part of the page: shell, a share key, a remote, the baseline bundle; and the function, minified) and by
// the renderer's own work (style, layout, compiling, parsing). Medians over alternated runs.
//   npx tsx bench/profile-first-row.ts [agency@demo.test] [row|chart]     (in e2e/, after a build)
// BENCH_RUNS (default 5) sets the pairs; PROFILE_TOP (default 12) the lines per table. PROFILE_SHELL_B, a
// folder holding another build of the shell (a copy of shell/dist), adds a second console on it to the
// alternation, same API and remotes: a change measured against the build before it in the same minutes.
// PROFILE_SERVER_B serves that second console with another console-server.mjs (a change to its preloads).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort, repoRoot } from '../support/stack';
import { runBench } from './baseline-pages';
import { consoleClassifier, installNameShim, median, sharedChunkOwners } from './page-weight';
import { carrySession, FIRST_CONTENT, installContentTimer, signInThroughForm, type FirstContent } from './signed-in';

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** Self time (ms) of each key, in the windows of one load. */
type Tally = Map<string, number>;

interface Windows {
  /** navigation to the list's answer */
  beforeAnswer: { from: number; to: number };
  /** the list's answer to the first row */
  afterAnswer: { from: number; to: number };
}

interface LoadProfile {
  sentMs: number;
  answerMs: number;
  rowMs: number;
  byPart: Record<keyof Windows, Tally>;
  byFunction: Record<keyof Windows, Tally>;
  /** `part | function`, for the parts PROFILE_PARTS names */
  byPartFunction: Record<keyof Windows, Tally>;
  byRendererWork: Record<keyof Windows, Tally>;
  busyMs: Record<keyof Windows, number>;
  /** Each script's evaluation: when it started (ms since navigation), for how long, which file. */
  scripts: Array<{ atMs: number; ms: number; file: string }>;
}

/** In the page: the first row marked for the trace, and the list's answer time (its GET under /api/). */
async function installMarks(page: Page, listPath: RegExp): Promise<void> {
  await page.addInitScript((source: string) => {
    const w = window as unknown as { __listAnswerAt?: number; __listSentAt?: number };
    const list = new RegExp(source);
    new PerformanceObserver((entries) => {
      for (const e of entries.getEntries() as PerformanceResourceTiming[]) {
        if (w.__listAnswerAt !== undefined || !list.test(new URL(e.name).pathname)) continue;
        w.__listAnswerAt = e.responseEnd;
        w.__listSentAt = e.startTime;
      }
    }).observe({ type: 'resource', buffered: true });
    performance.mark('fleet:profile-start');
  }, listPath.source);
}

function addTo(tally: Tally, key: string, ms: number): void {
  tally.set(key, (tally.get(key) ?? 0) + ms);
}

/** The renderer main thread of the page: the one that holds the start mark. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number; markTs: number } {
  const mark = events.find((e) => e.name === 'fleet:profile-start');
  if (!mark) throw new Error('the trace holds no start mark');
  return { pid: mark.pid, tid: mark.tid, markTs: mark.ts };
}

/** The sampling profile of the main thread: each sample's time (µs, trace clock), node and duration. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): Array<{ ts: number; dur: number; frame: CallFrame; parentOf: (id: number) => number | undefined }> {
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid);
  const chosen = profiles.find((p) => p.tid === tid) ?? profiles[0];
  if (!chosen) return [];
  const nodes = new Map<number, { frame: CallFrame; parent?: number }>();
  const times: Array<{ ts: number; node: number }> = [];
  let ts = Number((chosen.args?.data as { startTime?: number } | undefined)?.startTime ?? chosen.ts);
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === chosen.id)) {
    const data = chunk.args?.data as { cpuProfile?: { nodes?: Array<{ id: number; callFrame: CallFrame; parent?: number }>; samples?: number[] }; timeDeltas?: number[] };
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, { frame: n.callFrame, parent: n.parent });
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    samples.forEach((node, i) => {
      ts += deltas[i] ?? 0;
      times.push({ ts, node });
    });
  }
  const parentOf = (id: number) => nodes.get(id)?.parent;
  return times.slice(0, -1).map((t, i) => ({ ts: t.ts, dur: times[i + 1]!.ts - t.ts, frame: nodes.get(t.node)?.frame ?? { functionName: '(unknown)', url: '', lineNumber: 0, columnNumber: 0 }, parentOf }));
}

/** Self time of the renderer's complete events on the main thread (a parent's time less its children's). */
function rendererWork(events: TraceEvent[], pid: number, tid: number, windows: Windows): Record<keyof Windows, Tally> {
  const out: Record<keyof Windows, Tally> = { beforeAnswer: new Map(), afterAnswer: new Map() };
  const spans = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number').sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const stack: Array<{ name: string; end: number; child: number; ts: number; dur: number }> = [];
  const close = (s: { name: string; child: number; ts: number; dur: number }) => {
    // attributed to the window its start falls in
    const self = (s.dur - s.child) / 1000;
    for (const key of Object.keys(windows) as Array<keyof Windows>) {
      if (s.ts >= windows[key].from && s.ts < windows[key].to) addTo(out[key], s.name, self);
    }
  };
  for (const e of spans) {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= e.ts) close(stack.pop()!);
    const parent = stack[stack.length - 1];
    if (parent) parent.child += e.dur!;
    stack.push({ name: e.name, end: e.ts + e.dur!, child: 0, ts: e.ts, dur: e.dur! });
  }
  while (stack.length > 0) close(stack.pop()!);
  return out;
}

async function profiledLoad(browser: Browser, url: string, session: Record<string, string>, content: FirstContent, listPath: RegExp): Promise<LoadProfile> {
  const context = await browser.newContext();
  await installNameShim(context);
  await carrySession(context, session);
  await installContentTimer(context, FIRST_CONTENT[content]);
  const page = await context.newPage();
  await installMarks(page, listPath);
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(url);
  await page.waitForFunction(() => typeof (window as unknown as { __firstContentAt?: number }).__firstContentAt === 'number', null, { timeout: 60_000 });
  const times = await page.evaluate(() => {
    const w = window as unknown as { __firstContentAt: number; __listAnswerAt?: number; __listSentAt?: number };
    return { row: w.__firstContentAt, answer: w.__listAnswerAt ?? Number.NaN, sent: w.__listSentAt ?? Number.NaN, mark: performance.getEntriesByName('fleet:profile-start')[0]?.startTime ?? 0 };
  });
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  await page.waitForLoadState('networkidle');
  const origin = new URL(url).origin;
  const owners = await sharedChunkOwners(page).catch(() => ({}));
  await context.close();

  const events = trace.traceEvents;
  const { pid, tid, markTs } = mainThread(events);
  // the trace's clock (µs) at the page's performance.now() = 0
  const zero = markTs - times.mark * 1000;
  const at = (ms: number) => zero + ms * 1000;
  const windows: Windows = { beforeAnswer: { from: at(0), to: at(times.answer) }, afterAnswer: { from: at(times.answer), to: at(times.row) } };
  const classify = url.startsWith(origin) && Object.keys(owners).length > 0 ? consoleClassifier(origin, owners) : () => 'baseline';
  const part = (frame: CallFrame) => (frame.url ? (new URL(frame.url).origin === origin ? classify(frame.url) : 'other') : frame.functionName || '(native)');
  const fileOf = (u: string) => u.replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{16,}\.js$/, '.js');

  const byPart: LoadProfile['byPart'] = { beforeAnswer: new Map(), afterAnswer: new Map() };
  const byFunction: LoadProfile['byFunction'] = { beforeAnswer: new Map(), afterAnswer: new Map() };
  const byPartFunction: LoadProfile['byPartFunction'] = { beforeAnswer: new Map(), afterAnswer: new Map() };
  const detailed = (process.env.PROFILE_PARTS ?? 'shell,shared:@fleet/shared-api').split(',');
  const busyMs = { beforeAnswer: 0, afterAnswer: 0 };
  for (const s of samplesOf(events, pid, tid)) {
    for (const key of Object.keys(windows) as Array<keyof Windows>) {
      if (s.ts < windows[key].from || s.ts >= windows[key].to) continue;
      const ms = s.dur / 1000;
      if (s.frame.functionName !== '(idle)') busyMs[key] += ms;
      addTo(byPart[key], part(s.frame), ms);
      const fn = s.frame.url ? `${s.frame.functionName || '(anonymous)'} ${fileOf(s.frame.url)}:${s.frame.lineNumber + 1}:${s.frame.columnNumber + 1}` : s.frame.functionName;
      addTo(byFunction[key], fn, ms);
      if (detailed.includes(part(s.frame))) addTo(byPartFunction[key], `${part(s.frame)} | ${fn}`, ms);
    }
  }
  const scripts = events
    .filter((e) => e.pid === pid && e.tid === tid && e.name === 'EvaluateScript' && typeof e.dur === 'number')
    .map((e) => ({ atMs: (e.ts - zero) / 1000, ms: e.dur! / 1000, file: fileOf(String((e.args?.data as { url?: string } | undefined)?.url ?? '')) }))
    .filter((e) => e.file !== '' && e.atMs >= 0);
  return { sentMs: times.sent, answerMs: times.answer, rowMs: times.row, byPart, byFunction, byPartFunction, byRendererWork: rendererWork(events, pid, tid, windows), busyMs, scripts };
}

/** The median of each key over the loads (a key missing from a load counts 0 there). */
function medianTally(tallies: Tally[]): Array<[string, number]> {
  const keys = new Set(tallies.flatMap((t) => [...t.keys()]));
  return [...keys].map((k) => [k, median(tallies.map((t) => t.get(k) ?? 0))] as [string, number]).sort((a, b) => b[1] - a[1]);
}

function report(what: string, loads: LoadProfile[]): void {
  const top = Number(process.env.PROFILE_TOP ?? 12);
  const fmt = (n: number) => n.toFixed(1).padStart(7);
  console.log(`\n== ${what}: list sent at ${median(loads.map((l) => l.sentMs)).toFixed(0)} ms (${loads.map((l) => l.sentMs.toFixed(0)).join(', ')}), answer at ${median(loads.map((l) => l.answerMs)).toFixed(0)} ms, first row at ${median(loads.map((l) => l.rowMs)).toFixed(0)} ms (medians of ${loads.length}; rows ${loads.map((l) => l.rowMs.toFixed(0)).join(', ')})`);
  // the first load's scripts, in the order they ran: what the first row waited for
  const first = loads[0]!;
  console.log(`-- scripts evaluated, first load (answer at ${first.answerMs.toFixed(0)} ms, row at ${first.rowMs.toFixed(0)} ms): ${first.scripts.map((s) => `${s.file} @${s.atMs.toFixed(0)}+${s.ms.toFixed(0)}`).join(', ')}`);
  for (const key of ['beforeAnswer', 'afterAnswer'] as const) {
    console.log(`-- ${key === 'beforeAnswer' ? 'navigation -> list answer' : 'list answer -> first row'}: main thread busy ${median(loads.map((l) => l.busyMs[key])).toFixed(0)} ms (samples)`);
    console.log('   by part of the page (self ms):');
    for (const [k, v] of medianTally(loads.map((l) => l.byPart[key])).slice(0, top)) console.log(`   ${fmt(v)}  ${k}`);
    console.log('   by function (self ms):');
    for (const [k, v] of medianTally(loads.map((l) => l.byFunction[key])).slice(0, top)) console.log(`   ${fmt(v)}  ${k}`);
    console.log(`   by function in ${process.env.PROFILE_PARTS ?? 'shell,shared:@fleet/shared-api'} (self ms):`);
    for (const [k, v] of medianTally(loads.map((l) => l.byPartFunction[key])).slice(0, top)) console.log(`   ${fmt(v)}  ${k}`);
    console.log("   by the renderer's trace events (self ms):");
    for (const [k, v] of medianTally(loads.map((l) => l.byRendererWork[key])).slice(0, top)) console.log(`   ${fmt(v)}  ${k}`);
  }
}

/** A second console server over the same data and API, serving the shell build in `shellDist`. */
async function secondConsole(stack: { dataDir: string; apiUrl: string }, shellDist: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const options = { port, host: '127.0.0.1', dataDir: stack.dataDir, apiUrl: stack.apiUrl, shellDist };
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', 'const { startConsoleServer } = await import(process.argv[1]); await startConsoleServer(JSON.parse(process.argv[2]));', process.env.PROFILE_SERVER_B ?? join(repoRoot, 'shell/server/console-server.mjs'), JSON.stringify(options)],
    { cwd: repoRoot, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'test' } },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (await fetch(`${url}/remotes.json`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error('the second console did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop: () => child.kill() };
}

runBench(async ({ stack, baselineUrl, browser }) => {
  const email = process.argv[2] ?? 'agency@demo.test';
  const content = (process.argv[3] ?? 'row') as FirstContent;
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  // the screen's first list call: Agency's device list reads /api/agency/devices/...
  const listPath = new RegExp(process.env.PROFILE_LIST ?? '^/api/agency/devices');
  const signed = await signInThroughForm(browser, stack, email);
  const other = process.env.PROFILE_SHELL_B ? await secondConsole(stack, process.env.PROFILE_SHELL_B) : null;
  const pages: Array<[string, string]> = [['console', stack.consoleUrl], ...(other ? [['console B (PROFILE_SHELL_B)', other.url] as [string, string]] : []), ['baseline', baselineUrl]];
  const loads = new Map<string, LoadProfile[]>(pages.map(([what]) => [what, []]));
  try {
    for (let i = 0; i < runs; i += 1) {
      // alternated, so each sees the same machine load
      for (const [what, origin] of pages) {
        const load = () => profiledLoad(browser, `${origin}${signed.home}`, signed.session, content, listPath);
        // Chromium now and then leaves a user-timing mark out of a trace: that load is taken again
        loads.get(what)!.push(await load().catch((err: unknown) => (String(err).includes('no start mark') ? load() : Promise.reject(err))));
      }
    }
  } finally {
    other?.stop();
  }
  console.log(`\n${signed.home}, cold, ${runs} alternated rounds; load average ${(await import('node:os')).loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  for (const [what] of pages) report(what, loads.get(what)!);
});
