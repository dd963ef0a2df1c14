import { useOpenWithBack } from '@fleet/shared-api';
import { type ListStateControls } from '@fleet/shared-api/lists';
import { Heading, HStack, useUiTranslation } from '@fleet/shared-ui';
import { InlineSelect, monthLabels } from '@fleet/shared-ui/charts';
import { PagedTable } from '@fleet/shared-ui/tables';
import { DEVICE_STATUS_CHOICES, useMonthDevices, type DashboardRole, type DeviceStatusChoice } from '../api/dashboards';
import { useDeviceColumns } from '../device-list/columns';
import { useDevicesTranslation } from '../i18n/translation';
import { detailPath } from '../paths';

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
  const months = monthLabels(i18n.language);
  const devices = useMonthDevices(role, line, { year, month, deviceStatus }, list.toQuery());
  const scope = role === 'Admin' ? ({ kind: 'admin', product: 'all' } as const) : ({ kind: 'agency' } as const);
  const title = t('dashboard.monthListTitle', { month: months[month - 1], year });
  const statusLabel: Record<DeviceStatusChoice, string> = { All: t('dashboard.all'), Active: ui('status.active'), 'In-active': ui('status.inactive'), Replaced: ui('status.replaced') };

  const columns = useDeviceColumns({ line, details: false, onView: (row) => openWithBack(detailPath(scope, row)) });

  return (
    <section aria-labelledby="dashboard-month-devices">
      <HStack justify="space-between" wrap="wrap" mb="2" gap="3">
        <Heading as="h2" size="sm" id="dashboard-month-devices">
          {title}
        </Heading>
        <HStack gap="4" wrap="wrap">
          <InlineSelect
            label={t('dashboard.monthPick')}
            value={String(month)}
            options={months.map((name, i) => ({ value: String(i + 1), label: name }))}
            onChange={(value) => list.setParam('month', value)}
          />
          <InlineSelect
            label={t('list.deviceStatus')}
            value={deviceStatus}
            options={DEVICE_STATUS_CHOICES.map((status) => ({ value: status, label: statusLabel[status] }))}
            onChange={(value) => list.setParam('deviceStatus', value === 'All' ? null : value)}
          />
        </HStack>
      </HStack>
      <PagedTable label={title} list={list} result={devices} page={devices.data} columns={columns} />
    </section>
  );
}
