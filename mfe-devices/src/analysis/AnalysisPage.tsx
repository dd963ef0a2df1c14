import { useSearchParams } from '@fleet/shared-api';
import { Box, PageHeader, SimpleGrid, Text } from '@fleet/shared-ui';
import { CHART_COLOURS, dashboardYears, monthLabels, SeriesChart, StatCard, YearSelect, type ChartSeries } from '@fleet/shared-ui/charts';
import {
  useAppVersions,
  useAutoSyncUsers,
  useBatteryLife,
  useDeviceUsers,
  useLocationPreference,
  useSynchedData,
  useUnsubscribedUsers,
  useUsersAnalysis,
  useWeeklyReports,
  useWeeklyReportUsers,
  type SwitchUsers,
  type SyncMonths,
} from '../api/dashboards';
import { FigureCard, UserStatusCards } from '../dashboard/Figure';
import { count, productOf, sofar } from '../dashboard/format';
import { useDevicesTranslation } from '../i18n/translation';

/**
 * The analysis page (spec 2.14; Admin, at /admin/analysis: the spec gives no route): users, device
 * users, weekly-report and auto-sync users, unsubscribed users, the smoke alarms' battery life, weekly
 * reports, location preference, synched data and app versions. The year (from 2021, in the URL) picks
 * the months of the monthly figures; the others are now.
 */
