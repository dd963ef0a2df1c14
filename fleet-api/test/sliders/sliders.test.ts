// Issue 13 (part): the home-page sliders. Admin lists a product line's slides, adds, updates and
// deletes them with spec 5's messages; the image is checked (name and bytes, 52428800 bytes at most),
// stored under a generated key and shown through a signed link; the customer apps read the slides.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SliderInfo as Slide } from '../../src/modules/sliders/sliders';
import { bannerPng, seedDemoSliderImages } from '../../src/seed/sliders';
import { bearersOf, SETUP_TIMEOUT, startTestApp, type TestApp, countOf } from '../support/app';
import { sendForm, type FormPart } from '../ota/support';

let t: TestApp;
let dataDir: string;
const tokens: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-sliders-'));
  t = await startTestApp({ dataDir });
  Object.assign(tokens, await bearersOf(t.app, ['Admin', 'Agency', 'Customer']));
}, SETUP_TIMEOUT);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file the app's slider storage holds, staged ones included (a folder, or PostgreSQL's rows). */
async function storedFiles(): Promise<string[]> {
  const { committed, staged } = await t.app.fleetContext.files.sliders.inventory();
  return [...committed, ...staged];
}

const PNG = bannerPng('a test slide', 64, 24);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);


async function form(url: string, parts: FormPart[], role = 'Admin') {
  const res = await sendForm(t.app, url, tokens[role] ?? {}, parts);
  const body = res.json() as { message: string; info: Slide };
  return { status: res.statusCode, message: body.message, info: body.info };
}
async function list(query: string, role = 'Admin') {
  const res = await t.app.inject({ url: `/api/homepage/slider${query}`, headers: tokens[role] });
  return { status: res.statusCode, info: (res.json() as { info: { data: Slide[]; total: number } }).info };
}
const fields = (values: Record<string, string>): FormPart[] => Object.entries(values).map(([name, value]) => ({ name, value }));
const n = (sql: string, params: unknown[] = []) => countOf(t.db, sql, params);

