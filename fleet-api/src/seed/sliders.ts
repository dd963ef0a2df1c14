/**
 * The demo slides' images: each slide the base seed made (seed/data.ts SLIDES) gets a generated PNG
 * banner (a gradient in colours drawn from its name, with soft stripes), stored through the slider
 * storage like an upload. Runs once per database (seed_state 'demo-sliders').
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import type { Db } from '../db';
import { holdStartUpLock } from '../server/singleton';
import type { FileStorage } from '../storage/file-storage';

const STATE = 'demo-sliders';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A PNG banner of `width` x `height`, its colours drawn from `text` (the same text, the same image). */
export function bannerPng(text: string, width = 960, height = 320): Buffer {
  const h = createHash('sha256').update(text).digest();
  const from = [h[0] ?? 0, h[1] ?? 0, h[2] ?? 0];
  const to = [h[3] ?? 255, h[4] ?? 255, h[5] ?? 255];
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * stride] = 0; // no filter
    for (let x = 0; x < width; x += 1) {
      const t = x / (width - 1);
      const stripe = ((x + y) >> 5) % 2 === 0 ? 1 : 0.9;
      for (let c = 0; c < 3; c += 1) {
        raw[y * stride + 1 + x * 3 + c] = Math.round(((from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t) * stripe);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter choice, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function seedDemoSliderImages(db: Db, storage: FileStorage, log: (msg: string) => void = () => undefined): Promise<{ seeded: boolean }> {
  if ((await db.query('SELECT 1 FROM seed_state WHERE name = $1', [STATE])).rowCount > 0) return { seeded: false };
  const slides = (await db.query<{ id: number; name: string }>('SELECT id::int AS id, name FROM sliders WHERE image_key IS NULL ORDER BY id')).rows;
  if (slides.length === 0) return { seeded: false };
  log('seed: an image for every demo slide');
  const committed: string[] = [];
  let seeded = true;
  try {
    await db.transaction(async (tx) => {
      // two instances started at once on a new database: the second waits here and finds it done
      await holdStartUpLock(tx, 'demoSliders');
      if ((await tx.query('SELECT 1 FROM seed_state WHERE name = $1', [STATE])).rowCount > 0) {
        seeded = false;
        return;
      }
      for (const slide of slides) {
        const png = bannerPng(slide.name);
        const staged = await storage.stage(Readable.from([png]));
        const key = storage.newKey();
        await tx.query("UPDATE sliders SET image_key = $2, image_type = 'image/png', image_name = $3, image_bytes = $4 WHERE id = $1", [
          slide.id,
          key,
          `slide-${slide.id}.png`,
          staged.sizeBytes,
        ]);
        await storage.commit(staged, key);
        committed.push(key);
      }
      await tx.query('INSERT INTO seed_state (name, devices) VALUES ($1, 0)', [STATE]);
    });
  } catch (err) {
    await Promise.all(committed.map((key) => storage.remove(key).catch(() => undefined)));
    throw err;
  }
  return { seeded };
}
