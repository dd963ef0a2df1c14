import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithUi } from '../test-utils';
import { setColorMode } from '../theme/colorMode';
import { CHART_COLOURS, CHART_INK, monthLabels } from './colours';
import { SeriesChart } from './SeriesChart';

// chart.js draws on a canvas jsdom does not have: a stand-in records what it was asked to draw
const drawn: Array<{ config: { type: string; data: { labels: string[]; datasets: Array<Record<string, unknown>> }; options: Record<string, unknown> }; destroyed: boolean }> = [];
jest.mock('./chart-setup', () => ({
  Chart: class {
    record: (typeof drawn)[number];
    constructor(_context: unknown, config: (typeof drawn)[number]['config']) {
      this.record = { config, destroyed: false };
      drawn.push(this.record);
    }
    destroy() {
      this.record.destroyed = true;
    }
  },
}));

const original = HTMLCanvasElement.prototype.getContext;
beforeEach(() => {
  drawn.length = 0;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement) {
    return { canvas: this };
  } as unknown as typeof original;
  act(() => setColorMode('light'));
});
afterEach(() => {
  HTMLCanvasElement.prototype.getContext = original;
});

const months = monthLabels('en');

describe('SeriesChart', () => {
  it('gives screen readers the figures as a table named by the title, and hides the drawing from them', () => {
    renderWithUi(
      <SeriesChart
        kind="bar"
        title="Devices installed by month, 2025"
        labelHeader="Month"
        labels={months}
        series={[
          { label: 'Installed', values: [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8000], color: CHART_COLOURS.teal },
          { label: 'Total', values: months.map((_, i) => 100 + i), type: 'line', axis: 'right' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Devices installed by month, 2025' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Month', 'Installed', 'Total']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[12]).toHaveTextContent(`Dec${(8000).toLocaleString()}111`);
    expect(document.querySelector('canvas')?.parentElement).toHaveAttribute('aria-hidden');
  });

  it('draws in the colour mode of the page and again when it changes, with the series it was given', async () => {
    renderWithUi(<SeriesChart kind="bar" title="t" labels={['a', 'b']} series={[{ label: 'Online', values: [1, 2], color: CHART_COLOURS.green }, { label: 'Average', values: [1.5, 1.5], type: 'line', axis: 'right' }]} />);
    expect(document.querySelector('canvas')).not.toHaveAttribute('data-drawn');
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(document.querySelector('canvas')).toHaveAttribute('data-drawn', 'true');
    const first = drawn[0]!.config;
    expect(first.type).toBe('bar');
    expect(first.data.labels).toEqual(['a', 'b']);
    expect(first.data.datasets[0]).toMatchObject({ label: 'Online', data: [1, 2], backgroundColor: CHART_COLOURS.green, yAxisID: 'y' });
    expect(first.data.datasets[1]).toMatchObject({ type: 'line', yAxisID: 'y1' });
    expect(first.options).toMatchObject({ color: CHART_INK.light.text, scales: { x: { ticks: { color: CHART_INK.light.text }, grid: { color: CHART_INK.light.grid } }, y1: { position: 'right' } } });
    act(() => setColorMode('dark'));
    await waitFor(() => expect(drawn).toHaveLength(2));
    expect(drawn[0]!.destroyed).toBe(true);
    expect(drawn[1]!.config.options).toMatchObject({ color: CHART_INK.dark.text, scales: { y: { grid: { color: CHART_INK.dark.grid } } } });
  });

  it('leaves a gap for a value not there yet (a month to come), and draws counts without fractional ticks', async () => {
    renderWithUi(
      <SeriesChart
        kind="bar"
        title="Installed"
        labels={['Oct', 'Nov', 'Dec']}
        series={[
          { label: 'Installed', values: [2, 1, null] },
          { label: 'Average', values: [1.5, 2.5, null], axis: 'right' },
        ]}
      />,
    );
    expect(within(screen.getByRole('table', { name: 'Installed' })).getAllByRole('row')[3]).toHaveTextContent('Dec--');
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]!.config.data.datasets[0]?.data).toEqual([2, 1, null]);
    expect(drawn[0]!.config.options).toMatchObject({ scales: { y: { ticks: { precision: 0 } } } });
    expect((drawn[0]!.config.options as { scales: { y1: { ticks: Record<string, unknown> } } }).scales.y1.ticks.precision).toBeUndefined();
  });

  it('draws a doughnut with a colour per segment and the shares in its table', async () => {
    renderWithUi(<SeriesChart kind="doughnut" title="Location preference" labelHeader="Preference" labels={['Always', 'Never']} series={[{ label: 'Users', values: [30, 12] }]} />);
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]!.config.type).toBe('doughnut');
    expect(drawn[0]!.config.data.datasets[0]?.backgroundColor).toEqual([CHART_COLOURS.teal, CHART_COLOURS.blue]);
    expect(within(screen.getByRole('table', { name: 'Location preference' })).getAllByRole('row')[2]).toHaveTextContent('Never12');
  });

  it('names the months in the language of the page', () => {
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    const hindi = monthLabels('hi');
    expect(hindi).toHaveLength(12);
    expect(hindi[0]).not.toBe('Jan');
  });
});