export function AnalysisPage() {
  const { t, i18n } = useDevicesTranslation();
  const language = i18n.language;
  const months = monthLabels(language);
  const [params, setParams] = useSearchParams();
  const thisYear = new Date().getFullYear();
  const asked = Number(params.get('year'));
  const year = dashboardYears(thisYear).includes(asked) ? asked : thisYear;
  const counted = (v: number) => count(language, v);
  const users = useUsersAnalysis(year);
  const deviceUsers = useDeviceUsers();
  const weeklyUsers = useWeeklyReportUsers();
  const syncUsers = useAutoSyncUsers();
  const unsubscribed = useUnsubscribedUsers(year);
  const battery = useBatteryLife();
  const weeklyReports = useWeeklyReports(year);
  const location = useLocationPreference();
  const synched = useSynchedData(year);
  const versions = useAppVersions();

  /** One count per label as bars. */
  const countBars = (title: string, labelHeader: string, labels: string[], one: ChartSeries) => (
    <SeriesChart kind="bar" title={title} labelHeader={labelHeader} labels={labels} series={[one]} format={counted} />
  );
  const switches = (s: SwitchUsers, title: string) => (
    <SeriesChart
      kind="doughnut"
      title={title}
      labelHeader={t('analysis.switchState')}
      labels={[t('analysis.on'), t('analysis.off'), t('analysis.unset')]}
      series={[{ label: t('analysis.users'), values: [s.on, s.off, s.unset] }]}
      format={counted}
      height="56"
    />
  );
  const syncChart = (s: SyncMonths, title: string, success: string) => (
    <SeriesChart
      kind="bar"
      stacked
      title={title}
      labelHeader={t('dashboard.month')}
      labels={months}
      series={[
        { label: success, values: sofar(year, s.months, (m) => m.success), color: CHART_COLOURS.teal },
        { label: t('analysis.failed'), values: sofar(year, s.months, (m) => m.failed), color: CHART_COLOURS.red },
      ]}
      format={counted}
    />
  );

  return (
    <Box p="4">
      <PageHeader
        title={t('analysis.title')}
        actions={<YearSelect label={t('dashboard.year')} value={year} onChange={(y) =>
          setParams((p) => {
            p.set('year', String(y));
            return p;
          })
        } />}
      />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <FigureCard level="h2" title={t('analysis.users')} query={users} wide>
          {(u) => (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <UserStatusCards users={u} label={t('analysis.usersByStatus')} total={t('analysis.users')} />
              {countBars(t('analysis.newUsers', { year }), t('dashboard.month'), months, { label: t('analysis.newUsersSeries'), values: sofar(year, u.months, (m) => m.new_users), color: CHART_COLOURS.teal })}
            </SimpleGrid>
          )}
        </FigureCard>
        <FigureCard level="h2" title={t('analysis.deviceUsers')} query={deviceUsers}>
          {(d) => (
            <>
              <SimpleGrid columns={2} gap="3" mb="3">
                <StatCard label={t('analysis.withDevices')} value={d.with_devices} />
                <StatCard label={t('analysis.withoutDevices')} value={d.without_devices} palette="gray" />
              </SimpleGrid>
              {countBars(t('analysis.usersByProduct'), t('dashboard.product'), d.lines.map((l) => t(`lines.${productOf(l.product_line)}`)), { label: t('analysis.users'), values: d.lines.map((l) => l.users), color: CHART_COLOURS.blue })}
            </>
          )}
        </FigureCard>
        <FigureCard level="h2" title={t('analysis.unsubscribed')} query={unsubscribed}>
          {(u) => (
            <>
              <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" mb="3" aria-label={t('analysis.byReason')} as="section">
                <StatCard label={t('dashboard.total')} value={u.total} palette="red" />
                {u.reasons.map((r) => (
                  <StatCard key={r.reason} label={r.reason} value={r.users} palette="gray" />
                ))}
              </SimpleGrid>
              {countBars(t('analysis.unsubscribedByMonth', { year }), t('dashboard.month'), months, { label: t('analysis.added'), values: sofar(year, u.months, (m) => m.added), color: CHART_COLOURS.red })}
            </>
          )}
        </FigureCard>
        <FigureCard level="h2" title={t('analysis.weeklyReportUsers')} query={weeklyUsers}>
          {(s) => switches(s, t('analysis.weeklyReportUsers'))}
        </FigureCard>
        <FigureCard level="h2" title={t('analysis.autoSyncUsers')} query={syncUsers}>
          {(s) => switches(s, t('analysis.autoSyncUsers'))}
        </FigureCard>
        <FigureCard level="h2" title={t('analysis.weeklyReports', { year })} query={weeklyReports}>
          {(s) => syncChart(s, t('analysis.weeklyReports', { year }), t('analysis.sent'))}
        </FigureCard>
        <FigureCard level="h2" title={t('analysis.synched', { year })} query={synched}>
          {(s) => syncChart(s, t('analysis.synched', { year }), t('analysis.synced'))}
        </FigureCard>
        <FigureCard level="h2" title={t('analysis.battery')} query={battery}>
          {(b) => (
            <>
              <Text fontSize="sm" color="fg.muted" mb="2">
                {t('analysis.batteryHint')}
              </Text>
              <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" mb="3">
                <StatCard label={t('analysis.alarms')} value={b.alarms} />
                <StatCard label={t('analysis.averageLevel')} value={b.average_level} format={(v) => t('analysis.percent', { value: v.toLocaleString(language) })} palette="green" />
                <StatCard label={t('analysis.yearsLeft')} value={b.average_years_left} format={(v) => t('analysis.years', { value: v.toLocaleString(language) })} palette="teal" />
                <StatCard label={t('analysis.lowBattery')} value={b.low_battery} palette="orange" />
                <StatCard label={t('analysis.expired')} value={b.expired} palette="red" />
              </SimpleGrid>
              {countBars(t('analysis.batteryBands'), t('analysis.band'), b.bands.map((band) => band.band), { label: t('analysis.alarms'), values: b.bands.map((band) => band.alarms), color: CHART_COLOURS.green })}
            </>
          )}
        </FigureCard>
        <FigureCard level="h2" title={t('analysis.location')} query={location}>
          {(l) => (
            <>
              <StatCard label={t('analysis.appUsers')} value={l.app_users} />
              <SeriesChart
                kind="doughnut"
                title={t('analysis.location')}
                labelHeader={t('analysis.preference')}
                labels={l.preferences.map((p) => t(`analysis.${p.preference}`))}
                series={[{ label: t('analysis.users'), values: l.preferences.map((p) => p.users) }]}
                format={counted}
                height="56"
              />
            </>
          )}
        </FigureCard>
        <FigureCard level="h2" title={t('analysis.appVersions')} query={versions} wide>
          {(rows) => (
            <SeriesChart
              kind="bar"
              stacked
              title={t('analysis.appVersions')}
              labelHeader={t('analysis.appVersion')}
              labels={rows.map((r) => r.app_version)}
              series={[
                { label: t('analysis.android'), values: rows.map((r) => r.android), color: CHART_COLOURS.green },
                { label: t('analysis.ios'), values: rows.map((r) => r.ios), color: CHART_COLOURS.slate },
              ]}
              format={counted}
            />
          )}
        </FigureCard>
      </SimpleGrid>
    </Box>
  );
}
