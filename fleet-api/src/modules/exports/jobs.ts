/**
 * CSV exports of whole filtered lists, any size, as server jobs (issue 9; customers since issue 12):
 * a row in export_jobs with its progress, the file streamed by COPY into the export storage (`files.exports`:
 * a folder, or PostgreSQL, where every instance downloads it; memory stays flat at any size), and a
 * signed, expiring link when it is done. What a job exports
 * is a `CsvExport`: its rows are the caller's slice with the list's filters, decided by the module
 * that starts it (an agency's export holds only its rows), in the list's order (its sortBy and orderBy,
 * as on the screen). Kinds: EXPORT_FILES (the audit trail's since issue 23, migration 0031).
 *
 * Several instances (issue 25, migration 0038, docs/deploy.md "Jobs across instances"): a job names the
 * instance writing it (`owner_instance`). One whose owner stopped beating is failed by any instance's
 * sweep, not taken over: a COPY cannot go on from where another process was cut, and its starter may
 * start another at once. Every final write replaces 'running' of this owner only, so an instance that
 * was taken for dead and wakes up changes nothing.
 */
import { AUDIT_EXPORT_FILE_NAME } from '@fleet/contract';
import { Type, type Static } from '@sinclair/typebox';
import { Readable } from 'node:stream';
import { afterCommit, type Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { ApiError, notFound } from '../../server/errors';
import { listQueryProperties, type ListQuery } from '../../server/listing';
import { DownloadSigner } from '../../server/signed-links';
import { SqlParams, whereClause } from '../../server/sql';
import type { AppContext } from '../../server/context';
import { nowSeconds } from '../../server/context';
import { say } from '../../server/messages';
import { ownerAlive } from '../../server/instance';
import type { FileStorage, StoredFile } from '../../storage';

declare module '../../server/context' {
  interface AppContext {
    /** CSV export jobs of every list. */
    exports: ExportJobs;
  }
}

/** Finished exports and their files are kept this long. */
const EXPORT_KEEP_MS = 24 * 3600 * 1000;
/** A staged export file untouched this long belongs to an instance that died writing it. */
const EXPORT_STAGING_IDLE_MS = 10 * 60 * 1000;

/** Why a job of a stopped instance failed (its starter reads it in the export's `error`). */
const OWNER_RESTARTED = say('exports.ownerRestarted');
const OWNER_STOPPED = say('exports.ownerStopped');
/** What every final write of a job replaces: its running state under this instance ($3: the instance). */
const STILL_MINE = "status = 'running' AND owner_instance = $3";

/** The kinds of export and the name their file downloads as. */
const EXPORT_FILES = {
  devices: 'Devices.csv',
  customers: 'Customers.csv',
  feedback: 'Feedback.csv',
  survey_feedback: 'Survey Feedback.csv',
  auto_sync_feedback: 'Auto-Sync Feedback.csv',
  agencies: 'Agencies.csv',
  agents: 'Installer Agents.csv',
  rollout_devices: 'Rollout Devices.csv',
  audit: AUDIT_EXPORT_FILE_NAME,
} as const;

/**
 * The body fields of every list export: the list's filter and its sort (as on the screen; never its page
 * or size: the file is the whole list).
 */
const { sortBy, orderBy } = listQueryProperties;
export const exportListBody = {
  filter: Type.Optional(Type.String({ maxLength: 8000, description: 'the list filter (JSON array as text)' })),
  sortBy,
  orderBy,
};
export type ExportKind = keyof typeof EXPORT_FILES;

/** The list an export body names. */
export function exportedList(body: { filter?: string; sortBy?: string; orderBy?: string }): ListQuery {
  return { filter: body.filter, sortBy: body.sortBy, orderBy: body.orderBy };
}

/** What one export writes: trusted SQL from the module, with the caller's slice in `conditions`. */
export interface CsvExport {
  kind: ExportKind;
  /** FROM and joins, with aliases (e.g. `devices d LEFT JOIN ...`). */
  from: string;
  /** The unique key of a row (`d.id`): the order without `orderBy`, and on PGlite what ranges are of. */
  idColumn: string;
  /** The list's `ORDER BY ...` (buildListing's, with the id as tie-breaker); none: id order. */
  orderBy?: string;
  /** Header name and SQL of each column (free text through fleet_csv_safe, see csvField). */
  columns: Array<[string, string]>;
  conditions: string[];
  /** The $n parameters of `conditions`. */
  values: unknown[];
}

const selectList = (columns: CsvExport['columns']) => columns.map(([name, sql]) => `${sql} AS "${name}"`).join(', ');
const copyTo = (select: string, header: boolean) => `COPY (${select}) TO STDOUT WITH (FORMAT csv${header ? ', HEADER' : ''})`;

/** The COPY of an export's rows matching `conditions` (parameters already inlined), in the list's order (else id order). */
export function exportCopySql(spec: Pick<CsvExport, 'from' | 'idColumn' | 'columns' | 'orderBy'>, conditions: string[], header: boolean): string {
  return copyTo(`SELECT ${selectList(spec.columns)} FROM ${spec.from} ${whereClause(conditions)} ${spec.orderBy ?? `ORDER BY ${spec.idColumn}`}`, header);
}

/** PGlite answers a COPY as one blob: it is read in ranges of this many devices. */
const PGLITE_COPY_CHUNK = 50_000;

/** One CSV field as the export writes it (the SQL does the same): a leading = + - @ is defused. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A SQL literal of a list parameter (COPY takes no parameters): numbers, booleans, text, text arrays. */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new Error('NUL in a COPY literal');
    // standard_conforming_strings is on (the default): only the quote needs doubling
    return `'${value.replace(/'/g, "''")}'`;
  }
  if (Array.isArray(value)) return value.length === 0 ? "'{}'" : `ARRAY[${value.map(sqlLiteral).join(', ')}]`;
  throw new Error(`no literal for ${typeof value}`);
}

