// Multipart bodies that never end, end early or have no boundary: a 400 in bounded time, no staged
// file and no open file left; staged leftovers of a killed process are swept at start-up (issue 8, 3).
jest.setTimeout(60_000);
import { readdirSync, readlinkSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buildApp } from '../../src/app';
import { MALFORMED_MESSAGE, STALLED_MESSAGE } from '../../src/modules/firmware/upload';
import { md5, otaAppForFile } from '../ota/support';
import { ageStagedFile } from '../support/files';

const t = otaAppForFile({ uploadIdleTimeoutMs: 1000 });
let port = 0;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

/** Files this process holds open under the firmware folder. */
function openFirmwareFiles(): string[] {
  const root = path.join(t.dataDir, 'firmware');
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(root));
}

/** Sends `head` + `body` over a raw socket, optionally ending the request, and resolves the first answer. */
function rawRequest(head: string, body: Buffer, end: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      socket.write(body);
      if (end) socket.end();
    });
    let answer = '';
    socket.on('data', (d: Buffer) => {
      answer += d.toString();
      if (/\r\n\r\n[\s\S]*\}/.test(answer)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

const BOUNDARY = '----fleet-test-boundary';

function unfinishedForm(content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="deviceType"\r\n\r\nlivelink\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="version"\r\n\r\n7.7.7\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="md_5_value"\r\n\r\n${md5(content)}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="image.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    // no closing boundary
  ]);
}

function head(contentType: string, length: number): string {
  return (
    'POST /api/ota/store HTTP/1.1\r\n' +
    `Host: 127.0.0.1:${port}\r\n` +
    `Authorization: ${t.admin.authorization}\r\n` +
    `Content-Type: ${contentType}\r\n` +
    `Content-Length: ${length}\r\n\r\n`
  );
}

async function firmwareRows(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM firmwares WHERE version = '7.7.7'");
  return rows[0]?.n ?? 0;
}

it('answers 400 to a form whose closing boundary never comes (socket kept open), keeping no file', async () => {
  const body = unfinishedForm(Buffer.alloc(64 * 1024, 1));
  // Content-Length promises far more than is sent: the server waits for bytes that never come.
  const answer = await rawRequest(head(`multipart/form-data; boundary=${BOUNDARY}`, body.length + 1_000_000), body, false);
  expect(answer).toMatch(/^HTTP\/1\.1 400/);
  expect(answer).toContain(STALLED_MESSAGE);
  await new Promise((r) => setTimeout(r, 200));
  expect(await t.storedFiles()).toEqual([]);
  expect(openFirmwareFiles()).toEqual([]);
  expect(await firmwareRows()).toBe(0);
});

it('answers 400 to a body that ends (all its Content-Length sent) without the closing boundary, keeping no file', async () => {
  const body = unfinishedForm(Buffer.alloc(10_000, 2));
  const answer = await rawRequest(head(`multipart/form-data; boundary=${BOUNDARY}`, body.length), body, false);
  expect(answer).toMatch(/^HTTP\/1\.1 400/);
  expect(answer).toContain(MALFORMED_MESSAGE);
  await new Promise((r) => setTimeout(r, 200));
  expect(await t.storedFiles()).toEqual([]);
  expect(openFirmwareFiles()).toEqual([]);
});

it('answers 400, not 500, to multipart/form-data without a boundary', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ota/store',
    headers: { ...t.admin, 'content-type': 'multipart/form-data' },
    payload: 'deviceType=livelink',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe(MALFORMED_MESSAGE);
});

it('sweeps staged files left by a killed process at start-up, and keeps one still being written', async () => {
  const storage = t.app.fleetContext.files.firmware;
  const dead = await storage.stage(Readable.from([Buffer.from('half an upload')]));
  const live = await storage.stage(Readable.from([Buffer.from('an upload in progress')]));
  await ageStagedFile(t.db, storage, dead.id);
  const restarted = await buildApp({ db: t.db, config: t.config });
  try {
    const { staged } = await storage.inventory();
    expect(staged).not.toContain(dead.id);
    expect(staged).toContain(live.id);
  } finally {
    await storage.discard(live);
    await restarted.close();
  }
});
