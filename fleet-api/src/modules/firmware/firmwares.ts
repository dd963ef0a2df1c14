/**
 * A firmware as the API answers it, its rows, and its list's sort and filters (firmware/routes.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { filterBy, type ListSpec } from '../../server/listing';
import { NullableInt, NullableText } from '../../server/schemas';

export const PACK_SLOTS = ['ota_file', 'mcu56', 'mcu62'] as const;
type PackSlot = (typeof PACK_SLOTS)[number];

const FirmwareFile = Type.Object({
  key: Type.String(),
  file_name: Type.String(),
  download_link: Type.String(),
  md_5_value: NullableText,
  size_bytes: NullableInt,
});

export const Firmware = Type.Object({
  id: Type.Integer(),
  device_type: Type.String(),
  ota_type: Type.String(),
  file_name: NullableText,
  download_link: NullableText,
  version: Type.String(),
  mcu_version: NullableText,
  md_5_value: NullableText,
  auto_update_message: NullableText,
  manual_update_message: NullableText,
  size_bytes: NullableInt,
  created_at: Type.String(),
  ota_files: Type.Array(FirmwareFile),
});
export type FirmwareInfo = Static<typeof Firmware>;

export interface FirmwareRow {
  id: number;
  device_type: string;
  ota_type: 'single' | 'multiple';
  file_name: string | null;
  storage_key: string | null;
  size_bytes: number | null;
  version: string;
  mcu_version: string | null;
  md_5_value: string | null;
  auto_update_message: string | null;
  manual_update_message: string | null;
  created_at: string;
}

export interface FileRow {
  firmware_id: number;
  slot: PackSlot;
  file_name: string;
  storage_key: string;
  size_bytes: number | null;
  md_5_value: string | null;
}

export const FIRMWARE_COLUMNS = `f.id, f.device_type, f.ota_type, f.file_name, f.storage_key, f.size_bytes, f.version, f.mcu_version,
  f.md_5_value, f.auto_update_message, f.manual_update_message, f.created_at`;

export const FIRMWARE_LIST: ListSpec = {
  sortable: { created_at: 'f.created_at', file_name: 'lower(f.file_name)', version: 'fleet_version_key(f.version)' },
  filters: {
    file_name: filterBy.text('f.file_name'),
    version: filterBy.text('f.version'),
  },
  // The console's list state carries these in the query; they select nothing here.
  ignoredFilters: ['fileNameAcc', 'versionAcc', 'download_link'],
};
