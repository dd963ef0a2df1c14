// The Firmware / Firmware OTA Pack form (spec: customers-tariffs-firmware-organisations, Firmwares and
// validation). Messages are i18n keys of the `firmware` namespace.
import * as yup from 'yup';
import type { OtaDeviceType } from '../api/device-type';
import type { Firmware, OtaType, PackSlot } from '../api/types';

/** Digits or a star, 2 to 3 parts, each at most 3 characters (the server's rule too). */
const VERSION_PATTERN = /^(\d{1,3}|\*)(\.(\d{1,3}|\*)){1,2}$/;
const MD5_PATTERN = /^[a-fA-F0-9]{32}$/;
export const FIRMWARE_ACCEPT = ['.bin'] as const;

export const PACK_SLOTS: ReadonlyArray<{ slot: PackSlot; md5: 'md_5_value' | 'md_5_value_mcu56' | 'md_5_value_mcu62'; label: string; required: string }> = [
  { slot: 'ota_file', md5: 'md_5_value', label: 'firmwareDialog.ota_file', required: 'validation.otaFileRequired' },
  { slot: 'mcu56', md5: 'md_5_value_mcu56', label: 'firmwareDialog.mcu56', required: 'validation.mcu56Required' },
  { slot: 'mcu62', md5: 'md_5_value_mcu62', label: 'firmwareDialog.mcu62', required: 'validation.mcu62Required' },
];

export interface FirmwareFormValues {
  version: string;
  mcu_version: string;
  auto_update_message: string;
  manual_update_message: string;
  file: File | null;
  md_5_value: string;
  ota_file: File | null;
  mcu56: File | null;
  mcu62: File | null;
  md_5_value_mcu56: string;
  md_5_value_mcu62: string;
}

export function emptyValues(firmware: Firmware | null): FirmwareFormValues {
  return {
    version: firmware?.version ?? '',
    mcu_version: firmware?.mcu_version ?? '',
    auto_update_message: firmware?.auto_update_message ?? '',
    manual_update_message: firmware?.manual_update_message ?? '',
    file: null,
    md_5_value: '',
    ota_file: null,
    mcu56: null,
    mcu62: null,
    md_5_value_mcu56: '',
    md_5_value_mcu62: '',
  };
}

const fileField = () => yup.mixed<File>().nullable().default(null);

/** A file slot and its md5: the file is required when adding; the md5 whenever a file is chosen. */
function md5For(fileKey: keyof FirmwareFormValues) {
  return yup
    .string()
    .trim()
    .default('')
    .when(fileKey, {
      is: (file: File | null) => Boolean(file),
      then: (s) => s.required('validation.md5Required').matches(MD5_PATTERN, 'validation.md5Invalid'),
    });
}

export function firmwareSchema(otaType: OtaType, editing: boolean) {
  const required = (message: string) => (editing ? fileField() : fileField().required(message));
  const multiple = otaType === 'multiple';
  return yup.object({
    version: yup.string().trim().default('').required('validation.versionRequired').matches(VERSION_PATTERN, 'validation.versionInvalid'),
    mcu_version: multiple
      ? yup.string().trim().default('').required('validation.mcuVersionRequired').matches(VERSION_PATTERN, 'validation.mcuVersionInvalid')
      : yup.string().default(''),
    auto_update_message: yup.string().trim().default(''),
    manual_update_message: yup.string().trim().default(''),
    file: multiple ? fileField() : required('validation.fileRequired'),
    md_5_value: md5For(multiple ? 'ota_file' : 'file'),
    ota_file: multiple ? required('validation.otaFileRequired') : fileField(),
    mcu56: multiple ? required('validation.mcu56Required') : fileField(),
    mcu62: multiple ? required('validation.mcu62Required') : fileField(),
    md_5_value_mcu56: multiple ? md5For('mcu56') : yup.string().default(''),
    md_5_value_mcu62: multiple ? md5For('mcu62') : yup.string().default(''),
  });
}

/**
 * The multipart form of POST /api/ota/store and /api/ota/update/{id} (docs/ota-calls.md). A slot left
 * empty on update keeps its file, so neither the file nor its md5 is sent.
 */
export function firmwareFormData(values: FirmwareFormValues, deviceType: OtaDeviceType, otaType: OtaType): FormData {
  const form = new FormData();
  form.append('deviceType', deviceType);
  form.append('ota_type', otaType);
  form.append('version', values.version.trim());
  if (otaType === 'multiple') form.append('mcu_version', values.mcu_version.trim());
  form.append('auto_update_message', values.auto_update_message.trim());
  form.append('manual_update_message', values.manual_update_message.trim());
  if (otaType === 'single') {
    if (values.file) {
      form.append('md_5_value', values.md_5_value.trim().toLowerCase());
      form.append('file', values.file, values.file.name);
    }
  } else {
    const chosen = PACK_SLOTS.filter(({ slot }) => values[slot]);
    // Every md5 before the files: the server checks each file against its md5 while streaming it.
    for (const { md5 } of chosen) form.append(md5, values[md5].trim().toLowerCase());
    for (const { slot } of chosen) {
      const file = values[slot] as File;
      form.append(slot, file, file.name);
    }
  }
  return form;
}
