// Measuring what JavaScript a cold browser downloads, and sorting it into shell, shared singletons and
// remotes. Sizes are the response bodies gzipped here at level 6 (what a static server sends), so the
// composed console and the baseline are measured the same way whatever the servers do.
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { FIRST_PAINT_CHUNKS, SHARED_VENDOR_CHUNKS } from '@fleet/federation-config';

interface ScriptFile {
  url: string;
  bytes: number;
  gzipBytes: number;
  part: string;
}

export interface Weight {
  files: ScriptFile[];
  gzipBytes: number;
  bytes: number;
  /** gzip bytes per part: `shell`, `shared:react-dom`, `remote:mfe-auth`, `baseline`... */
  parts: Record<string, number>;
}

/** A script's body asked of its server again. */
async function refetch(url: string): Promise<Buffer> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return Buffer.from(await answer.arrayBuffer());
}

/** Records the body of every script response of a context (with its cache empty: a new context). */
export function recordScripts(context: BrowserContext): { stop(): Promise<Array<{ url: string; body: Buffer }>> } {
  const pending: Array<Promise<{ url: string; body: Buffer } | null>> = [];
  const onResponse = (res: Response): void => {
    const req = res.request();
    const isJs = req.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(res.url()).pathname);
    if (!isJs || res.status() !== 200) return;
    // Chromium sometimes no longer holds a body when it is asked (seen for the dashboard baseline's
    // chart chunk, which then went uncounted): the same server serves the same bytes again.
    const url = res.url();
    pending.push(res.body().catch(() => refetch(url)).then((body) => ({ url, body }), () => null));
  };
  context.on('response', onResponse);
  return {
    stop: async () => {
      context.off('response', onResponse);
      const got = await Promise.all(pending);
      return got.filter((g): g is { url: string; body: Buffer } => g !== null);
    },
  };
}

export function weigh(files: Array<{ url: string; body: Buffer }>, classify: (url: string) => string): Weight {
  const seen = new Set<string>();
  const out: ScriptFile[] = [];
  for (const f of files) {
    if (seen.has(f.url)) continue; // a script fetched twice is downloaded once with a cache
    seen.add(f.url);
    out.push({ url: f.url, bytes: f.body.length, gzipBytes: gzipSync(f.body, { level: 6 }).length, part: classify(f.url) });
  }
  const parts: Record<string, number> = {};
  for (const f of out) parts[f.part] = (parts[f.part] ?? 0) + f.gzipBytes;
  return {
    files: out.sort((a, b) => b.gzipBytes - a.gzipBytes),
    gzipBytes: out.reduce((s, f) => s + f.gzipBytes, 0),
    bytes: out.reduce((s, f) => s + f.bytes, 0),
    parts,
  };
}

/**
 * Which shell chunks hold which shared singleton: the federation runtime keeps, for every shared
 * package the shell provides, the factory webpack generated for it, whose text names the chunks it
 * loads (`()=>Promise.all([n.e(961),n.e(540)]).then(...)`). Chunk files are named `<id>.<hash>.js`.
 */
export async function sharedChunkOwners(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    type Entry = { get?: () => unknown; shareConfig?: unknown; from?: string };
    const fed = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, Entry>>>> } }).__FEDERATION__;
    const owners: Record<string, string[]> = {};
    for (const scopes of Object.values(fed?.__SHARE__ ?? {})) {
      for (const pkgs of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(pkgs)) {
          for (const entry of Object.values(versions)) {
            const text = typeof entry.get === 'function' ? entry.get.toString() : '';
            for (const m of text.matchAll(/\.e\((\d+)\)/g)) {
              const id = m[1]!;
              owners[id] = [...new Set([...(owners[id] ?? []), pkg])];
            }
          }
        }
      }
    }
    return owners;
  });
}

/** Sorts the console's scripts: a remote's own folder, a shell chunk serving a shared package, or the shell. */
export function consoleClassifier(consoleOrigin: string, chunkOwners: Record<string, string[]>): (url: string) => string {
  return (url) => {
    const u = new URL(url);
    if (u.origin !== consoleOrigin) return `other:${u.origin}`;
    const remote = /^\/remotes\/([^/]+)\//.exec(u.pathname);
    if (remote) return `remote:${remote[1]}`;
    const chunkId = /^\/(\d+)\.[^/]*\.js$/.exec(u.pathname)?.[1];
    const owners = chunkId ? chunkOwners[chunkId] : undefined;
    if (owners && owners.length > 0) return `shared:${[...owners].sort().join('+')}`;
    // a library several share keys use, or a first-paint share key, in a chunk named after it
    // (federation-config SHARED_VENDOR_CHUNKS, FIRST_PAINT_CHUNKS)
    const named = /^\/([a-z-]+)\.[0-9a-f]+\.js$/.exec(u.pathname)?.[1];
    const chunk = named ? (SHARED_VENDOR_CHUNKS[named] ?? FIRST_PAINT_CHUNKS[named]) : undefined;
    if (chunk) return `shared:${chunk.shareKey}`;
    return 'shell';
  };
}

/** Folds `shared:a+b` parts into one `shared` total, keeping the detail. */
export function summarise(weight: Weight): { shell: number; shared: number; remotes: Record<string, number>; other: number } {
  let shell = 0;
  let shared = 0;
  let other = 0;
  const remotes: Record<string, number> = {};
  for (const [part, bytes] of Object.entries(weight.parts)) {
    if (part === 'shell') shell += bytes;
    else if (part.startsWith('shared:')) shared += bytes;
    else if (part.startsWith('remote:')) remotes[part.slice(7)] = (remotes[part.slice(7)] ?? 0) + bytes;
    else other += bytes;
  }
  return { shell, shared, remotes, other };
}

/**
 * tsx (esbuild, keepNames) wraps named functions in `__name(...)`; functions handed to the page are
 * serialised with that call in them, so the page needs the helper too. Install first.
 */
export async function installNameShim(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' });
}

/** In the page from its first script on: the time (ms since navigation start) a login form is rendered. */
export async function installFormTimer(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __loginFormAt?: number };
    const check = (): boolean => {
      const pw = document.querySelector('form input[type="password"]');
      const email = document.querySelector('form input[type="email"], form input[name="email"]');
      if (pw && email && (pw as HTMLElement).offsetParent !== null) {
        w.__loginFormAt = performance.now();
        return true;
      }
      return false;
    };
    const obs = new MutationObserver(() => {
      if (check()) obs.disconnect();
    });
    obs.observe(document, { childList: true, subtree: true });
  });
}

export async function loginFormTime(page: Page): Promise<number> {
  await page.waitForFunction(() => typeof (window as unknown as { __loginFormAt?: number }).__loginFormAt === 'number', null, {
    timeout: 30_000,
  });
  return page.evaluate(() => (window as unknown as { __loginFormAt: number }).__loginFormAt);
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
