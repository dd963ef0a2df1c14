// The shapes of docs/ota-calls.md.
import type { OtaRuleRow as OtaRule, OtaGroupRow as OtaGroup } from '@fleet/contract';

export type OtaType = 'single' | 'multiple';

/** The three files of an OTA pack (spec: Initial OTA, MCU Upgrade 1, MCU Upgrade 2). */
export type PackSlot = 'ota_file' | 'mcu56' | 'mcu62';

interface OtaFile {
  key: PackSlot | 'file';
  file_name: string;
  download_link: string;
  md_5_value: string;
  size_bytes?: number;
}

export interface Firmware {
  id: number;
  device_type: string;
  ota_type: OtaType;
  file_name: string | null;
  download_link: string | null;
  version: string;
  mcu_version: string | null;
  md_5_value: string | null;
  auto_update_message: string | null;
  manual_update_message: string | null;
  size_bytes?: number | null;
  created_at: string;
  ota_files?: OtaFile[];
}

/** fleet-api's answers (@fleet/contract, generated from its OpenAPI document). */
export type { OtaRule, OtaGroup };

export interface OtaDeviceRow {
  id: number;
  device_id: number;
  serial_number: string | null;
  mac_address: string | null;
  firmware_version: string | null;
  available_firmware: string | null;
  upgradable: boolean;
  group_id?: number | null;
  group_name?: string | null;
  update_state?: string | null;
}

export interface GroupInfo {
  group_info: OtaGroup;
  devices: { data: OtaDeviceRow[]; total: number; current_page?: number; last_page?: number };
}

export interface OtaPush {
  id: number;
  created_at: string;
  created_by_email: string | null;
  created_by_name: string | null;
  target_version: string | null;
  device_count: number;
  queued: number;
  downloading: number;
  installed: number;
  failed: number;
}

export interface PushDevice {
  id: number;
  device_id: number;
  serial_number: string | null;
  mac_address: string | null;
  from_version: string | null;
  to_version: string | null;
  state: string;
  updated_at: string | null;
}

export interface PushAnswer {
  push_id: number | null;
  device_count: number;
  skipped: number;
}
