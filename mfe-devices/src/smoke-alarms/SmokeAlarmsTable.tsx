import { Link as RouterLink, type ListInfo } from '@fleet/shared-api';
import { formatDate, formatDateTime } from '@fleet/shared-api/dates';
import { type ListStateControls } from '@fleet/shared-api/lists';
import { Link, StatusBadge } from '@fleet/shared-ui';
import { PagedTable, PropertyAddressCell, rowActionsColumn, type DataColumn } from '@fleet/shared-ui/tables';
import type { UseQueryResult } from '@fleet/shared-api/query';
import type { SmokeAlarm } from '../api/devices';
import { ADMIN_DETAIL_PATHS } from '../description';
import { useDevicesTranslation } from '../i18n/translation';

export interface SmokeAlarmsTableProps {
  label: string;
  list: ListStateControls;
  alarms: UseQueryResult<ListInfo<SmokeAlarm>>;
  /** Every hub's alarms: the hub and its address are columns, the hub opens its device (Admin). */
  withHub: boolean;
  /** Opens an alarm's page (Admin); without it the rows have no action. */
  onOpen?: (alarm: SmokeAlarm) => void;
}

/** An alarm's type in the page's language (the server's words are Photoelectric and Heat). */
export function alarmType(t: ReturnType<typeof useDevicesTranslation>['t'], type: string): string {
  return type === 'Heat' ? t('smoke.heat') : type === 'Photoelectric' ? t('smoke.photoelectric') : type;
}

/** Smoke alarms in the shared table: status colours, battery, last test and expiry; a hub's own list leaves the hub out. */
export function SmokeAlarmsTable({ label, list, alarms, withHub, onOpen }: SmokeAlarmsTableProps) {
  const { t } = useDevicesTranslation();
  const columns: DataColumn<SmokeAlarm>[] = [
    { key: 'serial_number', header: t('list.serialNumber') },
    { key: 'location', header: t('smoke.location') },
    { key: 'alarm_type', header: t('smoke.type'), render: (row) => alarmType(t, row.alarm_type) },
    { key: 'alarm_status', header: t('smoke.status'), render: (row) => <StatusBadge status={row.alarm_status} /> },
    { key: 'battery_level', header: t('smoke.battery'), render: (row) => (row.battery_level === null ? '-' : `${row.battery_level}%`) },
    { key: 'last_tested_at', header: t('smoke.lastTested'), render: (row) => (row.last_tested_at ? formatDateTime(row.last_tested_at) : '-') },
    { key: 'expires_on', header: t('smoke.expires'), render: (row) => (row.expires_on ? formatDate(row.expires_on) : '-') },
    ...(withHub
      ? [
          {
            key: 'hub',
            header: t('smoke.hub'),
            sortable: false,
            render: (row: SmokeAlarm) => (
              <Link asChild colorPalette="teal">
                <RouterLink to={ADMIN_DETAIL_PATHS.safelink.replace(':id', String(row.safelink_device_id))}>{row.hub_mac_address ?? row.hub_serial_number}</RouterLink>
              </Link>
            ),
          },
          {
            key: 'address',
            header: t('list.address'),
            sortable: false,
            render: (row: SmokeAlarm) => <PropertyAddressCell row={row} />,
          },
        ]
      : []),
    { key: 'id', header: t('list.recordId') },
    ...(onOpen
      ? [rowActionsColumn(t('list.action'), (row: SmokeAlarm) => ({ name: row.serial_number, onView: () => onOpen(row) }))]
      : []),
  ];
  return <PagedTable label={label} list={list} result={alarms} page={alarms.data} columns={columns} />;
}
