import { formatDate, propertyViewOf, useOpenWithBack, useSession, type ListStateControls } from '@fleet/shared-api';
import { Field, Heading, HStack, NativeSelect, StatusBadge, useUiTranslation } from '@fleet/shared-ui';
import { monthLabels } from '@fleet/shared-ui/charts';
import { PagedTable, PropertyAddressCell, RowActions, type DataColumn } from '@fleet/shared-ui/tables';
import { DEVICE_STATUS_CHOICES, useMonthDevices, type DashboardRole, type DeviceStatusChoice } from '../api/dashboards';
import type { DeviceRow } from '../api/devices';
import { useDevicesTranslation } from '../i18n/translation';
import { detailPath } from '../paths';
import { productOf } from './format';

export interface MonthDevicesProps {
  role: DashboardRole;
  line: string;
  year: number;
  month: number;
  deviceStatus: DeviceStatusChoice;
  /** The list state in the URL (page, size, sort) and its params `month` and `deviceStatus`. */
  list: ListStateControls;
}

/** Spec: the monthly device list: the devices installed in a month of the year, filtered by device status (default All). */
export function MonthDevices({ role, line, year, month, deviceStatus, list }: MonthDevicesProps) {
  const { t, i18n } = useDevicesTranslation();
  const ui = useUiTranslation().t;
  const openWithBack = useOpenWithBack();
  // an address opens the property view of the signed-in role (mfe-customers)
  const propertyPath = propertyViewOf(useSession((s) => s.loginUserInfo?.user_type ?? null));
  const months = monthLabels(i18n.language);
  const devices = useMonthDevices(role, line, { year, month, deviceStatus }, list.toQuery());
  const scope = role === 'Admin' ? ({ kind: 'admin', product: 'all' } as const) : ({ kind: 'agency' } as const);
  const title = t('dashboard.monthListTitle', { month: months[month - 1], year });
  const statusLabel: Record<DeviceStatusChoice, string> = { All: t('dashboard.all'), Active: ui('status.active'), 'In-active': ui('status.inactive'), Replaced: ui('status.replaced') };
  const byMac = line === 'bulb' || line === 'safelink';

  const columns: DataColumn<DeviceRow>[] = [
    ...(byMac ? [] : [{ key: 'serial_number', header: t('list.serialNumber') }]),
    { key: 'mac_address', header: t('list.macAddress'), render: (row: DeviceRow) => row.mac_address?.toUpperCase() ?? '-' },
    ...(line === 'all' ? [{ key: 'product_line', header: t('list.product'), render: (row: DeviceRow) => t(`lines.${productOf(row.product_line)}`) }] : []),
    { key: 'address', header: t('list.address'), render: (row) => <PropertyAddressCell row={row} name={row.mac_address ?? row.serial_number} {...(propertyPath ? { propertyPath } : {})} /> },
    { key: 'installation_date', header: t('list.dateInstalled'), render: (row) => (row.installation_date ? formatDate(row.installation_date) : '-') },
    { key: 'status', header: t('list.customerState'), render: (row) => <StatusBadge status={row.status} /> },
    { key: 'device_status', header: t('list.deviceStatus'), render: (row) => <StatusBadge status={row.device_status} /> },
    { key: 'id', header: t('list.recordId') },
    {
      key: 'action',
      header: t('list.action'),
      sortable: false,
      render: (row) => <RowActions name={row.mac_address ?? row.serial_number} onView={() => openWithBack(detailPath(scope, row))} />,
    },
  ];

  return (
    <section aria-labelledby="dashboard-month-devices">
      <HStack justify="space-between" wrap="wrap" mb="2" gap="3">
        <Heading as="h2" size="sm" id="dashboard-month-devices">
          {title}
        </Heading>
        <HStack gap="4" wrap="wrap">
          <Field.Root w="auto">
            <HStack>
              <Field.Label mb="0">{t('dashboard.monthPick')}</Field.Label>
              <NativeSelect.Root size="sm" w="32">
                <NativeSelect.Field value={String(month)} onChange={(e) => list.setParam('month', e.target.value)}>
                  {months.map((name, i) => (
                    <option key={name} value={i + 1}>
                      {name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </HStack>
          </Field.Root>
          <Field.Root w="auto">
            <HStack>
              <Field.Label mb="0">{t('list.deviceStatus')}</Field.Label>
              <NativeSelect.Root size="sm" w="32">
                <NativeSelect.Field value={deviceStatus} onChange={(e) => list.setParam('deviceStatus', e.target.value === 'All' ? null : e.target.value)}>
                  {DEVICE_STATUS_CHOICES.map((status) => (
                    <option key={status} value={status}>
                      {statusLabel[status]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </HStack>
          </Field.Root>
        </HStack>
      </HStack>
      <PagedTable label={title} list={list} result={devices} page={devices.data} columns={columns} />
    </section>
  );
}
