import { deviceViewOf, formatDate, Link as RouterLink, useSession } from '@fleet/shared-api';
import { Link, StatusBadge } from '@fleet/shared-ui';
import { addressLine, type DataColumn } from '@fleet/shared-ui/tables';
import type { DeviceRow } from '../api/agencies';
import { useOrganisationsTranslation } from '../i18n/translation';

/**
 * The columns of a device section (an agency's, an agent's, a partner's devices): the serial number
 * opens the device's page of the signed-in role (shared-api's deviceViewOf). `show` adds the agency
 * or agent column where the section spans several.
 */
export function useDeviceColumns(show: { agency?: boolean; agent?: boolean } = {}): DataColumn<DeviceRow>[] {
  const { t } = useOrganisationsTranslation();
  const role = useSession((state) => state.loginUserInfo?.user_type ?? null);
  return [
    {
      key: 'serial_number',
      header: t('agencies.devices.serialNumber'),
      render: (row) => {
        const path = deviceViewOf(role, row);
        return path ? (
          <Link asChild colorPalette="teal" aria-label={t('agencies.devices.open', { serial: row.serial_number })}>
            <RouterLink to={path}>{row.serial_number}</RouterLink>
          </Link>
        ) : (
          row.serial_number
        );
      },
    },
    { key: 'mac_address', header: t('agencies.devices.macAddress'), render: (row) => row.mac_address ?? '-' },
    { key: 'product_line', header: t('agencies.devices.product'), render: (row) => t(`agencies.lines.${row.product_line}`, { defaultValue: row.product_line }) },
    { key: 'device_status', header: t('agencies.devices.deviceStatus'), render: (row) => <StatusBadge status={row.device_status} /> },
    { key: 'installation_date', header: t('agencies.devices.installationDate'), render: (row) => formatDate(row.installation_date) || '-' },
    { key: 'installed_via', header: t('agencies.devices.installedVia'), render: (row) => row.installed_via ?? '-' },
    ...(show.agency ? [{ key: 'agency_name', header: t('agencies.devices.agency'), render: (row: DeviceRow) => row.agency_name ?? '-' }] : []),
    ...(show.agent ? [{ key: 'agent_name', header: t('agencies.devices.agent'), render: (row: DeviceRow) => (row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : '-') }] : []),
    { key: 'address', header: t('agencies.devices.address'), render: (row) => addressLine(row) || '-' },
  ];
}
