// @fleet/shared-ui/charts: what dashboards are made of: charts with their table for screen readers, in
// both colour modes, cards, figures, and the year and other choices. A share key of its own, consumed
// only by dashboard screens; chart.js itself is a further chunk that the first chart fetches, so neither reaches the
// sign-in page or the first paint (docs/architecture.md, page weight).
export { SeriesChart, type ChartSeries, type SeriesChartProps } from './charts/SeriesChart';
export { CHART_COLOURS, CHART_INK, CHART_SEQUENCE, monthLabels } from './charts/colours';
export { ChartCard, type ChartCardProps } from './charts/ChartCard';
export { InlineSelect, type InlineSelectProps } from './charts/InlineSelect';
export { StatCard, type StatCardProps } from './charts/StatCard';
export { dashboardYears, FIRST_DASHBOARD_YEAR, YearSelect, type YearSelectProps } from './charts/YearSelect';
