/**
 * Stored files at size (issue 25, "Shared files"): one file of BENCH_FILE_MB (default 200) MB staged,
 * committed and read back through the database storage on PostgreSQL (ctx.pgUrl), beside the local
 * folder storage of the embedded default, measured in the same run on the same bytes. The source is
 * generated as it is read (64 KiB at a time), never held whole, and the download's md5 is compared with
 * the staged one. Memory is sampled every 20 ms: the peak growth over the figure before each step of
 * the JS heap, of Buffers (arrayBuffers) and of RSS. The goal: no step grows memory by anything like
 * the file's size.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { migrate } from '../src/db';
import { DatabaseFileStorage, LocalFileStorage, type FileStorage } from '../src/storage';
import { onThrowawayPostgres } from './databases';
import type { BenchContext } from './types';

export const name = 'files';

const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 200);
const PIECE = 64 * 1024;
const MB = 1024 * 1024;

/** FILE_MB of bytes that differ piece by piece, made as they are read. */
function generated(): Readable {
  const pieces = (FILE_MB * MB) / PIECE;
  async function* make(): AsyncGenerator<Buffer> {
    for (let i = 0; i < pieces; i += 1) {
      const piece = Buffer.alloc(PIECE, i % 251);
      piece.writeUInt32BE(i, 0);
      yield piece;
    }
  }
  return Readable.from(make(), { objectMode: false });
}

interface Growth {
  seconds: number;
  mbPerSecond: number;
  heapGrowthMb: number;
  buffersGrowthMb: number;
  rssGrowthMb: number;
}

/** Runs `work`, sampling memory; answers its time and the peak growths over the figures before it. */
async function sampled(work: () => Promise<void>): Promise<Growth> {
  global.gc?.();
  const before = process.memoryUsage();
  const peak = { heap: before.heapUsed, buffers: before.arrayBuffers, rss: before.rss };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak.heap = Math.max(peak.heap, m.heapUsed);
    peak.buffers = Math.max(peak.buffers, m.arrayBuffers);
    peak.rss = Math.max(peak.rss, m.rss);
  }, 20);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const mb = (n: number) => Math.round((n / MB) * 10) / 10;
  return {
    seconds: Math.round(seconds * 100) / 100,
    mbPerSecond: Math.round(FILE_MB / seconds),
    heapGrowthMb: mb(peak.heap - before.heapUsed),
    buffersGrowthMb: mb(peak.buffers - before.arrayBuffers),
    rssGrowthMb: mb(peak.rss - before.rss),
  };
}

async function storeAndRead(storage: FileStorage): Promise<Record<string, unknown>> {
  let md5 = '';
  let key = '';
  const stage = await sampled(async () => {
    const staged = await storage.stage(generated());
    key = storage.newKey();
    await storage.commit(staged, key);
    md5 = staged.md5;
  });
  let readMd5 = '';
  const download = await sampled(async () => {
    const stored = await storage.open(key);
    if (!stored) throw new Error('the stored file is not there');
    const hash = createHash('md5');
    for await (const part of stored.stream) hash.update(part as Buffer);
    readMd5 = hash.digest('hex');
  });
  if (readMd5 !== md5) throw new Error(`the download's md5 ${readMd5} is not the stored ${md5}`);
  const removeStarted = performance.now();
  await storage.remove(key);
  return { stageAndCommit: stage, download, removeMs: Math.round(performance.now() - removeStarted), sameMd5: true };
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-files-bench-'));
  try {
    const localFolder = await storeAndRead(new LocalFileStorage(path.join(dir, 'firmware')));
    console.log('local folder', localFolder);
    const postgres = ctx.pgUrl
      ? await onThrowawayPostgres(ctx.pgUrl, 'files', async (db) => {
          await migrate(db);
          return storeAndRead(new DatabaseFileStorage(db, 'firmware'));
        })
      : null;
    console.log('PostgreSQL', postgres);
    return {
      fileMb: FILE_MB,
      what: 'one file staged, committed, read back (md5 checked) and removed; memory growth = peak over the figure before each step, sampled every 20 ms',
      localFolder,
      postgres,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
