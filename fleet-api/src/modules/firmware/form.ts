/**
 * Reading and checking a firmware save form (store and update): its text, its files against the
 * OTA type, and the one-version-per-line rule.
 */
import type { Db } from '../../db';
import { ApiError, badRequest, isUniqueViolation, uniqueMessage } from '../../server/errors';
import { INVALID_VERSION, isDeviceType, isVersion, type DeviceType } from '../ota/device-types';
import { MD5_FIELD, type FileSlot, type FirmwareForm } from './upload';
import { type FirmwareRow, PACK_SLOTS } from './firmwares';
import { say } from '../../server/messages';

const MD5_RE = /^[0-9a-fA-F]{32}$/;
const MESSAGE_MAX = 1000;

/** The validated text of a firmware form. */
interface FirmwareInput {
  deviceType: DeviceType;
  otaType: 'single' | 'multiple';
  version: string;
  mcuVersion: string | null;
  autoMessage: string | null;
  manualMessage: string | null;
}

export function text(form: FirmwareForm, name: keyof FirmwareForm['fields']): string | undefined {
  const v = form.fields[name];
  return v === undefined ? undefined : v.trim();
}

export function readInput(form: FirmwareForm, existing: FirmwareRow | null): FirmwareInput {
  const deviceType = text(form, 'deviceType');
  if (!deviceType) throw badRequest(say('fields.deviceTypeRequired'));
  if (!isDeviceType(deviceType)) throw badRequest(say('firmware.deviceTypeInvalid'));
  const otaTypeRaw = text(form, 'ota_type') || existing?.ota_type || 'single';
  if (otaTypeRaw !== 'single' && otaTypeRaw !== 'multiple') throw badRequest(say('firmware.otaTypeInvalid'));
  if (otaTypeRaw === 'multiple' && deviceType !== 'heat_pump') throw badRequest(say('firmware.packForHeatPumps'));
  if (existing && existing.ota_type !== otaTypeRaw) throw badRequest(say('firmware.otaTypeFixed'));
  const version = text(form, 'version');
  if (!version) throw badRequest(say('firmware.versionRequired'));
  if (!isVersion(version)) throw badRequest(INVALID_VERSION);
  let mcuVersion: string | null = null;
  if (otaTypeRaw === 'multiple') {
    const mcu = text(form, 'mcu_version');
    if (!mcu) throw badRequest(say('firmware.mcuVersionRequired'));
    if (!isVersion(mcu)) throw badRequest(say('firmware.mcuVersionInvalid'));
    mcuVersion = mcu;
  }
  const message = (name: 'auto_update_message' | 'manual_update_message', label: string): string | null => {
    const v = text(form, name);
    if (v === undefined || v === '') return null;
    if (v.length > MESSAGE_MAX) throw badRequest(say('fields.tooLong', { field: label, max: MESSAGE_MAX }));
    return v;
  };
  for (const field of ['md_5_value', 'md_5_value_mcu56', 'md_5_value_mcu62'] as const) {
    const v = text(form, field);
    if (v !== undefined && v !== '' && !MD5_RE.test(v)) throw badRequest(say('firmware.md5Invalid', { field }));
  }
  return {
    deviceType,
    otaType: otaTypeRaw,
    version,
    mcuVersion,
    autoMessage: message('auto_update_message', 'Forced Update Message'),
    manualMessage: message('manual_update_message', 'Optional Update Message'),
  };
}

/** The slots a type uses, each file's md5 checked; on create every slot needs a file. */
export function checkFiles(form: FirmwareForm, input: FirmwareInput, stored: Partial<Record<FileSlot, string | null>> | null): void {
  const slots: FileSlot[] = input.otaType === 'single' ? ['file'] : [...PACK_SLOTS];
  for (const slot of Object.keys(form.files) as FileSlot[]) {
    if (!slots.includes(slot)) throw badRequest(input.otaType === 'single' ? say('firmware.notSingleFile', { slot }) : say('firmware.notPackFile', { slot }));
  }
  for (const slot of slots) {
    const file = form.files[slot];
    const given = text(form, MD5_FIELD[slot] as keyof FirmwareForm['fields'])?.toLowerCase() || undefined;
    if (file) {
      if (!given) throw badRequest(say('requests.fieldRequired', { field: MD5_FIELD[slot] }));
      if (file.staged.md5 !== given) throw badRequest(say('firmware.md5Mismatch', { slot }));
    } else if (!stored) {
      throw badRequest(say('requests.fieldRequired', { field: slot }));
    } else if (given !== undefined && given !== (stored[slot] ?? '').toLowerCase()) {
      // A kept file's md5 may be repeated, not changed.
      throw badRequest(say('firmware.md5Mismatch', { slot }));
    }
  }
}

export async function requireUniqueVersion(db: Db, input: FirmwareInput, id: number | null): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM firmwares WHERE product_line = $1 AND version = $2 AND id IS DISTINCT FROM $3', [
    input.deviceType,
    input.version,
    id,
  ]);
  if (rows.length > 0) throw new ApiError(409, versionTaken(input.version));
}

/** A duplicate is a 409, as every duplicate create (issue 20); the index's general sentence is the fallback. */
const versionTaken = (version: string) => say('firmware.versionNamedTaken', { version });
uniqueMessage('firmwares_line_version_key', say('firmware.versionTaken'));

export function uniqueAsConflict(err: unknown, version: string): never {
  if (isUniqueViolation(err)) throw new ApiError(409, versionTaken(version));
  throw err;
}
