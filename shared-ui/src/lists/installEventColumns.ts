import { formatDateTime } from '@fleet/shared-api/dates';
import { useUiTranslation } from '@fleet/shared-ui';
import type { DataColumn } from '../table/DataTable';

/** A row of a device's history of installs, replacements and removals (fleet-api's DeviceEventRow). */
export type InstallEventRow = Record<string, unknown> & { id: number };

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '-' : String(value));

/**
 * Installs, replacements and removals: a device's history and an install history (by serial number
 * or MAC address, every line's) show the same columns, newest first.
 */
export function useInstallEventColumns<Row extends InstallEventRow>(): DataColumn<Row>[] {
  const { t } = useUiTranslation();
  return [
    { key: 'created_at', header: t('installEvents.date'), render: (row) => (typeof row.created_at === 'string' ? formatDateTime(row.created_at) : '-') },
    { key: 'event', header: t('installEvents.event'), sortable: false, render: (row) => text(row.event) },
    { key: 'serial_number', header: t('installEvents.serialNumber'), sortable: false, render: (row) => text(row.serial_number) },
    { key: 'mac_address', header: t('installEvents.macAddress'), sortable: false, render: (row) => text(row.mac_address) },
    { key: 'agency_name', header: t('installEvents.agency'), sortable: false, render: (row) => text(row.agency_name) },
    { key: 'note', header: t('installEvents.note'), sortable: false, render: (row) => text(row.note) },
  ];
}
