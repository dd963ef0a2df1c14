import { deviceViewOf, Link as RouterLink, propertyViewOf, useSession } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { Link, StatusBadge, useEnumText } from '@fleet/shared-ui';
import { PropertyAddressCell, type AddressParts, type DataColumn } from '@fleet/shared-ui/tables';
import { useOrganisationsTranslation } from '../i18n/translation';

/** A device row of a record's device section (an agency's, an agent's, a partner's, an electrician's). */
export interface SectionDevice extends AddressParts {
  id: number;
  product_line: string;
  serial_number: string;
  mac_address: string | null;
  installation_date: string | null;
  device_status: string;
  installed_via?: string | null;
  agency_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  electrician?: string | null;
  field_worker?: string | null;
  property_id: number | null;
}

/**
 * The columns of every device section of this remote: the serial number opens the device's page of
 * the signed-in role and the address its property view (shared-api's deviceViewOf, propertyViewOf:
 * links, never imports); `show` adds the agency, agent, electrician or field worker where the section spans several.
 */
export function useDeviceColumns<Row extends SectionDevice>(show: { agency?: boolean; agent?: boolean; electrician?: boolean; fieldWorker?: boolean } = {}): DataColumn<Row>[] {
  const { t } = useOrganisationsTranslation();
  const enumValue = useEnumText();
  const role = useSession((state) => state.loginUserInfo?.user_type ?? null);
  const propertyPath = propertyViewOf(role) ?? undefined;
  const columns: DataColumn<Row>[] = [
    {
      key: 'serial_number',
      header: t('devices.serialNumber'),
      render: (row) => {
        const path = deviceViewOf(role, row);
        return path ? (
          <Link asChild colorPalette="teal" aria-label={t('devices.open', { serial: row.serial_number })}>
            <RouterLink to={path}>{row.serial_number}</RouterLink>
          </Link>
        ) : (
          row.serial_number
        );
      },
    },
    { key: 'mac_address', header: t('devices.macAddress'), render: (row) => row.mac_address ?? '-' },
    { key: 'product_line', header: t('devices.product'), render: (row) => t(`devices.lines.${row.product_line}`, { defaultValue: row.product_line }) },
    { key: 'device_status', header: t('devices.deviceStatus'), render: (row) => <StatusBadge status={row.device_status} /> },
    { key: 'installation_date', header: t('devices.installationDate'), render: (row) => formatDate(row.installation_date) || '-' },
    { key: 'installed_via', header: t('devices.installedVia'), render: (row) => enumValue('installed_via', row.installed_via) },
  ];
  if (show.agency) columns.push({ key: 'agency_name', header: t('devices.agency'), render: (row) => row.agency_name ?? '-' });
  if (show.agent) columns.push({ key: 'agent_name', header: t('devices.agent'), render: (row) => (row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : '-') });
  if (show.electrician) columns.push({ key: 'electrician', header: t('devices.electrician'), sortable: false, render: (row) => row.electrician ?? '-' });
  if (show.fieldWorker) columns.push({ key: 'field_worker', header: t('devices.fieldWorker'), sortable: false, render: (row) => row.field_worker ?? '-' });
  columns.push({ key: 'address', header: t('devices.address'), render: (row) => <PropertyAddressCell row={row} {...(propertyPath ? { propertyPath } : {})} /> });
  return columns;
}
