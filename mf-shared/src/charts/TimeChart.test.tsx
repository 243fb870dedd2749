import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { chartSeriesValues, renderWithProviders } from '../testing';
import { theme } from '../ui/theme';
import { chartScales, spacedTicks, TimeChart, type TimeChartProps } from './TimeChart';

const DAY = 86_400_000;
const FROM = Date.parse('2026-11-20T00:00:00+09:00');

const week: TimeChartProps = {
  height: 220,
  range: [FROM, FROM + 7 * DAY],
  values: [60, 65],
  series: [
    {
      label: '体重',
      color: '#06c',
      points: [
        { at: FROM + 0.5 * DAY, value: 63 },
        { at: FROM + 3.5 * DAY, value: 62 },
      ],
    },
  ],
  lines: [
    { value: 64, color: '#c00', label: '目標 64', dashed: false },
    { value: 80, color: '#c00', label: 'BMI 25', dashed: true },
  ],
  ticks: Array.from({ length: 7 }, (_, day) => ({ at: FROM + (day + 0.5) * DAY, label: `11/${20 + day}` })),
  points: true,
  testId: 'test-chart',
};

describe('TimeChart (decision 0037: the charts as SVG, without a chart library)', () => {
  it('places moments across the plot and values from its bottom (y grows downwards)', () => {
    const { x, y } = chartScales([0, 100], [10, 20], 200);
    expect([x(0), x(50), x(100)]).toEqual([0, 500, 1000]);
    expect([y(10), y(15), y(20)]).toEqual([200, 100, 0]);
  });

  it('draws each series as a line through its points, with a dot on each, and says which values it drew', () => {
    const { container } = renderWithProviders(<TimeChart {...week} />);
    expect(chartSeriesValues(container, 'test-chart')).toEqual({ 体重: [63, 62] });
    const [line, dots] = container.querySelectorAll('[data-series="体重"] path');
    // Half a day in of 7 days is 71.4 of 1000; 63 of 60–65 is 3/5 up the 198 px plot.
    expect(line).toHaveAttribute('d', 'M71.4 79.2L500 118.8');
    expect(dots).toHaveAttribute('d', 'M71.4 79.2h0M500 118.8h0');
    expect(container.querySelector('[data-testid="test-chart"]')).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws the lines inside the value range and names them; leaves out one far outside', () => {
    const { container } = renderWithProviders(<TimeChart {...week} />);
    expect(container).toHaveTextContent('目標 64');
    expect(container).not.toHaveTextContent('BMI 25');
    expect(container.querySelectorAll('path[stroke="#c00"]')).toHaveLength(1);
  });

  it('names round values on the value axis and every tick under the plot, every other one marked to hide on a phone', () => {
    const { container } = renderWithProviders(<TimeChart {...week} />);
    expect(container).toHaveTextContent('61');
    expect(container).toHaveTextContent('64');
    const labels = [...container.querySelectorAll('span')].filter((span) => /^11\//.test(span.textContent ?? ''));
    expect(labels.map((label) => label.textContent)).toEqual(['11/20', '11/21', '11/22', '11/23', '11/24', '11/25', '11/26']);
    expect(labels.map((label) => label.hasAttribute('data-minor'))).toEqual([false, true, false, true, false, true, false]);
  });

  it('draws bars from the axis, centred on their moments, as wide as 70 % of their slot', () => {
    const { container } = renderWithProviders(
      <TimeChart
        {...week}
        values={[0, 10]}
        series={[{ label: '歩数', color: '#06c', points: [{ at: FROM + 0.5 * DAY, value: 5 }] }]}
        bars={{ slot: DAY }}
      />,
    );
    const bar = container.querySelector('[data-series="歩数"] rect')!;
    expect(bar).toHaveAttribute('width', '100');
    expect(bar).toHaveAttribute('x', '21.4');
    expect(bar).toHaveAttribute('y', '99');
    expect(bar).toHaveAttribute('height', '99');
  });

  it('renders on the server, with its drawing in the first screen (no script needed to size it)', () => {
    const html = renderToString(
      <ThemeProvider theme={theme}>
        <TimeChart {...week} />
      </ThemeProvider>,
    );
    expect(html).toContain('data-series="体重"');
    expect(html).toContain('M71.4 79.2L500 118.8');
  });

  it('spaces ticks out: at most the number asked for, the first kept', () => {
    const days = Array.from({ length: 31 }, (_, index) => index);
    expect(spacedTicks(days, 8)).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
    expect(spacedTicks([1, 2, 3], 8)).toEqual([1, 2, 3]);
  });
});
