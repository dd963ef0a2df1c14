/**
 * Stored files in the database (migration 0037), used whenever fleet-api runs on PostgreSQL: every
 * instance then serves a file that another one stored. A file is a `stored_files` row and its bytes
 * `stored_file_chunks` rows of CHUNK_BYTES each (the last one shorter).
 *
 * - Staging streams the source chunk by chunk (one chunk in memory, reused) while the md5, size and
 *   first bytes are taken; a failed stream deletes what it wrote. Each chunk moves `touched_at`, which
 *   the sweep reads, as the local folder's sweep reads a file's mtime.
 * - Commit gives the staged row its key in one UPDATE: the file is visible under its key only from
 *   then on. Inside a request's unit of work (db/index.ts) staging and commit join its transaction,
 *   so the file and the rows naming it commit or roll back together.
 * - A download reads one chunk per query, the next only once the reader has taken the last one, so
 *   memory stays flat at any file size. A file removed while it is read ends the stream with an error
 *   rather than short.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../db';
import { KEY_PATTERN, newFileKey, StagingTally, type FileArea, type FileInventory, type FileStorage, type StagedFile, type StoredFile } from './file-storage';

/** Bytes per chunk row: few enough rows for a 50 MB firmware (100), small enough to hold one per reader. */
export const CHUNK_BYTES = 512 * 1024;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** bytea arrives as a Buffer from pg and as a Uint8Array from PGlite. */
const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

export class DatabaseFileStorage implements FileStorage {
  constructor(
    private readonly db: Db,
    readonly area: FileArea,
    private readonly chunkBytes = CHUNK_BYTES,
  ) {}

  newKey(): string {
    return newFileKey();
  }

  async stage(source: Readable): Promise<StagedFile> {
    const id = randomUUID();
    await this.db.query('INSERT INTO stored_files (id, area) VALUES ($1, $2)', [id, this.area]);
    const tally = new StagingTally();
    const fill = Buffer.allocUnsafe(this.chunkBytes);
    let used = 0;
    let seq = 0;
    const write = async (bytes: Buffer) => {
      await this.db.query(
        `WITH chunk AS (INSERT INTO stored_file_chunks (file_id, seq, bytes) VALUES ($1, $2, $3))
         UPDATE stored_files SET chunk_count = $2 + 1, touched_at = clock_timestamp() WHERE id = $1`,
        [id, seq, bytes],
      );
      seq += 1;
    };
    try {
      for await (const data of source as AsyncIterable<Buffer | string>) {
        const chunk = typeof data === 'string' ? Buffer.from(data) : data;
        tally.add(chunk);
        for (let at = 0; at < chunk.length; ) {
          const copied = chunk.copy(fill, used, at, at + (this.chunkBytes - used));
          used += copied;
          at += copied;
          // the query has sent the bytes once it answers: the one buffer is filled again
          if (used === this.chunkBytes) {
            await write(fill);
            used = 0;
          }
        }
      }
      if (used > 0) await write(fill.subarray(0, used));
      const staged = tally.staged(id);
      await this.db.query('UPDATE stored_files SET size_bytes = $2, md5 = $3, touched_at = clock_timestamp() WHERE id = $1', [id, staged.sizeBytes, staged.md5]);
      return staged;
    } catch (err) {
      await this.dropStaged(id);
      throw err;
    }
  }

  async commit(staged: StagedFile, key: string): Promise<void> {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
    if (!UUID_PATTERN.test(staged.id)) throw new Error(`Invalid staged id ${JSON.stringify(staged.id)}`);
    const done = await this.db.query('UPDATE stored_files SET key = $3, committed_at = now() WHERE id = $1 AND area = $2 AND committed_at IS NULL', [
      staged.id,
      this.area,
      key,
    ]);
    if (done.rowCount !== 1) throw new Error(`The staged file ${staged.id} is gone (swept or discarded)`);
  }

  async discard(staged: StagedFile): Promise<void> {
    if (UUID_PATTERN.test(staged.id)) await this.dropStaged(staged.id);
  }

  /** Never throws: inside a transaction that already failed the rollback removes the rows instead. */
  private async dropStaged(id: string): Promise<void> {
    await this.db.query('DELETE FROM stored_files WHERE id = $1 AND area = $2 AND committed_at IS NULL', [id, this.area]).catch(() => undefined);
  }

  async open(key: string): Promise<StoredFile | null> {
    if (!KEY_PATTERN.test(key)) return null;
    const { rows } = await this.db.query<{ id: string; size_bytes: number; chunk_count: number }>(
      'SELECT id::text AS id, size_bytes, chunk_count FROM stored_files WHERE area = $1 AND key = $2',
      [this.area, key],
    );
    const file = rows[0];
    if (!file) return null;
    return { stream: this.chunks(file.id, file.chunk_count), sizeBytes: file.size_bytes };
  }

  /** The file's chunks in order, each read when the reader wants more. */
  private chunks(id: string, count: number): Readable {
    const db = this.db;
    let seq = 0;
    return new Readable({
      read() {
        if (seq >= count) {
          this.push(null);
          return;
        }
        const at = seq;
        seq += 1;
        db.query<{ bytes: Uint8Array }>('SELECT bytes FROM stored_file_chunks WHERE file_id = $1 AND seq = $2', [id, at]).then(
          ({ rows }) => {
            const bytes = rows[0]?.bytes;
            if (bytes) this.push(asBuffer(bytes));
            else this.destroy(new Error('The stored file was removed while it was read'));
          },
          (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
        );
      },
    });
  }

  async remove(key: string): Promise<void> {
    if (!KEY_PATTERN.test(key)) return;
    await this.db.query('DELETE FROM stored_files WHERE area = $1 AND key = $2', [this.area, key]);
  }

  async sweepStaging(olderThanMs: number): Promise<number> {
    const { rows } = await this.db.query(
      `DELETE FROM stored_files WHERE area = $1 AND committed_at IS NULL
          AND touched_at < clock_timestamp() - make_interval(secs => $2::double precision / 1000) RETURNING id`,
      [this.area, olderThanMs],
    );
    return rows.length;
  }

  async inventory(): Promise<FileInventory> {
    const { rows } = await this.db.query<{ id: string; key: string | null }>('SELECT id::text AS id, key FROM stored_files WHERE area = $1 ORDER BY key, id', [this.area]);
    return {
      committed: rows.flatMap((r) => (r.key === null ? [] : [r.key])),
      staged: rows.flatMap((r) => (r.key === null ? [r.id] : [])),
    };
  }
}
