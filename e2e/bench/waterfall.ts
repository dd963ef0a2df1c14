// The request waterfall of a cold first screen after sign-in, for finding what its first content waits
// for: every request the page makes, when it was sent and when its body had arrived (ms since the
// page's own request), what started it, and every address fetched more than once (a preload whose mode
// differs from the tag that uses it costs a second download).
// The same screen built without federation (the bench's baseline) is traced beside it.
//   npx tsx bench/waterfall.ts [agency@demo.test] [row|chart]      (in e2e/, after a build)
import type { Browser } from 'playwright-core';
import { runBench } from './baseline-pages';
import { installNameShim } from './page-weight';
import { carrySession, FIRST_CONTENT, firstContentTime, installContentTimer, signInThroughForm, type FirstContent } from './signed-in';

interface Sent {
  id: string;
  url: string;
  sentAt: number;
  initiator: string;
  priority: string;
  doneAt?: number;
  fromPreload?: boolean;
}

/** One cold load of `url` with `session`: the requests in the order they were sent, and the first content's time. */
async function waterfall(browser: Browser, url: string, session: Record<string, string>, content: FirstContent): Promise<{ requests: Sent[]; contentMs: number }> {
  const context = await browser.newContext();
  await installNameShim(context);
  await carrySession(context, session);
  await installContentTimer(context, FIRST_CONTENT[content]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, Sent>();
  let origin = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (origin === 0) origin = e.timestamp;
    const top = e.initiator.stack?.callFrames[0] ?? e.initiator.stack?.parent?.callFrames[0];
    const initiator = e.initiator.type === 'parser' ? `parser ${e.initiator.url?.replace(/^https?:\/\/[^/]+/, '') ?? ''}` : top ? `${e.initiator.type} ${top.url.replace(/^https?:\/\/[^/]+/, '')}` : e.initiator.type;
    requests.set(e.requestId + e.request.url, { id: e.requestId, url: e.request.url, sentAt: e.timestamp, initiator, priority: e.request.initialPriority });
  });
  cdp.on('Network.loadingFinished', (e) => {
    for (const r of requests.values()) if (r.id === e.requestId && r.doneAt === undefined) r.doneAt = e.timestamp;
  });
  await page.goto(url);
  const contentMs = await firstContentTime(page);
  await page.waitForLoadState('networkidle');
  await context.close();
  const ms = (t: number) => (t - origin) * 1000;
  return {
    requests: [...requests.values()].map((r) => ({ ...r, sentAt: ms(r.sentAt), doneAt: r.doneAt === undefined ? undefined : ms(r.doneAt) })).sort((a, b) => a.sentAt - b.sentAt),
    contentMs,
  };
}

runBench(async ({ stack, baselineUrl, browser }) => {
  const email = process.argv[2] ?? 'agency@demo.test';
  const content = (process.argv[3] ?? 'row') as FirstContent;
  const runs = Number(process.env.BENCH_RUNS ?? 2);
  const signed = await signInThroughForm(browser, stack, email);
  for (let i = 0; i < runs * 2; i += 1) {
    // alternated, so both see the same machine load
    const [what, origin] = i % 2 === 0 ? ['console', stack.consoleUrl] : ['baseline', baselineUrl];
    const { requests, contentMs } = await waterfall(browser, `${origin}${signed.home}`, signed.session, content);
    console.log(`\n${what} ${signed.home}, cold, run ${Math.floor(i / 2) + 1}: first content at ${contentMs.toFixed(0)} ms`);
    for (const r of requests) {
      const path = r.url.replace(origin, '').slice(0, 70);
      console.log(`${r.sentAt.toFixed(0).padStart(6)} ${(r.doneAt?.toFixed(0) ?? '-').padStart(6)}  ${r.priority.padEnd(8)} ${path.padEnd(72)} ${r.initiator.slice(0, 60)}`);
    }
    const counts = new Map<string, number>();
    for (const r of requests) counts.set(r.url, (counts.get(r.url) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1);
    console.log(twice.length === 0 ? 'every address fetched once' : `FETCHED MORE THAN ONCE: ${twice.map(([u, n]) => `${u} x${n}`).join(', ')}`);
  }
});
