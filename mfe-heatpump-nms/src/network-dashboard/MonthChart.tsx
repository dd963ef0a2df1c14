import { Box, VisuallyHidden } from '@fleet/shared-ui';
import { DataTable, type DataColumn } from '@fleet/shared-ui/tables';
import type { Chart as ChartType } from 'chart.js';
import { useEffect, useRef } from 'react';

export interface MonthSeries {
  label: string;
  /** A Chakra colour token's value in both themes is not readable by canvas: plain colours, checked for contrast on white and on the dark card. */
  color: string;
  values: number[];
}

export interface MonthChartProps {
  title: string;
  months: string[];
  series: MonthSeries[];
}

interface MonthRow {
  id: number;
  month: string;
  [key: string]: string | number;
}

/**
 * A bar chart of the twelve months (chart.js, fetched when the dashboard first draws one: a chunk of its own),
 * with the same figures as a table for screen readers.
 */
export function MonthChart({ title, months, series }: MonthChartProps) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const chart = useRef<ChartType | null>(null);

  useEffect(() => {
    let cancelled = false;
    const context = canvas.current?.getContext?.('2d');
    if (!context) return undefined; // no canvas (a test page): the table says it all
    void import('./chart-setup').then(({ Chart }) => {
      if (cancelled) return;
      chart.current?.destroy();
      chart.current = new Chart(context, {
        type: 'bar',
        data: { labels: months, datasets: series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.color })) },
        options: { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { position: 'bottom' } } },
      });
    });
    return () => {
      cancelled = true;
    };
  }, [months, series]);

  useEffect(() => () => chart.current?.destroy(), []);

  const rows: MonthRow[] = months.map((month, i) => ({ id: i + 1, month, ...Object.fromEntries(series.map((s) => [s.label, s.values[i] ?? 0])) }));
  const columns: DataColumn<MonthRow>[] = [{ key: 'month', header: '', sortable: false }, ...series.map((s) => ({ key: s.label, header: s.label, sortable: false, align: 'end' as const }))];
  return (
    <Box>
      <Box h="64" aria-hidden>
        <canvas ref={canvas} />
      </Box>
      <VisuallyHidden>
        <DataTable label={title} columns={columns} rows={rows} rowKey="id" />
      </VisuallyHidden>
    </Box>
  );
}
