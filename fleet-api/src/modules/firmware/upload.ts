/**
 * Reads the firmware form (multipart) part by part: text fields into a record, every file streamed
 * straight into the storage's staging area while its md5 and size are computed. Nothing is buffered
 * in memory. Any refusal (unknown field, not .bin, too large, a second file for a slot) discards every
 * staged file before answering, so a rejected upload leaves no temporary file.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FirmwareStorage, StagedFile } from '../../storage/firmware-storage';
import { ApiError, badRequest } from '../../server/errors';

export const MAX_FIRMWARE_BYTES = 52_428_800;
export const TOO_LARGE_MESSAGE = `File too large: the limit is ${MAX_FIRMWARE_BYTES} bytes`;

export const FILE_SLOTS = ['file', 'ota_file', 'mcu56', 'mcu62'] as const;
export type FileSlot = (typeof FILE_SLOTS)[number];
/** The md5 field of each slot. */
export const MD5_FIELD: Record<FileSlot, string> = {
  file: 'md_5_value',
  ota_file: 'md_5_value',
  mcu56: 'md_5_value_mcu56',
  mcu62: 'md_5_value_mcu62',
};

export const TEXT_FIELDS = [
  'deviceType',
  'ota_type',
  'version',
  'mcu_version',
  'auto_update_message',
  'manual_update_message',
  'md_5_value',
  'md_5_value_mcu56',
  'md_5_value_mcu62',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export interface UploadedFile {
  staged: StagedFile;
  /** The user's file name, shown in the list and the download; never used as a path. */
  fileName: string;
}

export interface FirmwareForm {
  fields: Partial<Record<TextField, string>>;
  files: Partial<Record<FileSlot, UploadedFile>>;
}

const isSlot = (name: string): name is FileSlot => (FILE_SLOTS as readonly string[]).includes(name);
const isTextField = (name: string): name is TextField => (TEXT_FIELDS as readonly string[]).includes(name);

/** The shown name: the last path segment, printable, at most 200 characters. */
export function displayName(raw: string): string {
  const base = path.posix.basename(raw.replace(/\\/g, '/'));
  // control characters and quotes would break the Content-Disposition header of a download
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f"]/g, '').slice(-200);
}

export async function discardAll(storage: FirmwareStorage, form: FirmwareForm): Promise<void> {
  await Promise.all(Object.values(form.files).map((f) => (f ? storage.discard(f.staged) : undefined)));
}

export const STALLED_MESSAGE = 'The upload stopped before the end of the form; nothing was kept';
/** Looks 100 ms apart without progress before an ended body's unfinished form is refused. */
const STILL_LOOKS = 10;
export const MALFORMED_MESSAGE = 'The multipart body is malformed (missing boundary or unfinished form); nothing was kept';

/**
 * Rejects with 400 once the request body has sent nothing for `idleMs` (a form whose closing
 * boundary never comes, from a client that keeps the socket open), or when the body has ended and the
 * form has not. `stop()` ends the watch.
 */
function watchForStall(request: FastifyRequest, idleMs: number): BodyWatch {
  let timer: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  let fail: (err: ApiError) => void = () => undefined;
  const stalled = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  stalled.catch(() => undefined); // handled by whoever races it
  let file: Readable | null = null;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fail(badRequest(STALLED_MESSAGE)), idleMs);
  };
  // Once the whole body has arrived, a form whose closing boundary never came waits forever with
  // nothing buffered anywhere (the parser does not always say so). Stuck = ten looks in a row (1 s)
  // with nothing buffered and no byte of the file parsed since the last look: a parser that is only
  // slow (a loaded machine, a slow disk behind the staging file) still moves its file's bytesRead.
  const onEnd = () => {
    clearTimeout(timer);
    let still = 0;
    let lastProgress: number | null = null;
    poll = setInterval(() => {
      const progress = file ? ((file as Readable & { bytesRead?: number }).bytesRead ?? 0) : -1;
      // Waiting for the next part with nothing left to parse, or for a file that cannot end.
      const idle =
        progress === lastProgress &&
        request.raw.readableLength === 0 &&
        (!file || file.destroyed || (!file.readableEnded && file.readableLength === 0));
      lastProgress = progress;
      still = idle ? still + 1 : 0;
      if (still >= STILL_LOOKS) fail(badRequest(MALFORMED_MESSAGE));
    }, 100);
  };
  request.raw.on('data', arm);
  request.raw.once('end', onEnd);
  arm();
  return {
    stalled,
    reading(stream: Readable | null) {
      file = stream;
    },
    stop() {
      clearTimeout(timer);
      clearInterval(poll);
      request.raw.off('data', arm);
      request.raw.off('end', onEnd);
    },
  };
}

