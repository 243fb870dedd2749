import { Button, List, Stack, Text, japaneseDateTime, japaneseDateWithWeekday } from '@sukoyaka/shared';
import type { TimeChartTick } from '@sukoyaka/shared/charts';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { VitalPlot } from './VitalPlot';
import type { ChartLine, ChartSeries } from './chart-types';
import { formatNumber } from '../formats';
import { describeSeries } from './summary';

const Figure = styled.figure`
  margin: 0;
  min-width: 0;
`;

const Legend = styled(List).attrs({ $gap: 0.5 })`
  flex-direction: row;
  flex-wrap: wrap;
  column-gap: ${({ theme }) => theme.spacing(2)};
  margin-top: ${({ theme }) => theme.spacing(1)};
  font-size: ${({ theme }) => theme.fontSizes.hint};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Swatch = styled.span<{ $color: string; $dashed?: boolean }>`
  display: inline-block;
  width: 18px;
  margin-right: 6px;
  vertical-align: middle;
  border-top: 3px ${({ $dashed }) => ($dashed ? 'dashed' : 'solid')} ${({ $color }) => $color};
`;

const TableScroll = styled.div`
  max-height: 320px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: ${({ theme }) => theme.spacing(0.5, 1)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: right;
    white-space: nowrap;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  thead th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.colors.surface};
  }
`;

interface VitalChartProps {
  /** e.g. 体重の推移（1週間） */
  title: string;
  series: readonly ChartSeries[];
  lines: readonly ChartLine[];
  from: Date;
  to: Date;
  digits: number;
  flatWithin: number;
  /** Daily totals: bars, and days without times. */
  daily?: boolean;
  ticks: readonly TimeChartTick[];
}

/**
 * A chart with its text alternative: a summary sentence per series (latest, average, trend), the
 * reference and goal lines in words, and the data as a table behind a toggle. The drawing itself
 * is hidden from screen readers; everything it shows is said here.
 */
export function VitalChart({ title, series, lines, from, to, digits, flatWithin, daily = false, ticks }: VitalChartProps) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const summaries = series.map((one) => describeSeries(one, { digits, flatWithin, daily }));
  const hasData = series.some((one) => one.points.length > 0);
  const rows = tableRows(series);

  return (
    <Figure aria-labelledby={`${id}-title`}>
      <Stack $gap={1}>
        <Text id={`${id}-title`} as="figcaption" style={{ fontWeight: 700 }}>
          {title}
        </Text>
        <div id={`${id}-summary`} data-testid="chart-summary">
          {summaries.map((sentence) => (
            <Text key={sentence}>{sentence}</Text>
          ))}
        </div>
        {/* The axis spans at least eight times what still counts as 横ばい: 4 kg, 24 mmHg, 1.6 ℃, 4,000 歩. */}
        <VitalPlot series={series} lines={lines} from={from} to={to} bars={daily} ticks={ticks} minSpan={flatWithin * 8} />
        <Legend aria-label="グラフの凡例">
          {series.map((one) => (
            <li key={one.label}>
              <Swatch $color={one.color} aria-hidden="true" />
              {one.label}（{one.unit}）
            </li>
          ))}
          {lines
            .filter((line) => line.label !== '')
            .map((line) => (
              <li key={`${line.kind}-${line.label}`}>
                <Swatch $color={line.color} $dashed={line.kind === 'reference'} aria-hidden="true" />
                {line.label}
              </li>
            ))}
        </Legend>
        {hasData ? (
          <div>
            <Button variant="text" aria-expanded={showTable} aria-controls={`${id}-table`} onClick={() => setShowTable((shown) => !shown)}>
              {showTable ? '表を閉じる' : '表で見る'}
            </Button>
          </div>
        ) : null}
        <div id={`${id}-table`} hidden={!showTable}>
          {showTable ? (
            <TableScroll tabIndex={0} role="region" aria-label={`${title}の表`}>
              <Table>
                <caption style={{ position: 'absolute', clip: 'rect(0 0 0 0)', width: 1, height: 1, overflow: 'hidden' }}>{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{daily ? '日付' : '日時'}</th>
                    {series.map((one) => (
                      <th key={one.label} scope="col">
                        {one.label}（{one.unit}）
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.at.getTime()}>
                      <th scope="row">{daily ? japaneseDateWithWeekday(row.at) : japaneseDateTime(row.at)}</th>
                      {row.values.map((value, index) => (
                        <td key={series[index]!.label}>{value === null ? '—' : formatNumber(value, digits)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          ) : null}
        </div>
      </Stack>
    </Figure>
  );
}

/** One row per moment, newest first (as the list), with each series' value or null. */
function tableRows(series: readonly ChartSeries[]) {
  const moments = [...new Set(series.flatMap((one) => one.points.map((point) => point.at.getTime())))].sort((a, b) => b - a);
  return moments.map((moment) => ({
    at: new Date(moment),
    values: series.map((one) => one.points.find((point) => point.at.getTime() === moment)?.value ?? null),
  }));
}