/** `sql` with its $n parameters written in as literals. */
export function inlineParams(sql: string, values: unknown[]): string {
  return sql.replace(/\$(\d+)\b/g, (_, n: string) => sqlLiteral(values[Number(n) - 1]));
}

const NEWLINE = 10;

/** An export's progress, as every export call answers it. */
export const ExportInfo = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  total: Type.Integer(),
  rows_written: Type.Integer(),
  download_link: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type ExportInfo = Static<typeof ExportInfo>;

export class ExportJobs {
  private readonly signer: DownloadSigner;
  private readonly running = new Set<Promise<void>>();
  /** Rows per COPY on PGlite (tests make it small to cross range boundaries). */
  chunkRows = PGLITE_COPY_CHUNK;

  constructor(
    private readonly ctx: Omit<AppContext, 'exports' | 'heartbeat'>,
    private readonly log: (message: string) => void,
  ) {
    this.signer = new DownloadSigner(ctx.otpKey, '/api/export/download', 'fleet-api exports');
  }

  private get db(): Db {
    return this.ctx.db;
  }

  private get files(): FileStorage {
    return this.ctx.files.exports;
  }

  /**
   * At start-up: a job left running by a stopped process will never finish; say so, and drop files
   * and rows of exports older than a day. On PostgreSQL those are this instance's own jobs (an earlier
   * process under the same INSTANCE_ID) and those of dead instances, never a living instance's; on
   * PGlite one process holds the data folder, so every running job is a dead one's.
   */
  async recover(): Promise<void> {
    const shared = this.db.kind === 'postgres';
    await this.db.query(
      `UPDATE export_jobs SET status = 'failed', error = $1, finished_at = now()
        WHERE status = 'running' ${shared ? `AND (owner_instance = $2 OR NOT ${ownerAlive('owner_instance')})` : ''}`,
      shared ? [OWNER_RESTARTED, this.ctx.instanceId] : [OWNER_RESTARTED],
    );
    await this.forgetOld();
    // the half-written file of an export cut by a crash (a running one writes a chunk every few seconds)
    await this.files.sweepStaging(EXPORT_STAGING_IDLE_MS);
  }

  /**
   * Fails the running jobs of instances that stopped beating. Runs after every beat (server/instance.ts),
   * so within a minute of the owner's death. Answers the jobs it failed.
   */
  async sweep(): Promise<number[]> {
    const { rows } = await this.db.query<{ id: number }>(
      `UPDATE export_jobs SET status = 'failed', error = $1, finished_at = now()
        WHERE status = 'running' AND NOT ${ownerAlive('owner_instance')} RETURNING id::int AS id`,
      [OWNER_STOPPED],
    );
    for (const { id } of rows) this.log(`export ${id} failed: its instance stopped beating`);
    return rows.map((r) => r.id);
  }

