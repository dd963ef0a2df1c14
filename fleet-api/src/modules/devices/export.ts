/**
 * CSV export of a whole filtered device list, any size, as a server job (issue 9): a row in
 * export_jobs with its progress, the file written under <dataDir>/exports in batches read by id
 * (keyset, so memory stays flat at any size), and a signed, expiring link when it is done. The rows
 * are the caller's slice with the list's filters: an agency's export holds only its devices.
 */
import { createWriteStream, existsSync, mkdirSync, rmSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { ApiError, notFound } from '../../server/errors';
import type { ListQuery } from '../../server/listing';
import { DownloadSigner } from '../../server/signed-links';
import { SqlParams, whereClause } from '../../server/sql';
import type { AppContext } from '../../server/context';
import { nowSeconds } from '../../server/context';
import type { DeviceLine } from './lines';
import { deviceConditions, ROW_COLUMNS, ROW_JOINS, type DeviceListRow } from './queries';

export const EXPORT_BATCH = 5000;
/** Finished exports and their files are kept this long. */
export const EXPORT_KEEP_MS = 24 * 3600 * 1000;

const HEADERS = [
  'Record ID',
  'Product',
  'Serial Number',
  'MAC Address',
  'Firmware Version',
  'WiFi Name',
  'Address',
  'Connection Type',
  'Date Installed',
  'Customer State',
  'Device Status',
  'Installed Via',
  'Agency Name',
  'Agent Name',
  'Agent ID',
];

/** One CSV field: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs it. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvRow(r: DeviceListRow): string {
  const address = [r.unit_number, r.street_number, r.street, r.city, r.state, r.postal_code].filter(Boolean).join(' ');
  return [
    r.id,
    r.product_line,
    r.serial_number,
    r.mac_address?.toUpperCase(),
    r.firmware_version,
    r.wifi_name,
    address || 'No Property Exist',
    r.connection_type,
    r.installation_date,
    r.status,
    r.device_status,
    r.installed_via,
    r.agency_name,
    [r.first_name, r.last_name].filter(Boolean).join(' '),
    r.installer_uuid,
  ]
    .map(csvField)
    .join(',');
}

export interface ExportInfo {
  id: number;
  status: 'running' | 'done' | 'failed';
  total: number;
  rows_written: number;
  download_link: string | null;
  error: string | null;
}

export class DeviceExports {
  private readonly signer: DownloadSigner;
  readonly folder: string;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: (message: string) => void,
  ) {
    this.signer = new DownloadSigner(ctx.otpKey, '/api/export/download', 'fleet-api exports');
    this.folder = path.join(ctx.config.dataDir, 'exports');
  }

  private get db(): Db {
    return this.ctx.db;
  }

  /**
   * At start-up: a job left running by a stopped server will never finish; say so, and drop files
   * and rows of exports older than a day.
   */
  async recover(): Promise<void> {
    await this.db.query(
      "UPDATE export_jobs SET status = 'failed', error = 'The server restarted during the export; start it again', finished_at = now() WHERE status = 'running'",
    );
    await this.forgetOld();
  }

  private async forgetOld(): Promise<void> {
    const before = new Date(this.ctx.config.now().getTime() - EXPORT_KEEP_MS).toISOString();
    const { rows } = await this.db.query<{ file_key: string | null }>('DELETE FROM export_jobs WHERE created_at < $1 RETURNING file_key', [before]);
    for (const row of rows) if (row.file_key) rmSync(path.join(this.folder, path.basename(row.file_key)), { force: true });
  }

  /** Starts an export of the caller's devices of `line` with the list's filters; answers its row at once. */
  async start(caller: Caller, line: DeviceLine, query: ListQuery, deviceUids?: string[]): Promise<ExportInfo> {
    // the filters are checked before anything starts: a bad one is a 400 like the list's
    const params = new SqlParams();
    const { conditions } = deviceConditions(caller, line, { ...query, sortBy: undefined }, params);
    // the spec's `all: false` with a device_uid list: only those devices (of the slice)
    if (deviceUids) conditions.push(`d.device_uid = ANY(${params.add(deviceUids)}::text[])`);
    const busy = await this.db.query("SELECT 1 FROM export_jobs WHERE user_id = $1 AND status = 'running' LIMIT 1", [caller.userId]);
    if (busy.rows.length > 0) throw new ApiError(409, 'An export of yours is still running; wait for it to finish');
    await this.forgetOld();
    const where = whereClause(conditions);
    const total = (await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM devices d ${ROW_JOINS} ${where}`, params.values)).rows[0]?.n ?? 0;
    const { rows } = await this.db.query<{ id: number }>(
      "INSERT INTO export_jobs (user_id, kind, total, created_at) VALUES ($1, 'devices', $2, $3) RETURNING id::int AS id",
      [caller.userId, total, this.ctx.config.now().toISOString()],
    );
    const id = rows[0]?.id ?? 0;
    const job = this.write(id, conditions, params.values).finally(() => this.running.delete(job));
    this.running.add(job);
    return { id, status: 'running', total, rows_written: 0, download_link: null, error: null };
  }

  /** Waits for every export in progress (tests, and a clean shutdown). */
  async settle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private async write(id: number, conditions: string[], values: unknown[]): Promise<void> {
    mkdirSync(this.folder, { recursive: true });
    const fileKey = `devices-${id}.csv`;
    const file = path.join(this.folder, fileKey);
    let out: WriteStream | null = null;
    try {
      out = createWriteStream(file);
      const stream = out;
      const put = async (text: string) => {
        if (!stream.write(text)) await once(stream, 'drain');
      };
      await put(`${HEADERS.join(',')}\r\n`);
      let last = 0;
      let written = 0;
      for (;;) {
        const params = new SqlParams();
        for (const v of values) params.add(v);
        const after = `d.id > ${params.add(last)}`;
        const batch = await this.db.query<DeviceListRow>(
          `SELECT ${ROW_COLUMNS} FROM devices d ${ROW_JOINS} ${whereClause([...conditions, after])} ORDER BY d.id LIMIT ${params.add(EXPORT_BATCH)}`,
          params.values,
        );
        if (batch.rows.length === 0) break;
        await put(batch.rows.map(csvRow).join('\r\n') + '\r\n');
        written += batch.rows.length;
        last = batch.rows[batch.rows.length - 1]?.id ?? last;
        await this.db.query('UPDATE export_jobs SET rows_written = $2 WHERE id = $1', [id, written]);
        if (batch.rows.length < EXPORT_BATCH) break;
      }
      stream.end();
      await once(stream, 'finish');
      await this.db.query("UPDATE export_jobs SET status = 'done', rows_written = $2, file_key = $3, finished_at = $4 WHERE id = $1", [
        id,
        written,
        fileKey,
        this.ctx.config.now().toISOString(),
      ]);
    } catch (err) {
      out?.destroy();
      rmSync(file, { force: true });
      await this.db
        .query("UPDATE export_jobs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1", [id, 'The export could not be written; start it again'])
        .catch(() => undefined);
      this.log(`export ${id} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** The caller's own export (another user's is not found). */
  async info(caller: Caller, id: number): Promise<ExportInfo> {
    const { rows } = await this.db.query<{ id: number; status: ExportInfo['status']; total: number; rows_written: number; file_key: string | null; error: string | null }>(
      'SELECT id::int AS id, status, total, rows_written, file_key, error FROM export_jobs WHERE id = $1 AND user_id = $2',
      [id, caller.userId],
    );
    const row = rows[0];
    if (!row) throw notFound('Export not found');
    return {
      id: row.id,
      status: row.status,
      total: row.total,
      rows_written: row.rows_written,
      error: row.error,
      download_link: row.status === 'done' && row.file_key ? this.signer.link(row.id, 'csv', row.file_key, nowSeconds(this.ctx)) : null,
    };
  }

  /** The file of a signed link, or why not. */
  async file(id: number, expires: number, signature: string): Promise<string> {
    const { rows } = await this.db.query<{ file_key: string | null }>("SELECT file_key FROM export_jobs WHERE id = $1 AND status = 'done'", [id]);
    const key = rows[0]?.file_key;
    if (!key) throw notFound('Export not found');
    const verdict = this.signer.check(id, 'csv', key, expires, signature, nowSeconds(this.ctx));
    if (verdict === 'bad') throw new ApiError(403, 'Invalid download link');
    if (verdict === 'expired') throw new ApiError(403, 'This download link has expired');
    const file = path.join(this.folder, path.basename(key));
    if (!existsSync(file)) throw notFound('Export not found');
    return file;
  }
}