describe('sliders', () => {
  it('lists a line’s slides, newest first, for Admin and the customer apps, never for other roles', async () => {
    const livelink = await list('?deviceType=livelink');
    expect(livelink.status).toBe(200);
    expect(livelink.info.total).toBe(await n("SELECT count(*)::int AS n FROM sliders WHERE product_key = 'livelink'"));
    expect(livelink.info.data.every((s) => s.deviceType === 'livelink')).toBe(true);
    const advisor = await list('?deviceType=ihd', 'Customer');
    expect(advisor.status).toBe(200);
    expect(advisor.info.data.map((s) => s.name)).toEqual(expect.arrayContaining(['Know your usage']));
    expect((await list('?deviceType=bulb')).status).toBe(400);
    expect((await list('', 'Agency')).status).toBe(403);
  });

  it('adds a slide with the messages, keeping nothing when refused, and serves its image through a signed link', async () => {
    const before = await n('SELECT count(*)::int AS n FROM sliders');
    const base = { deviceType: 'safelink', name: 'Test your alarms', link: 'https://example.com/test' };
    const image: FormPart = { name: 'image', filename: 'banner.png', content: PNG };
    const tries: Array<[FormPart[], number, string]> = [
      [[...fields({ ...base, name: ' ' }), image], 400, 'Name is required'],
      [[...fields({ ...base, link: 'example.com/test' }), image], 400, 'Link is invalid.Enter valid link'],
      [[...fields({ ...base, link: 'ftp://example.com' }), image], 400, 'Link is invalid.Enter valid link'],
      [[...fields({ ...base, link: 'javascript:alert(1)' }), image], 400, 'Link is invalid.Enter valid link'],
      [fields(base), 400, 'Image is required'],
      [[...fields(base), { name: 'image', filename: 'banner.gif', content: PNG }], 400, 'Only .jpeg, .jpg, .png images are accepted'],
      [[...fields(base), { name: 'image', filename: 'banner.png', content: Buffer.from('<svg onload=alert(1)>') }], 400, 'The image is not a JPEG or PNG file'],
      [[...fields({ ...base, deviceType: 'bulb' }), image], 400, 'deviceType must be one of ihd, livelink, safelink, airlink'],
      [[...fields(base), { name: 'role', value: 'Admin' }, image], 400, 'role is not an accepted field'],
    ];
    for (const [parts, status, message] of tries) {
      const res = await form('/api/homepage/slider', parts);
      expect([res.status, res.message]).toEqual([status, message]);
    }
    expect(await n('SELECT count(*)::int AS n FROM sliders')).toBe(before);
    expect(await storedFiles()).toEqual([]);
    expect((await form('/api/homepage/slider', [...fields(base), image], 'Agency')).status).toBe(403);

    const added = await form('/api/homepage/slider', [...fields({ ...base, name: ' Test your alarms ' }), { name: 'image', filename: '../../etc/banner.png', content: PNG }]);
    expect([added.status, added.message]).toEqual([200, 'Slider added successfully']);
    expect(added.info).toMatchObject({ deviceType: 'safelink', name: 'Test your alarms', link: 'https://example.com/test', image_name: 'banner.png' });
    expect(await storedFiles()).toHaveLength(1);
    expect((await storedFiles())[0]).not.toMatch(/banner/);

    const url = added.info.image_url ?? '';
    const shown = await t.app.inject({ url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    // another signature (its first digit changed) is refused
    const forged = url.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`);
    expect(forged).not.toBe(url);
    expect((await t.app.inject({ url: forged })).statusCode).toBe(403);
    t.clock.advance(2 * 3600);
    expect((await t.app.inject({ url })).statusCode).toBe(403);
    t.clock.advance(-2 * 3600);
  });

  it('accepts exactly 52428800 bytes and refuses one byte more with 413, keeping nothing', async () => {
    const limit = 52_428_800;
    const big = Buffer.alloc(limit + 1, 0);
    PNG.copy(big, 0, 0, 16);
    const before = await n('SELECT count(*)::int AS n FROM sliders');
    const files = (await storedFiles()).length;
    const refused = await form('/api/homepage/slider', [...fields({ deviceType: 'airlink', name: 'Too big', link: 'https://example.com' }), { name: 'image', filename: 'big.png', content: big }]);
    expect([refused.status, refused.message]).toEqual([413, 'File too large: the limit is 52428800 bytes']);
    expect(await n('SELECT count(*)::int AS n FROM sliders')).toBe(before);
    expect(await storedFiles()).toHaveLength(files);
    const exact = await form('/api/homepage/slider', [...fields({ deviceType: 'airlink', name: 'Just fits', link: 'https://example.com' }), { name: 'image', filename: 'big.png', content: big.subarray(0, limit) }]);
    expect(exact.status).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/homepage/slider?id=${exact.info.id}&deviceType=airlink`, headers: tokens.Admin });
    expect(removed.statusCode).toBe(200);
    expect(await storedFiles()).toHaveLength(files);
  });

  it('updates a slide, keeping or replacing its image, and deletes it with its image', async () => {
    const slide = (await list('?deviceType=safelink&filter=' + encodeURIComponent(JSON.stringify([{ key: 'name', value: 'Test your alarms', type: 'single' }])))).info.data[0];
    expect(slide).toBeDefined();
    const id = String(slide?.id);
    const bad = await form('/api/homepage/slider/update', fields({ id, deviceType: 'safelink', name: 'Renamed', link: 'www.example.com' }));
    expect([bad.status, bad.message]).toEqual([400, 'Link is invalid.Enter valid link']);
    const other = await form('/api/homepage/slider/update', fields({ id, deviceType: 'livelink', name: 'Renamed', link: 'https://example.com' }));
    expect([other.status, other.message]).toEqual([404, 'Slider not found']);
    const kept = await form('/api/homepage/slider/update', fields({ id, deviceType: 'safelink', name: 'Alarms, monthly', link: 'http://example.com/alarms' }));
    expect([kept.status, kept.message]).toEqual([200, 'Slider updated successfully']);
    expect(kept.info).toMatchObject({ name: 'Alarms, monthly', link: 'http://example.com/alarms', image_name: 'banner.png' });
    const oldFiles = await storedFiles();
    const replaced = await form('/api/homepage/slider/update', [...fields({ id, deviceType: 'safelink', name: 'Alarms, monthly', link: 'http://example.com/alarms' }), { name: 'image', filename: 'photo.JPG', content: JPEG }]);
    expect(replaced.status).toBe(200);
    expect(replaced.info.image_name).toBe('photo.JPG');
    expect(await storedFiles()).toHaveLength(oldFiles.length);
    expect(await storedFiles()).not.toEqual(oldFiles);
    const shown = await t.app.inject({ url: replaced.info.image_url ?? '' });
    expect([shown.statusCode, shown.headers['content-type']]).toEqual([200, 'image/jpeg']);

    const wrongLine = await t.app.inject({ method: 'DELETE', url: `/api/homepage/slider?id=${id}&deviceType=airlink`, headers: tokens.Admin });
    expect(wrongLine.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/homepage/slider?id=${id}`, headers: tokens.Agency })).statusCode).toBe(403);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/homepage/slider?id=${id}&deviceType=safelink`, headers: tokens.Admin });
    expect([deleted.statusCode, (deleted.json() as { message: string }).message]).toEqual([200, 'Slider deleted successfully']);
    expect((await storedFiles()).length).toBe(oldFiles.length - 1);
    expect((await t.app.inject({ url: replaced.info.image_url ?? '' })).statusCode).toBe(404);
  });

  it('gives every demo slide a generated PNG once', async () => {
    const storage = t.app.fleetContext.files.sliders;
    const without = await n('SELECT count(*)::int AS n FROM sliders WHERE image_key IS NULL');
    expect(without).toBeGreaterThan(0);
    await expect(seedDemoSliderImages(t.db, storage)).resolves.toEqual({ seeded: true });
    await expect(seedDemoSliderImages(t.db, storage)).resolves.toEqual({ seeded: false });
    expect(await n('SELECT count(*)::int AS n FROM sliders WHERE image_key IS NULL')).toBe(0);
    const slide = (await list('?deviceType=ihd', 'Customer')).info.data[0];
    const shown = await t.app.inject({ url: slide?.image_url ?? '' });
    expect([shown.statusCode, shown.headers['content-type']]).toEqual([200, 'image/png']);
    expect(shown.rawPayload.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
  });
});
