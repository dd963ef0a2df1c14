/**
 * Chart colours. A canvas cannot read the theme's CSS variables, so these are plain colours, each with
 * a contrast of at least 3:1 (WCAG 1.4.11, graphics) on the light card (#ffffff) and on the dark one
 * (#18181b); the axis text and grid follow the colour mode.
 */
export const CHART_COLOURS = {
  teal: '#0f8a84',
  blue: '#2b6cb0',
  orange: '#c05621',
  purple: '#805ad5',
  pink: '#d53f8c',
  green: '#2f855a',
  red: '#c53030',
  gold: '#b7791f',
  slate: '#718096',
} as const;

/** The colours in the order a chart with many series or segments takes them. */
export const CHART_SEQUENCE: readonly string[] = Object.values(CHART_COLOURS);

/** Axis labels, legend text and grid lines of each colour mode (text at least 4.5:1). */
export const CHART_INK = {
  light: { text: '#4a5568', grid: 'rgba(0, 0, 0, 0.1)' },
  dark: { text: '#cbd5e0', grid: 'rgba(255, 255, 255, 0.14)' },
} as const;

/** Short month names in the page's language (Jan ... Dec; the Hindi ones in Hindi), from the browser's Intl. */
export function monthLabels(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => format.format(new Date(Date.UTC(2024, i, 15))));
}
