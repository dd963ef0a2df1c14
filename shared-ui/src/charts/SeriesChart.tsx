import { Box, useColorMode, VisuallyHidden } from '@fleet/shared-ui';
import { DataTable, type DataColumn } from '@fleet/shared-ui/tables';
import type { Chart as ChartType, ChartConfiguration } from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { CHART_INK, CHART_SEQUENCE } from './colours';

export interface ChartSeries {
  label: string;
  /** One value per label; null where there is none yet (a month still to come): a gap, '-' in the table. */
  values: readonly (number | null)[];
  /** The series' colour (a doughnut's segments take the chart sequence). */
  color?: string;
  /** In a bar chart, a series drawn as a line (a running total, an average). */
  type?: 'bar' | 'line';
  /** A series of another scale on an axis of its own, on the right. */
  axis?: 'left' | 'right';
}

export interface SeriesChartProps {
  kind: 'bar' | 'line' | 'doughnut';
  /** What the chart shows: the name of its table for screen readers. */
  title: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** The header of the table's first column (Month, Version, ...). */
  labelHeader?: string;
  stacked?: boolean;
  /** Height of the drawing (a Chakra size). */
  height?: string;
  /** How values read in the table and the tooltips (default: the page language's number format). */
  format?: (value: number) => string;
}

interface Row {
  id: number;
  label: string;
  [series: string]: string | number;
}

const plain = (value: number) => value.toLocaleString();

function configuration(props: SeriesChartProps, mode: 'light' | 'dark'): ChartConfiguration {
  const { kind, labels, series, stacked = false, format = plain } = props;
  const ink = CHART_INK[mode];
  const colourOf = (i: number) => CHART_SEQUENCE[i % CHART_SEQUENCE.length] ?? '#718096';
  const tooltip = { callbacks: { label: (item: { dataset: { label?: string }; raw: unknown }) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}` } };
  if (kind === 'doughnut') {
    return {
      type: 'doughnut',
      data: {
        labels: [...labels],
        datasets: series.map((s) => ({ label: s.label, data: [...s.values], backgroundColor: labels.map((_, i) => colourOf(i)), borderWidth: 1 })),
      },
      options: { responsive: true, maintainAspectRatio: false, animation: false, color: ink.text, plugins: { legend: { position: 'bottom', labels: { color: ink.text } }, tooltip } },
    };
  }
  const axis = { ticks: { color: ink.text }, grid: { color: ink.grid } };
  const right = series.some((s) => s.axis === 'right');
  // counts are never drawn with fractional ticks
  const whole = (side: 'left' | 'right') =>
    series.filter((s) => (s.axis ?? 'left') === side).every((s) => s.values.every((v) => v === null || Number.isInteger(v))) ? { precision: 0 } : {};
  return {
    type: kind,
    data: {
      labels: [...labels],
      datasets: series.map((s, i) => ({
        type: s.type ?? kind,
        label: s.label,
        data: [...s.values],
        backgroundColor: s.color ?? colourOf(i),
        borderColor: s.color ?? colourOf(i),
        yAxisID: s.axis === 'right' ? 'y1' : 'y',
        ...((s.type ?? kind) === 'line' ? { tension: 0.3, pointRadius: 3, borderWidth: 2 } : {}),
      })),
    } as ChartConfiguration['data'],
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      color: ink.text,
      plugins: { legend: { position: 'bottom', labels: { color: ink.text } }, tooltip },
      scales: {
        x: { ...axis, stacked },
        y: { ...axis, stacked, beginAtZero: true, ticks: { color: ink.text, ...whole('left'), callback: (v: string | number) => format(Number(v)) } },
        ...(right
          ? { y1: { position: 'right' as const, beginAtZero: true, ticks: { color: ink.text, ...whole('right'), callback: (v: string | number) => format(Number(v)) }, grid: { drawOnChartArea: false } } }
          : {}),
      },
    },
  } as ChartConfiguration;
}

/**
 * A chart of a few series over labels (months, versions, lines): bars, lines, or a doughnut. chart.js
 * is fetched when the first chart draws (a chunk of its own, never with the page's first screen), the
 * axis text and grid follow the colour mode, and the same figures are a table for screen readers (the
 * drawing itself is hidden from them).
 */
type ChartSetup = typeof import('./chart-setup');
let chartSetup: Promise<ChartSetup> | null = null;
/** chart.js, fetched once; a failed fetch is tried again by the next chart. */
function loadChartSetup(): Promise<ChartSetup> {
  chartSetup ??= import('./chart-setup').catch((err: unknown) => {
    chartSetup = null;
    throw err;
  });
  return chartSetup;
}
// Fetched as soon as a screen with charts is, in parallel with the screen's data, not after it: the
// first chart is drawn when both are there (issue 21, the first screen after sign-in).
loadChartSetup().catch(() => undefined);

export function SeriesChart(props: SeriesChartProps) {
  const { title, labels, series, labelHeader = '', height = '64', format = plain } = props;
  const { colorMode } = useColorMode();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const chart = useRef<ChartType | null>(null);
  // redraw when what is drawn changes, not on every render of the caller
  const drawn = JSON.stringify({ kind: props.kind, labels, series, stacked: props.stacked, colorMode });
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    let cancelled = false;
    const context = canvas.current?.getContext?.('2d');
    if (!context) return undefined; // no canvas (a test page): the table says it all
    void loadChartSetup().then(({ Chart }) => {
      if (cancelled) return;
      chart.current?.destroy();
      chart.current = new Chart(context, configuration(latest.current, colorMode));
      // the canvas is in the page before chart.js is: this says the chart itself is there (the bench
      // times a screen's first chart by it, journeys can wait for it)
      context.canvas.dataset.drawn = 'true';
    });
    return () => {
      cancelled = true;
    };
  }, [drawn, colorMode]);

  useEffect(() => () => chart.current?.destroy(), []);

  const rows = useMemo<Row[]>(
    () =>
      labels.map((label, i) => ({
        id: i + 1,
        label,
        ...Object.fromEntries(series.map((s, j) => {
          const value = s.values[i];
          return [`s${j}`, value === null || value === undefined ? '-' : format(value)];
        })),
      })),
    [labels, series, format],
  );
  const columns: DataColumn<Row>[] = [
    { key: 'label', header: labelHeader, sortable: false },
    ...series.map((s, j) => ({ key: `s${j}`, header: s.label, sortable: false, align: 'end' as const })),
  ];
  return (
    <Box>
      <Box h={height} aria-hidden>
        <canvas ref={canvas} />
      </Box>
      <VisuallyHidden>
        <DataTable label={title} columns={columns} rows={rows} rowKey="id" cards={false} />
      </VisuallyHidden>
    </Box>
  );
}
