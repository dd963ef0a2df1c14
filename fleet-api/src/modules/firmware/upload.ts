/**
 * Reads the firmware form (multipart) part by part: text fields into a record, every file streamed
 * straight into the storage's staging area while its md5 and size are computed. Nothing is buffered
 * in memory. Any refusal (unknown field, not .bin, too large, a second file for a slot) discards every
 * staged file before answering, so a rejected upload leaves no temporary file.
 */
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
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

export async function readFirmwareForm(request: FastifyRequest, storage: FirmwareStorage): Promise<FirmwareForm> {
  if (!request.isMultipart()) throw badRequest('The firmware form must be sent as multipart/form-data');
  const form: FirmwareForm = { fields: {}, files: {} };
  try {
    // The plugin is registered with throwFileSizeLimit: false: we check `truncated` ourselves.
    const parts = request.parts({
      limits: { fileSize: MAX_FIRMWARE_BYTES, files: 4, fields: 20, fieldSize: 4096, parts: 24 },
    });
    for await (const part of parts) {
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
        const staged = await storage.stage(part.file);
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
    await discardAll(storage, form);
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT') {
      throw badRequest('The form has too many fields or files');
    }
    throw err;
  }
  return form;
}
