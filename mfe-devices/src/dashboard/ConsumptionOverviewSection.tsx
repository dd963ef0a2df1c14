import { SimpleGrid } from '@fleet/shared-ui';
import { monthLabels, StatCard } from '@fleet/shared-ui/charts';
import { useConsumptionOverview, type DashboardRole } from '../api/dashboards';
import { useDevicesTranslation } from '../i18n/translation';
import { FigureSection } from './Figure';
import { energy } from './format';

/** Spec: the consumption overview: this month so far, last month against the same month a year before, the years, the average device. */
export function ConsumptionOverviewSection({ role, line }: { role: DashboardRole; line: string }) {
  const { t, i18n } = useDevicesTranslation();
  const language = i18n.language;
  const query = useConsumptionOverview(role, line);
  const now = new Date();
  // the last complete month, a year before
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const compared = { month: monthLabels(language)[last.getUTCMonth()], year: last.getUTCFullYear() - 1 };
  const kwh = (v: number) => energy(t, language, v);
  if (line === 'safelink') return null;
  return (
    <FigureSection title={t('dashboard.consumptionOverview')} query={query}>
      {(o) => (
        <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3" mb="6">
          <StatCard label={t('dashboard.thisMonth')} value={o.this_month_kwh} format={kwh} palette="blue" />
          <StatCard
            label={t('dashboard.lastMonth')}
            value={o.last_month_kwh}
            format={kwh}
            palette="blue"
            hint={
              o.change_percent === null
                ? undefined
                : o.change_percent === 0
                  ? t('dashboard.sameAs', compared)
                  : t(o.change_percent > 0 ? 'dashboard.changeUp' : 'dashboard.changeDown', { ...compared, value: Math.abs(o.change_percent).toLocaleString(language) })
            }
          />
          <StatCard label={t('dashboard.thisYear')} value={o.this_year_kwh} format={kwh} palette="teal" />
          <StatCard label={t('dashboard.lastYear')} value={o.last_year_kwh} format={kwh} palette="teal" />
          <StatCard label={t('dashboard.averageDevice')} value={o.average_device_kwh} format={kwh} palette="orange" />
          <StatCard label={t('dashboard.reportingDevices')} value={o.reporting_devices} palette="gray" />
        </SimpleGrid>
      )}
    </FigureSection>
  );
}