interface BodyWatch {
  /** Rejects with the 400 to answer. */
  stalled: Promise<never>;
  /** The file part being staged now, or null while waiting for the next part. */
  reading(stream: Readable | null): void;
  stop(): void;
}

/** busboy's own refusals (no boundary, a form that ends early, a broken part header) are the client's fault. */
function isMalformedMultipart(err: unknown): boolean {
  if (err instanceof ApiError) return false;
  const message = err instanceof Error ? err.message : '';
  return /boundary|unexpected end of (form|multipart)|malformed|multipart/i.test(message);
}

export async function readFirmwareForm(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FirmwareStorage,
  /** A body that sends nothing for this long is answered 400 (config.uploadIdleTimeoutMs). */
  idleMs: number,
): Promise<FirmwareForm> {
  if (!request.isMultipart()) throw badRequest('The firmware form must be sent as multipart/form-data');
  const boundary = /boundary=/i.test(request.headers['content-type'] ?? '');
  if (!boundary) throw badRequest(MALFORMED_MESSAGE);
  const form: FirmwareForm = { fields: {}, files: {} };
  const watch = watchForStall(request, idleMs);
  // A file being staged when the body stalls: destroyed, so its write stream closes and the
  // storage removes the staged file (awaited before answering).
  let current: Readable | null = null;
  let staging: Promise<StagedFile> | null = null;
  // The parser may already have destroyed it without an error (and without 'close'), which leaves a
  // pipeline waiting forever: an 'error' event is what ends it then.
  watch.stalled.catch((err: unknown) => {
    if (!current) return;
    if (current.destroyed) current.emit('error', err);
    else current.destroy(err as Error);
  });
  try {
    // The plugin is registered with throwFileSizeLimit: false: we check `truncated` ourselves.
    const parts = request.parts({
      limits: { fileSize: MAX_FIRMWARE_BYTES, files: 4, fields: 20, fieldSize: 4096, parts: 24 },
    })[Symbol.asyncIterator]();
    for (;;) {
      const next = await Promise.race([parts.next(), watch.stalled]);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'file') {
        if (!isSlot(part.fieldname)) {
          part.file.resume();
          throw badRequest(`${part.fieldname} is not an accepted field`);
        }
        if (form.files[part.fieldname]) {
          part.file.resume();
          throw badRequest(`Only one file is allowed for ${part.fieldname}`);
        }
        if (!/\.bin$/i.test(part.filename ?? '')) {
          part.file.resume();
          throw badRequest('Only .bin files are accepted');
        }
        current = part.file;
        watch.reading(part.file);
        staging = storage.stage(part.file);
        const staged = await Promise.race([staging, watch.stalled]);
        watch.reading(null);
        current = null;
        staging = null;
        form.files[part.fieldname] = { staged, fileName: displayName(part.filename) };
        // busboy stops at the limit and marks the stream: one byte more is a refusal.
        if (part.file.truncated) throw new ApiError(413, TOO_LARGE_MESSAGE);
      } else {
        if (!isTextField(part.fieldname)) throw badRequest(`${part.fieldname} is not an accepted field`);
        if (part.valueTruncated) throw badRequest(`${part.fieldname} is too long`);
        if (form.fields[part.fieldname] !== undefined) throw badRequest(`${part.fieldname} is given twice`);
        form.fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    watch.stop();
    if (staging) await staging.then((f) => storage.discard(f), () => undefined);
    await discardAll(storage, form);
    // The rest of the body will not be read: close the connection after answering.
    reply.header('connection', 'close');
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT') {
      throw badRequest('The form has too many fields or files');
    }
    if (isMalformedMultipart(err)) throw badRequest(MALFORMED_MESSAGE);
    throw err;
  }
  watch.stop();
  return form;
}
