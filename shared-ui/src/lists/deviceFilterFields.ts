import { alphanumericOnly } from '@fleet/shared-api';
import { enumOptions } from '../texts/enums';
import { useUiTranslation, type UiT } from '../texts/ui-texts';
import type { FilterFieldDef } from './ListFilters';

/**
 * The filters every device list offers (spec: Lighting and Heat-pump device lists), by the key the
 * server reads. A list picks the keys it shows, in its order.
 */
export type DeviceFilterKey =
  | 'mac_address'
  | 'serial_number'
  | 'wifi_name'
  | 'soft_version'
  | 'installation_date'
  | 'installed_via'
  | 'agency_name'
  | 'first_name'
  | 'installer_uuid'
  | 'id'
  | 'device_status'
  | 'status'
  | 'connection_type';

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** Spec 9's option lists: Device Status, Customer State (Connection Type: texts/enums.ts, as its cells). */
const OPTIONS: Partial<Record<DeviceFilterKey, Array<[string, string]>>> = {
  device_status: [
    ['Active', 'active'],
    ['In-active', 'inActive'],
    ['Replaced', 'replaced'],
  ],
  status: [
    ['Pending', 'pending'],
    ['Completed', 'completed'],
    ['Incomplete', 'incomplete'],
    ['Deleted', 'deleted'],
  ],
};

/** The drawer fields of `keys`: serial numbers and MAC addresses take letters and digits only, Record ID digits. */
export function useDeviceFilterFields(keys: readonly DeviceFilterKey[]): FilterFieldDef[] {
  const { t } = useUiTranslation();
  return keys.map((key): FilterFieldDef => {
    const label = t(`deviceFields.${key}`);
    if (key === 'connection_type') return { key, label, kind: 'multi', options: enumOptions(t as UiT, 'connection_type') };
    const options = OPTIONS[key];
    if (options) return { key, label, kind: 'multi', options: options.map(([value, text]) => ({ value, label: t(`deviceOptions.${text}`) })) };
    if (key === 'installation_date') return { key, label, kind: 'dateRange' };
    if (key === 'mac_address' || key === 'serial_number') return { key, label, sanitize: alphanumericOnly };
    if (key === 'id') return { key, label, sanitize: digitsOnly };
    return { key, label };
  });
}
