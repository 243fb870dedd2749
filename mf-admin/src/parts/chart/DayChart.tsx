import { Text } from '@sukoyaka/shared';
import { useId } from 'react';
import styled from 'styled-components';
import { DayCanvas } from './ChartCanvas';
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

/**
 * One figure of the dashboard: its title, what it shows in words (the text alternative; the
 * canvas is hidden from screen readers), the canvas and its legend. The table beside the charts
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
      <DayCanvas lines={lines} bars={bars} />
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
