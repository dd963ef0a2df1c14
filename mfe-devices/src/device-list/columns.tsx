import { propertyViewOf, useSession } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { StatusBadge, useEnumText } from '@fleet/shared-ui';
import { PropertyAddressCell, rowActionsColumn, type DataColumn } from '@fleet/shared-ui/tables';
import type { DeviceRow } from '../api/devices';
import { useDevicesTranslation } from '../i18n/translation';

export interface DeviceColumnsOptions {
  /** The line listed (`all`: a Product column; bulb and safelink are known by MAC: no serial number). */
  line: string;
  onView: (row: DeviceRow) => void;
  /** The device list's firmware and connection columns (the dashboard's month list leaves them out). */
  details?: boolean;
}

/**
 * The columns of a device table (spec: Lighting devices list): colour-coded states, and an address
 * that opens the property view of the signed-in role (mfe-customers' route: a link, never an import).
 */
export function useDeviceColumns({ line, onView, details = true }: DeviceColumnsOptions): DataColumn<DeviceRow>[] {
  const { t } = useDevicesTranslation();
  const enumValue = useEnumText();
  const propertyPath = propertyViewOf(useSession((s) => s.loginUserInfo?.user_type ?? null));
  const byMac = line === 'bulb' || line === 'safelink';
  const when = <C,>(condition: boolean, column: C): C[] => (condition ? [column] : []);
  return [
    ...when(!byMac, { key: 'serial_number', header: t('list.serialNumber') }),
    { key: 'mac_address', header: t('list.macAddress'), render: (row) => row.mac_address?.toUpperCase() ?? '-' },
    ...when(line === 'all', { key: 'product_line', header: t('list.product'), render: (row: DeviceRow) => enumValue('product_line', row.product_line) }),
    ...when(details && !byMac, { key: 'firmware_version', header: t('list.firmwareVersion') }),
    {
      key: 'address',
      header: t('list.address'),
      // spec: a row with no postal code shows No Property Exist; the address opens the property view
      render: (row) => <PropertyAddressCell row={row} {...(propertyPath ? { propertyPath } : {})} />,
    },
    ...when(details, { key: 'connection_type', header: t('list.connectionType'), render: (row: DeviceRow) => enumValue('connection_type', row.connection_type) }),
    { key: 'installation_date', header: t('list.dateInstalled'), render: (row) => (row.installation_date ? formatDate(row.installation_date) : '-') },
    { key: 'status', header: t('list.customerState'), render: (row) => <StatusBadge status={row.status} /> },
    { key: 'device_status', header: t('list.deviceStatus'), render: (row) => <StatusBadge status={row.device_status} /> },
    { key: 'id', header: t('list.recordId') },
    rowActionsColumn(t('list.action'), (row) => ({ name: row.mac_address ?? row.serial_number, onView: () => onView(row) })),
  ];
}
