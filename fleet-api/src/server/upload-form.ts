/**
 * Reads a multipart form part by part: text fields into a record, every file streamed straight into
 * a storage's staging area while its md5, size and first bytes are taken. Nothing is buffered in memory. Any refusal (unknown field, a refused file name, too large,
 * a second file for a slot) discards every staged file before answering, so a rejected upload leaves
 * no temporary file. The firmware form (modules/firmware/upload.ts) and the slider form use it.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import type { FileStorage, StagedFile } from '../storage/file-storage';
import { ApiError, badRequest, isMalformedMultipart, MALFORMED_MESSAGE } from './errors';
import { say } from './messages';

interface UploadedFile {
  staged: StagedFile;
  /** The user's file name, shown in lists and downloads; never used as a path. */
  fileName: string;
}

export interface UploadForm<Field extends string, Slot extends string> {
  fields: Partial<Record<Field, string>>;
  files: Partial<Record<Slot, UploadedFile>>;
}

/** What one form accepts. */
export interface UploadFormSpec<Field extends string, Slot extends string> {
  fields: readonly Field[];
  slots: readonly Slot[];
  /** Why a file of this name is refused (e.g. 'Only .bin files are accepted'), or null. */
  refuseFileName: (fileName: string) => string | null;
  maxBytes: number;
  tooLargeMessage: string;
  /** Said to a request that is not multipart. */
  notMultipartMessage: string;
  limits: { files: number; fields: number; fieldSize: number; parts: number };
}

/** The shown name: the last path segment, printable, at most 200 characters. */
function displayName(raw: string): string {
  const base = path.posix.basename(raw.replace(/\\/g, '/'));
  // control characters and quotes would break the Content-Disposition header of a download
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f"]/g, '').slice(-200);
}

export async function discardAll<F extends string, S extends string>(storage: FileStorage, form: UploadForm<F, S>): Promise<void> {
  await Promise.all((Object.values(form.files) as Array<UploadedFile | undefined>).map((f) => (f ? storage.discard(f.staged) : undefined)));
}

/** `work`'s answer about a read form; when it fails, the form's staged files are discarded and the error goes on. */
export async function discardOnFailure<F extends string, S extends string, T>(storage: FileStorage, form: UploadForm<F, S>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await discardAll(storage, form);
    throw err;
  }
}

/**
 * Writes a checked form: `write(tx, keys)` stores the rows naming the new key of each file sent; the
 * staged files are committed under those keys inside the transaction, and if anything fails the
 * committed ones are removed again and the staged ones discarded.
 */
export async function persistForm<F extends string, S extends string, T>(
  db: Db,
  storage: FileStorage,
  form: UploadForm<F, S>,
  write: (tx: Db, keys: Partial<Record<S, string>>) => Promise<T>,
): Promise<T> {
  const sent = (Object.keys(form.files) as S[]).flatMap((slot) => {
    const file = form.files[slot];
    return file ? [{ slot, file, key: storage.newKey() }] : [];
  });
  const keys: Partial<Record<S, string>> = {};
  for (const { slot, key } of sent) keys[slot] = key;
  const committed: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const out = await write(tx, keys);
      for (const { file, key } of sent) {
        await storage.commit(file.staged, key);
        committed.push(key);
      }
      return out;
    });
  } catch (err) {
    await Promise.all(committed.map((k) => storage.remove(k).catch(() => undefined)));
    await discardAll(storage, form);
    throw err;
  }
}

/** Removes the staged files an earlier run left (idle for twice the upload idle timeout: dead), and logs how many. */
export async function sweepLeftovers(storage: FileStorage, uploadIdleMs: number, log: FastifyBaseLogger, what: string): Promise<void> {
  const swept = await storage.sweepStaging(2 * uploadIdleMs);
  if (swept > 0) log.info({ swept }, `removed staged ${what} left by an earlier run`);
}

export const STALLED_MESSAGE = say('uploads.unfinished');
/**
 * Looks 100 ms apart without progress before an ended body's unfinished form is refused: 3 s, so a
 * process starved of CPU for a moment (CI's busiest minutes) does not mistake a slow parse for a stuck one.
 */
const STILL_LOOKS = 30;
export { MALFORMED_MESSAGE };

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
  // nothing buffered anywhere (the parser does not always say so). Stuck = STILL_LOOKS looks in a row
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

export async function readUploadForm<Field extends string, Slot extends string>(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  /** A body that sends nothing for this long is answered 400 (config.uploadIdleTimeoutMs). */
  idleMs: number,
  spec: UploadFormSpec<Field, Slot>,
): Promise<UploadForm<Field, Slot>> {
  const isSlot = (name: string): name is Slot => (spec.slots as readonly string[]).includes(name);
  const isField = (name: string): name is Field => (spec.fields as readonly string[]).includes(name);
  if (!request.isMultipart()) throw badRequest(spec.notMultipartMessage);
  const boundary = /boundary=/i.test(request.headers['content-type'] ?? '');
  if (!boundary) throw badRequest(MALFORMED_MESSAGE);
  const form: UploadForm<Field, Slot> = { fields: {}, files: {} };
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
      limits: { fileSize: spec.maxBytes, ...spec.limits },
    })[Symbol.asyncIterator]();
    for (;;) {
      const next = await Promise.race([parts.next(), watch.stalled]);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'file') {
        if (!isSlot(part.fieldname)) {
          part.file.resume();
          throw badRequest(say('requests.fieldRefused', { field: part.fieldname }));
        }
        if (form.files[part.fieldname]) {
          part.file.resume();
          throw badRequest(say('uploads.oneFileOnly', { field: part.fieldname }));
        }
        const refused = spec.refuseFileName(part.filename ?? '');
        if (refused) {
          part.file.resume();
          throw badRequest(refused);
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
        if (part.file.truncated) throw new ApiError(413, spec.tooLargeMessage);
      } else {
        if (!isField(part.fieldname)) throw badRequest(say('requests.fieldRefused', { field: part.fieldname }));
        if (part.valueTruncated) throw badRequest(say('uploads.fieldTooLong', { field: part.fieldname }));
        if (form.fields[part.fieldname] !== undefined) throw badRequest(say('uploads.fieldTwice', { field: part.fieldname }));
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
      throw badRequest(say('uploads.tooManyParts'));
    }
    if (isMalformedMultipart(err)) throw badRequest(MALFORMED_MESSAGE);
    // the parser closed a file part before it ended: the body ended inside the file (a storage that
    // reads the part by iterator, as the database storage does, is told at once)
    if (e.code === 'ERR_STREAM_PREMATURE_CLOSE') throw badRequest(MALFORMED_MESSAGE);
    throw err;
  }
  watch.stop();
  return form;
}

type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/**
 * Registers an upload form's routes in a scope of their own, the only one that parses multipart
 * (a file over a limit is the form reader's 413, not the parser's throw).
 */
export async function multipartRoutes(app: TypedApp, routes: (typed: TypedApp) => void): Promise<void> {
  await app.register(async (scoped) => {
    await scoped.register(multipart, { throwFileSizeLimit: false });
    routes(scoped.withTypeProvider<TypeBoxTypeProvider>());
  });
}
