import { formatDate, Link as RouterLink } from '@fleet/shared-api';
import { Link, StatusBadge } from '@fleet/shared-ui';
import { PropertyAddressCell, type DataColumn } from '@fleet/shared-ui/tables';
import type { ElectricianArea, InstalledDevice } from '../api/electricians';
import { useOrganisationsTranslation } from '../i18n/translation';

/** The device page of an area (mfe-devices', or mfe-heatpump-nms' for a heat pump): a link, not an import. */
export function deviceViewPath(area: ElectricianArea, device: Pick<InstalledDevice, 'id' | 'product_line'>): string {
  return device.product_line === 'heat_pump' ? `/${area}/heat_pump/device/view/${device.id}` : `/${area}/devices/view/${device.id}`;
}

/** The property view of an area (mfe-customers'). */
const propertyPath = (area: ElectricianArea) => (propertyId: number) => `/${area}/customer/property/view/${propertyId}`;

/**
 * Columns of the devices an electrician or a field worker installed: the serial number opens the
 * device, the address its property; the field worker who installed it on an electrician's list.
 */
export function useInstalledDeviceColumns(area: ElectricianArea, withFieldWorker: boolean): DataColumn<InstalledDevice>[] {
  const { t } = useOrganisationsTranslation();
  const columns: DataColumn<InstalledDevice>[] = [
    {
      key: 'serial_number',
      header: t('electricians.devices.serialNumber'),
      render: (row) => (
        <Link asChild colorPalette="teal" fontSize="sm">
          <RouterLink to={deviceViewPath(area, row)} aria-label={t('electricians.devices.openDevice', { serial: row.serial_number })}>
            {row.serial_number}
          </RouterLink>
        </Link>
      ),
    },
    { key: 'product_line', header: t('electricians.devices.product'), render: (row) => t(`electricians.products.${row.product_line}`, { defaultValue: row.product_line }) },
    { key: 'device_status', header: t('electricians.devices.deviceStatus'), render: (row) => <StatusBadge status={row.device_status} /> },
    { key: 'installation_date', header: t('electricians.devices.installedOn'), render: (row) => (row.installation_date ? formatDate(row.installation_date) : '-') },
  ];
  if (withFieldWorker) columns.push({ key: 'field_worker', header: t('electricians.devices.fieldWorker'), sortable: false, render: (row) => row.field_worker ?? '-' });
  columns.push({
    key: 'address',
    header: t('electricians.devices.address'),
    render: (row) => <PropertyAddressCell row={row} name={row.serial_number} propertyPath={propertyPath(area)} />,
  });
  return columns;
}