  private async forgetOld(): Promise<void> {
    const before = new Date(this.ctx.config.now().getTime() - EXPORT_KEEP_MS).toISOString();
    const { rows } = await this.db.query<{ file_key: string | null }>('DELETE FROM export_jobs WHERE created_at < $1 RETURNING file_key', [before]);
    for (const row of rows) if (row.file_key) await this.files.remove(row.file_key);
  }

  /**
   * Starts an export for the caller; answers its row at once. The module built `spec` from the
   * caller's slice and the list's filters (a bad filter was a 400 before this).
   */
  async start(caller: Caller, spec: CsvExport): Promise<ExportInfo> {
    // a job of a dead instance does not hold its starter back (the sweep fails it within a minute)
    const busy = await this.db.query(
      `SELECT 1 FROM export_jobs WHERE user_id = $1 AND status = 'running' AND (owner_instance = $2 OR ${ownerAlive('owner_instance')}) LIMIT 1`,
      [caller.userId, this.ctx.instanceId],
    );
    if (busy.rows.length > 0) throw new ApiError(409, say('exports.running'));
    await this.forgetOld();
    const where = whereClause(spec.conditions);
    const total = (await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${spec.from} ${where}`, spec.values)).rows[0]?.n ?? 0;
    const { rows } = await this.db.query<{ id: number }>(
      'INSERT INTO export_jobs (user_id, kind, total, created_at, owner_instance) VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id',
      [caller.userId, spec.kind, total, this.ctx.config.now().toISOString(), this.ctx.instanceId],
    );
    const id = rows[0]?.id ?? 0;
    // once the row is committed, outside the request's unit of work (db/index.ts): never inside it
    const job: Promise<void> = afterCommit(() => this.write(id, spec)).then(() => undefined).finally(() => this.running.delete(job));
    this.running.add(job);
    return { id, status: 'running', total, rows_written: 0, download_link: null, error: null };
  }

  /** Waits for every export in progress (tests, and a clean shutdown). */
  async settle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  /**
   * Writes the CSV by COPY into the export storage: one streamed COPY on PostgreSQL; on PGlite, which
   * answers a COPY as one blob, one COPY per range of `chunkRows` rows (of ids, or of places in the
   * list's order). Progress is saved about once a second. The file is committed under a new key before
   * the job says done, so any instance on the same storage serves its link.
   */
  private async write(id: number, spec: CsvExport): Promise<void> {
    let lines = 0;
    let savedAt = Date.now();
    const db = this.db;
    const owner = this.ctx.instanceId;
    const csv = this.csvOf(id, spec);
    async function* counted(): AsyncGenerator<Buffer> {
      for await (const bytes of csv) {
        for (const b of bytes) if (b === NEWLINE) lines += 1;
        yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        if (Date.now() - savedAt > 1000) {
          savedAt = Date.now();
          const saved = await db.query(`UPDATE export_jobs SET rows_written = $2 WHERE id = $1 AND ${STILL_MINE}`, [id, Math.max(0, lines - 1), owner]);
          // failed by a sweep that took this instance for dead: stop reading rows nobody waits for
          if (saved.rowCount === 0) throw new Error('ended by another instance while running');
        }
      }
    }
    let fileKey: string | null = null;
    try {
      const staged = await this.files.stage(Readable.from(counted(), { objectMode: false }));
      const key = this.files.newKey();
      await this.files.commit(staged, key);
      fileKey = key;
      const done = await this.db.query(
        `UPDATE export_jobs SET status = 'done', rows_written = $2, file_key = $4, finished_at = $5 WHERE id = $1 AND ${STILL_MINE}`,
        [id, Math.max(0, lines - 1), owner, key, this.ctx.config.now().toISOString()],
      );
      if (done.rowCount === 0) throw new Error('ended by another instance before it was done');
    } catch (err) {
      if (fileKey) await this.files.remove(fileKey).catch(() => undefined);
      await this.db
        .query(`UPDATE export_jobs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND ${STILL_MINE}`, [
          id,
          'The export could not be written; start it again',
          owner,
        ])
        .catch(() => undefined);
      this.log(`export ${id} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** The CSV's bytes as COPY answers them. */
  private csvOf(id: number, spec: CsvExport): AsyncIterable<Uint8Array> {
    if (this.db.kind === 'postgres') return this.db.copyOut(inlineParams(exportCopySql(spec, spec.conditions, true), spec.values));
    return spec.orderBy ? this.copyInListOrder(id, spec) : this.copyInIdRanges(spec);
  }

  /** PGlite, id order: each range ends at the id `chunkRows` rows on (found by the id index). */
  private async *copyInIdRanges(spec: CsvExport): AsyncGenerator<Uint8Array> {
    const { conditions, values } = spec;
    const key = spec.idColumn;
    let last = 0;
    let header = true;
    for (;;) {
      // the id that ends this range of the selection (none: the rest)
      const params = new SqlParams();
      for (const v of values) params.add(v);
      const bound = await this.db.query<{ id: number }>(
        `SELECT ${key}::int AS id FROM ${spec.from} ${whereClause([...conditions, `${key} > ${params.add(last)}`])}
          ORDER BY ${key} OFFSET ${this.chunkRows - 1} LIMIT 1`,
        params.values,
      );
      const end = bound.rows[0]?.id;
      const range = [`${key} > ${last}`, ...(end === undefined ? [] : [`${key} <= ${end}`])];
      yield* this.db.copyOut(inlineParams(exportCopySql(spec, [...conditions, ...range], header), values));
      header = false;
      if (end === undefined) break;
      last = end;
    }
  }

  /**
   * PGlite, the list's order: the rows' ids and their places in that order are written once to a
   * temporary table (one sort), then each range of places is copied, each row read by its id (a
   * lateral lookup, so a range costs its rows, not a scan of the table).
   */
  private async *copyInListOrder(id: number, spec: CsvExport): AsyncGenerator<Uint8Array> {
    const order = `export_order_${id}`;
    const where = whereClause(spec.conditions);
    try {
      await this.db.query(
        inlineParams(`CREATE TEMPORARY TABLE ${order} AS SELECT ${spec.idColumn} AS id, row_number() OVER (${spec.orderBy}) AS place FROM ${spec.from} ${where}`, spec.values),
      );
      await this.db.query(`CREATE INDEX ON ${order} (place)`);
      await this.db.query(`ANALYZE ${order}`);
      const rows = (await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${order}`)).rows[0]?.n ?? 0;
      for (let from = 0; from === 0 || from < rows; from += this.chunkRows) {
        // OFFSET 0 keeps the lookup a lookup (the planner would otherwise join the whole table)
        const select = `SELECT r.* FROM (SELECT id, place FROM ${order} WHERE place > ${from} AND place <= ${from + this.chunkRows}) o
          CROSS JOIN LATERAL (SELECT ${selectList(spec.columns)} FROM ${spec.from} WHERE ${spec.idColumn} = o.id OFFSET 0) r ORDER BY o.place`;
        yield* this.db.copyOut(copyTo(select, from === 0));
      }
    } finally {
      await this.db.query(`DROP TABLE IF EXISTS ${order}`).catch(() => undefined);
    }
  }

  /** The caller's own export (another user's is not found). */
  async info(caller: Caller, id: number): Promise<ExportInfo> {
    const { rows } = await this.db.query<{ id: number; status: ExportInfo['status']; total: number; rows_written: number; file_key: string | null; error: string | null }>(
      'SELECT id::int AS id, status, total, rows_written, file_key, error FROM export_jobs WHERE id = $1 AND user_id = $2',
      [id, caller.userId],
    );
    const row = rows[0];
    if (!row) throw notFound(say('exports.notFound'));
    return {
      id: row.id,
      status: row.status,
      total: row.total,
      rows_written: row.rows_written,
      error: row.error,
      download_link: row.status === 'done' && row.file_key ? this.signer.link(row.id, 'csv', row.file_key, nowSeconds(this.ctx)) : null,
    };
  }

  /** The file of a signed link and the name it downloads as, or why not. */
  async file(id: number, expires: number, signature: string): Promise<{ stored: StoredFile; fileName: string }> {
    const { rows } = await this.db.query<{ file_key: string | null; kind: ExportKind }>("SELECT file_key, kind FROM export_jobs WHERE id = $1 AND status = 'done'", [id]);
    const key = rows[0]?.file_key;
    const kind = rows[0]?.kind ?? 'devices';
    if (!key) throw notFound(say('exports.notFound'));
    const verdict = this.signer.check(id, 'csv', key, expires, signature, nowSeconds(this.ctx));
    if (verdict === 'bad') throw new ApiError(403, say('links.downloadInvalid'));
    if (verdict === 'expired') throw new ApiError(403, say('links.downloadExpired'));
    const stored = await this.files.open(key);
    if (!stored) throw notFound(say('exports.notFound'));
    return { stored, fileName: EXPORT_FILES[kind] };
  }
}
