/**
 * Helpers of the firmware and OTA suites: a seeded app whose firmware folder is a fresh temporary
 * folder, an Admin token, multipart forms built by hand, and devices of known versions.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Config } from '../../src/config';
import type { Db } from '../../src/db';
import { bearer, forFile, signIn, startTestApp, type TestApp } from '../support/app';

export interface OtaTestApp extends TestApp {
  dataDir: string;
  admin: Record<string, string>;
  /** A fresh Admin token (after the test clock moved past the token's life). */
  renew(): Promise<void>;
  /** Every file the app's firmware storage holds, staged ones included (a folder, or PostgreSQL's rows). */
  storedFiles(): Promise<string[]>;
}

export async function startOtaApp(overrides: Partial<Config> = {}): Promise<OtaTestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-ota-'));
  const t = await startTestApp({ dataDir, ...overrides });
  const admin = bearer((await signIn(t.app, 'admin@demo.test')).token);
  const close = t.close;
  const out: OtaTestApp = {
    ...t,
    dataDir,
    admin,
    async renew() {
      out.admin = bearer((await signIn(t.app, 'admin@demo.test')).token);
    },
    async storedFiles() {
      const { committed, staged } = await t.app.fleetContext.files.firmware.inventory();
      return [...committed, ...staged];
    },
    async close() {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return out;
}

/** The test file's OTA app, started before its tests and closed after them (as appForFile). */
export const otaAppForFile = (overrides: Partial<Config> = {}): OtaTestApp => forFile(() => startOtaApp(overrides));

export const md5 = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex');

export type FormPart = { name: string; value: string } | { name: string; filename: string; content: Buffer };

/** A multipart/form-data body, fields and files in the given order. */
function multipartBody(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fleet${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        p.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function sendForm(app: FastifyInstance, url: string, auth: Record<string, string>, parts: FormPart[]) {
  const { payload, headers } = multipartBody(parts);
  return app.inject({ method: 'POST', url, payload, headers: { ...auth, ...headers } });
}

/** A single firmware of `version` with a small file; answers its info. */
export async function addFirmware(
  t: OtaTestApp,
  deviceType: string,
  version: string,
  content = Buffer.from(`firmware ${deviceType} ${version}`),
): Promise<{ id: number; download_link: string }> {
  const res = await sendForm(t.app, '/api/ota/store', t.admin, [
    { name: 'deviceType', value: deviceType },
    { name: 'version', value: version },
    { name: 'auto_update_message', value: `Update to ${version}` },
    { name: 'md_5_value', value: md5(content) },
    { name: 'file', filename: `fw-${version}.bin`, content },
  ]);
  if (res.statusCode !== 200) throw new Error(`store ${version}: ${res.statusCode} ${res.body}`);
  return (res.json() as { info: { id: number; download_link: string } }).info;
}

/** Inserts `count` devices of a line on `version`; answers their ids in creation order. */
export async function addDevices(db: Db, line: string, prefix: string, version: string | null, count: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO devices (product_line, serial_number, mac_address, firmware_version, created_at)
     SELECT $1, $2 || lpad(n::text, 6, '0'), upper(substr(md5($2 || n), 1, 12)), $3, now() - n * interval '1 minute'
       FROM generate_series(1, $4::int) AS n
     RETURNING id`,
    [line, prefix, version, count],
  );
  return rows.map((r) => r.id);
}

export async function call(t: OtaTestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: t.admin,
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers are read field by field
  return { status: res.statusCode, body: res.json() as { status: boolean; message: string; info?: any } };
}

export const q = (params: Record<string, unknown>): string =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
