import { DEVICE_STATUSES, INSTALL_STATES, type DeviceFilterKey, type DeviceStatus, type InstallState } from '@fleet/contract';
import { alphanumericOnly } from '@fleet/shared-api';
import { enumOptions, useUiTranslation, type UiT } from '@fleet/shared-ui';
import type { FilterFieldDef } from './ListFilters';

/**
 * The drawer fields of the device lists (@fleet/contract's DEVICE_FILTER_KEYS, the keys fleet-api's
 * device listing reads). A list picks the keys it shows, in its order.
 */
export type { DeviceFilterKey };

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** Spec 9's option lists: Device Status, Customer State (Connection Type: texts/enums.ts, as its cells). */
const DEVICE_STATUS_TEXT: Record<DeviceStatus, string> = { Active: 'active', 'In-active': 'inActive', Replaced: 'replaced' };
const INSTALL_STATE_TEXT: Record<InstallState, string> = { Pending: 'pending', Completed: 'completed', Incomplete: 'incomplete', Deleted: 'deleted' };
const OPTIONS: Partial<Record<DeviceFilterKey, Array<[string, string]>>> = {
  device_status: DEVICE_STATUSES.map((value) => [value, DEVICE_STATUS_TEXT[value]]),
  status: INSTALL_STATES.map((value) => [value, INSTALL_STATE_TEXT[value]]),
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
