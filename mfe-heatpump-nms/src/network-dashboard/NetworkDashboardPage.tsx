import { Box, Heading, HStack, PageHeader, SimpleGrid } from '@fleet/shared-ui';
import { CHART_COLOURS, ChartCard, SeriesChart, YearSelect, type ChartSeries } from '@fleet/shared-ui/charts';
import { useMemo, useState } from 'react';
import { roleSource, useMonthFaulty, useMonthOnlineOffline, type DashboardRole } from '../api/nms';
import { DEVICE_DETAIL_PATHS, type FaultArea } from '../description';
import { useHeatPumpTranslation } from '../i18n/translation';
import { CountCards } from './CountCards';
import { LiveDevices, useLiveDashboard } from './LiveDevices';

const AREA_OF: Record<DashboardRole, FaultArea> = { Admin: 'admin', Agency: 'agency', mscc: 'multisite', sm: 'sitemanager' };
/** What each colour of the heat-pump charts stands for (shared-ui's chart colours: readable in both modes). */
export const COLOURS = { online: CHART_COLOURS.green, offline: CHART_COLOURS.red, faulty: CHART_COLOURS.orange, resolved: CHART_COLOURS.blue };

/** A year's months as bars, in a card headed `card` (the chart's table names its rows by month). */
function MonthBars({ card, ...chart }: { card: string; title: string; labels: string[]; series: ChartSeries[] }) {
  const { t } = useHeatPumpTranslation();
  return (
    <ChartCard title={card}>
      <SeriesChart kind="bar" labelHeader={t('trend.month')} {...chart} />
    </ChartCard>
  );
}

/**
 * The network (NMS) dashboard of a role's slice (spec 2.14): today's counts, online/offline and faulty
 * heat pumps per month of a year (recorded history), and the live device list. Live messages move the
 * counts and the rows as they come; a reconnect reads everything again.
 */
export function NetworkDashboardPage({ role }: { role: DashboardRole }) {
  const { t } = useHeatPumpTranslation();
  const source = useMemo(() => roleSource(role), [role]);
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const counts = useLiveDashboard(source, { countsFollowDevices: true });
  const onOff = useMonthOnlineOffline(role, year);
  const faulty = useMonthFaulty(role, year);
  const months = useMemo(() => Array.from({ length: 12 }, (_, i) => t(`dashboard.months.${i + 1}`)), [t]);

  return (
    <Box p="4">
      <PageHeader title={t('dashboard.title')} />
      <CountCards counts={counts} />
      <HStack justify="space-between" mb="2" wrap="wrap">
        <Heading as="h2" size="sm">
          {t('dashboard.byMonth', { year })}
        </Heading>
        <YearSelect label={t('dashboard.year')} value={year} onChange={setYear} />
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" mb="6">
        <MonthBars
          card={t('dashboard.onlineOffline')}
          title={t('dashboard.onlineOfflineOf', { year })}
          labels={months}
          series={[
            { label: t('dashboard.online'), color: COLOURS.online, values: (onOff.data ?? []).map((m) => m.online) },
            { label: t('dashboard.offline'), color: COLOURS.offline, values: (onOff.data ?? []).map((m) => m.offline) },
          ]}
        />
        <MonthBars
          card={t('dashboard.faultyByMonth')}
          title={t('dashboard.faultyOf', { year })}
          labels={months}
          series={[{ label: t('dashboard.faulty'), color: COLOURS.faulty, values: (faulty.data ?? []).map((m) => m.faulty) }]}
        />
      </SimpleGrid>
      <LiveDevices source={source} detailPath={DEVICE_DETAIL_PATHS[AREA_OF[role]]} />
    </Box>
  );
}
