/**
 * The firmware form (multipart): its text fields and file slots, read by the one multipart reader
 * (server/upload-form.ts): every file streamed into the storage's staging area while its md5 and
 * size are computed, anything refused (unknown field, not .bin, too large, a second file for a slot)
 * leaving no staged file.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStorage } from '../../storage/file-storage';
import { readUploadForm, type UploadForm, type UploadFormSpec } from '../../server/upload-form';
import { say } from '../../server/messages';

export { discardAll,  MALFORMED_MESSAGE, STALLED_MESSAGE,  } from '../../server/upload-form';

const MAX_FIRMWARE_BYTES = 52_428_800;
const TOO_LARGE_MESSAGE = say('firmware.fileTooLarge', { bytes: MAX_FIRMWARE_BYTES });

export const FILE_SLOTS = ['file', 'ota_file', 'mcu56', 'mcu62'] as const;
export type FileSlot = (typeof FILE_SLOTS)[number];
/** The md5 field of each slot. */
export const MD5_FIELD: Record<FileSlot, string> = {
  file: 'md_5_value',
  ota_file: 'md_5_value',
  mcu56: 'md_5_value_mcu56',
  mcu62: 'md_5_value_mcu62',
};

const TEXT_FIELDS = [
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
type TextField = (typeof TEXT_FIELDS)[number];

export type FirmwareForm = UploadForm<TextField, FileSlot>;

const FIRMWARE_FORM: UploadFormSpec<TextField, FileSlot> = {
  fields: TEXT_FIELDS,
  slots: FILE_SLOTS,
  refuseFileName: (name) => (/\.bin$/i.test(name) ? null : say('firmware.binOnly')),
  maxBytes: MAX_FIRMWARE_BYTES,
  tooLargeMessage: TOO_LARGE_MESSAGE,
  notMultipartMessage: say('firmware.formNotMultipart'),
  limits: { files: 4, fields: 20, fieldSize: 4096, parts: 24 },
};

export function readFirmwareForm(request: FastifyRequest, reply: FastifyReply, storage: FileStorage, idleMs: number): Promise<FirmwareForm> {
  return readUploadForm(request, reply, storage, idleMs, FIRMWARE_FORM);
}
