import { useSearchParams, useSelectedProduct } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { Box, PageHeader } from '@fleet/shared-ui';
import { dashboardYears, YearSelect } from '@fleet/shared-ui/charts';
import { DEVICE_STATUS_CHOICES, type DashboardRole, type DeviceStatusChoice } from '../api/dashboards';
import { deviceLine } from '../api/devices';
import { useDevicesTranslation } from '../i18n/translation';
import { ConsumptionOverviewSection } from './ConsumptionOverviewSection';
import { DeviceOverviewSection } from './DeviceOverviewSection';
import { MonthDevices } from './MonthDevices';
import { UsersAndVersions } from './UsersAndVersions';
import { YearCharts } from './YearCharts';

/** The year, month and device status of the URL (`?year&month&deviceStatus`), each checked, else the defaults. */
function usePeriod() {
  const [params] = useSearchParams();
  const now = new Date();
  const years = dashboardYears(now.getFullYear());
  const year = Number(params.get('year'));
  const month = Number(params.get('month'));
  const status = params.get('deviceStatus');
  return {
    year: years.includes(year) ? year : now.getFullYear(),
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : now.getMonth() + 1,
    deviceStatus: (DEVICE_STATUS_CHOICES as readonly string[]).includes(status ?? '') ? (status as DeviceStatusChoice) : 'All',
  };
}

/**
 * The device dashboard of a product (spec 2.14): Admin's of the fleet, the agency's of its slice. The
 * product is the shell's selector (every product but heat pump: its network dashboard is the heat-pump
 * remote's), the year the picker's (from 2021), kept in the URL with the month list's month, status,
 * page, size and sort.
 */
export function DashboardPage({ role }: { role: DashboardRole }) {
  const { t } = useDevicesTranslation();
  const product = useSelectedProduct((state) => state.product);
  // heat pumps are shown here only when this remote runs alone (inside the console they are the NMS remote's)
  const line = product === 'heat_pump' ? 'heat_pump' : deviceLine(product);
  // the month list has no drawer: year, month and deviceStatus are params of their own, never filters
  const list = useListState({ filterKeys: [] });
  const { year, month, deviceStatus } = usePeriod();
  return (
    <Box p="4">
      <PageHeader
        title={t('dashboard.title', { line: t(`lines.${product}`) })}
        actions={<YearSelect label={t('dashboard.year')} value={year} onChange={(y) => list.setParam('year', String(y))} />}
      />
      <UsersAndVersions role={role} line={line} />
      <DeviceOverviewSection role={role} line={line} />
      <YearCharts role={role} line={line} year={year} />
      <ConsumptionOverviewSection role={role} line={line} />
      <MonthDevices role={role} line={line} year={year} month={month} deviceStatus={deviceStatus} list={list} />
    </Box>
  );
}
