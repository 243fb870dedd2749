import { Text } from '@sukoyaka/shared';
import { spacedTicks, TimeChart } from '@sukoyaka/shared/charts';
import { useId, useMemo } from 'react';
import styled from 'styled-components';
import { describeLine, type ChartLine } from './series';

const Figure = styled.figure`
  margin: 0;
  min-width: 0;
  figcaption {
    font-weight: 700;
  }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(0.5, 2)};
  list-style: none;
  margin: 0;
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.hint};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Swatch = styled.span<{ $color: string }>`
  display: inline-block;
  width: 12px;
  height: 12px;
  margin-right: 6px;
  vertical-align: middle;
  background: ${({ $color }) => $color};
`;

interface DayChartProps {
  title: string;
  unit: string;
  lines: readonly ChartLine[];
  weekly: boolean;
  /** Counts that add up over days (sign-ups, records, points); not people counted per day or week. */
  summable: boolean;
  bars?: boolean;
}

const DAY_MS = 86_400_000;
/** At most this many days or weeks named under the chart. */
const MOST_TICKS = 8;

/** A day as written (yyyy-MM-dd, the Japan day) at its midnight in UTC: the chart's time needs no zone. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The dashboard's chart: counts per day or week as bars or lines, each centred on its day or week,
 * the value axis from 0; the days named M/d under it.
 */
function DayPlot({ lines, bars, weekly }: { lines: readonly ChartLine[]; bars: boolean; weekly: boolean }) {
  const drawn = useMemo(() => {
    const slot = (weekly ? 7 : 1) * DAY_MS;
    const days = lines[0]?.points.map((point) => point.day) ?? [];
    const first = days.length > 0 ? dayStart(days[0]!) : 0;
    const last = days.length > 0 ? dayStart(days[days.length - 1]!) + slot : slot;
    const max = Math.max(1, ...lines.flatMap((line) => line.points.map((point) => point.count)));
    return {
      range: [first, last] as const,
      // Whole numbers on the axis even when the counts are small.
      values: [0, Math.max(4, Math.ceil(max * 1.1))] as const,
      series: lines.map((line) => ({
        label: line.label,
        color: line.color,
        points: line.points.map((point) => ({ at: dayStart(point.day) + slot / 2, value: point.count })),
      })),
      ticks: spacedTicks(
        days.map((day) => ({ at: dayStart(day) + slot / 2, label: `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}` })),
        MOST_TICKS,
      ),
      slot,
      points: days.length <= 31,
    };
  }, [lines, weekly]);
  return (
    <TimeChart
      height={200}
      range={drawn.range}
      values={drawn.values}
      series={drawn.series}
      ticks={drawn.ticks}
      bars={bars ? { slot: drawn.slot } : undefined}
      points={drawn.points}
      testId="dashboard-chart"
    />
  );
}

/**
 * One figure of the dashboard: its title, what it shows in words (the text alternative; the
 * drawing is hidden from screen readers), the drawing and its legend. The table beside the charts
 * keeps every number.
 */
export function DayChart({ title, unit, lines, weekly, summable, bars = true }: DayChartProps) {
  const id = useId();
  return (
    <Figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <div id={`${id}-summary`}>
        {lines.map((line) => (
          <Text key={line.label} $muted>
            {describeLine(line, unit, { weekly, summable })}
          </Text>
        ))}
      </div>
      <DayPlot lines={lines} bars={bars} weekly={weekly} />
      <Legend aria-hidden="true">
        {lines.map((line) => (
          <li key={line.label}>
            <Swatch $color={line.color} />
            {line.label}
          </li>
        ))}
      </Legend>
    </Figure>
  );
}
