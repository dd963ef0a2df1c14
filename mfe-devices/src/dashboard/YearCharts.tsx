import { Card, SimpleGrid, Text } from '@fleet/shared-ui';
import { CHART_COLOURS, SeriesChart, monthLabels, type ChartSeries, type SeriesChartProps } from '@fleet/shared-ui/charts';
import type { UseQueryResult } from '@fleet/shared-api/query';
import { useDeviceGraph, useMonthlyAverageConsumption, useMonthlyConsumption, type DashboardRole } from '../api/dashboards';
import { useDevicesTranslation } from '../i18n/translation';
import { FigureCard } from './Figure';
import { compact, count, sofar } from './format';

/** A chart of the year's months in its card, the card and the chart titled alike, drawn once `query` answers. */
function MonthChart<T>({ title, query, kind, series, format }: { title: string; query: UseQueryResult<T>; kind: SeriesChartProps['kind']; series: (data: T) => ChartSeries[]; format: SeriesChartProps['format'] }) {
  const { t, i18n } = useDevicesTranslation();
  const months = monthLabels(i18n.language);
  return (
    <FigureCard title={title} query={query}>
      {(data) => <SeriesChart kind={kind} title={title} labelHeader={t('dashboard.month')} labels={months} series={series(data)} format={format} />}
    </FigureCard>
  );
}

/**
 * Spec: the yearly device graph and monthly consumption (new and average) of the year picked: devices
 * installed per month with the total to date, the energy the slice's devices reported per month with
 * how many reported, and the energy per reporting device.
 */
export function YearCharts({ role, line, year }: { role: DashboardRole; line: string; year: number }) {
  const { t, i18n } = useDevicesTranslation();
  const language = i18n.language;
  const graph = useDeviceGraph(role, line, year);
  const consumption = useMonthlyConsumption(role, line, year);
  const average = useMonthlyAverageConsumption(role, line, year);
  const counted = (v: number) => count(language, v);
  const energy = (v: number) => v.toLocaleString(language, { maximumFractionDigits: 1 });
  return (
    <SimpleGrid columns={{ base: 1, xl: 3 }} gap="4" mb="6">
      <MonthChart title={t('dashboard.graphTitle', { year })} query={graph} kind="bar" format={counted} series={(data) => [
        { label: t('dashboard.installed'), values: sofar(year, data, (m) => m.installed), color: CHART_COLOURS.teal },
        { label: t('dashboard.installedTotal'), values: sofar(year, data, (m) => m.total), color: CHART_COLOURS.purple, type: 'line', axis: 'right' },
      ]} />
      {line === 'safelink' ? (
        <Card.Root size="sm" gridColumn={{ xl: 'span 2' }}>
          <Card.Body>
            <Text>{t('dashboard.noEnergy')}</Text>
          </Card.Body>
        </Card.Root>
      ) : (
        <>
          <MonthChart title={t('dashboard.consumptionTitle', { year })} query={consumption} kind="bar" format={(v) => (v >= 100_000 ? compact(language, v) : energy(v))} series={(data) => [
            { label: t('dashboard.consumption'), values: sofar(year, data, (m) => m.kwh), color: CHART_COLOURS.blue },
            { label: t('dashboard.reporting'), values: sofar(year, data, (m) => m.devices), color: CHART_COLOURS.slate, type: 'line', axis: 'right' },
          ]} />
          <MonthChart
            title={t('dashboard.averageTitle', { year })}
            query={average}
            kind="line"
            series={(data) => [{ label: t('dashboard.average'), values: sofar(year, data, (m) => m.average_kwh), color: CHART_COLOURS.orange }]}
            format={energy}
          />
        </>
      )}
    </SimpleGrid>
  );
}
