import { ticks as niceTicks } from 'd3-array';
import styled from 'styled-components';
import { linesInRange } from './chart-scale';

/*
 * Values over time as lines with points or as bars, with horizontal reference and goal lines: the
 * vitals' charts and the operators' dashboard. Drawn as SVG by React, not by a chart library
 * (decision 0037): it renders on the server into the first screen, needs no script to size itself
 * (the plot stretches with its box; strokes and points keep their pixel width), and its module
 * is 2.7 KiB where uPlot's chunk was 19.9 KiB on every page whose first screen holds a chart. The
 * value axis' round numbers come from d3-array. The drawing is hidden from screen readers: every
 * chart has its figures in words beside it.
 */

export interface TimeChartPoint {
  /** The moment, in milliseconds. */
  at: number;
  value: number;
}

export interface TimeChartSeries {
  label: string;
  color: string;
  points: readonly TimeChartPoint[];
}

/** A horizontal line across the plot: a reference bound (dashed) or a goal (solid), named at its right end. */
export interface TimeChartLine {
  value: number;
  color: string;
  label: string;
  dashed: boolean;
}

/** A label under the plot, centred on `at` (the middle of the day or month it names). */
export interface TimeChartTick {
  at: number;
  label: string;
}

export interface TimeChartProps {
  height: number;
  /** The time axis, [from, to) in milliseconds. */
  range: readonly [number, number];
  /** The value axis, [low, high] (chartRange gives one). */
  values: readonly [number, number];
  series: readonly TimeChartSeries[];
  /** Drawn only where they fall inside `values`. */
  lines?: readonly TimeChartLine[];
  ticks: readonly TimeChartTick[];
  /** Bars, each centred on its point's moment, over `slot` milliseconds (a day, a week); otherwise lines. */
  bars?: { slot: number };
  /** Dots on the lines' points. */
  points?: boolean;
  testId: string;
}

/** The plot's width in its own units; its height is in pixels (the box's). */
const WIDTH = 1000;
const AXIS_HEIGHT = 22;
const AXIS_WIDTH = 48;
/** Below this width every other time label is left out, so none overlap on a phone. */
const NARROW = 480;

const Frame = styled.div<{ $height: number }>`
  position: relative;
  height: ${({ $height }) => `${$height}px`};
  padding: 0 12px ${AXIS_HEIGHT}px ${AXIS_WIDTH}px;
  container-type: inline-size;
  font-size: 11px;
  line-height: 1;
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
  svg {
    display: block;
    width: 100%;
    height: 100%;
    overflow: visible;
  }
  @container (max-width: ${NARROW}px) {
    [data-minor] {
      display: none;
    }
  }
`;

const Plot = styled.div`
  position: relative;
  height: 100%;
`;

const Label = styled.span`
  position: absolute;
  white-space: nowrap;
`;

const ValueLabel = styled(Label)`
  right: calc(100% + 6px);
  transform: translateY(-50%);
`;

const TimeLabel = styled(Label)`
  top: calc(100% + 6px);
`;

/**
 * On the plot's background, so a bar or line under it does not hide it; in the text colour (a line's
 * own colour, a caution orange, is not legible as text), marked with the line's colour.
 */
const LineLabel = styled(Label)`
  right: 4px;
  transform: translateY(calc(-100% - 2px));
  padding: 1px 3px;
  border-left: 3px solid;
  border-radius: 2px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 12px;
`;

const fixed = (value: number) => Number(value.toFixed(1));
const valueLabel = (value: number) => value.toLocaleString('ja-JP', { maximumFractionDigits: 2 });

/** Where moments and values fall: x in the plot's 0–1000 units, y in pixels from its top. */
export function chartScales(range: readonly [number, number], values: readonly [number, number], plotHeight: number) {
  const [from, to] = range;
  const [low, high] = values;
  return {
    x: (at: number) => fixed(((at - from) / (to - from || 1)) * WIDTH),
    y: (value: number) => fixed(plotHeight - ((value - low) / (high - low || 1)) * plotHeight),
  };
}

/** At most `most` of the ticks, evenly spaced (every second, third … one), the first always. */
export function spacedTicks<T>(ticks: readonly T[], most: number): T[] {
  const step = Math.max(1, Math.ceil(ticks.length / most));
  return ticks.filter((_tick, index) => index % step === 0);
}

export function TimeChart({ height, range, values, series, lines = [], ticks, bars, points = false, testId }: TimeChartProps) {
  const plotHeight = height - AXIS_HEIGHT;
  const { x, y } = chartScales(range, values, plotHeight);
  const [low, high] = values;
  const gridValues = niceTicks(low, high, 4).filter((value) => value > low && value < high);
  const shownLines = linesInRange(lines, values);
  // On a phone every other label: with more than six, they would touch at 320 px.
  const thinned = ticks.length > 6;
  const barWidth = bars ? fixed((bars.slot / (range[1] - range[0] || 1)) * WIDTH * 0.7) : 0;

  return (
    <Frame $height={height} aria-hidden="true" data-testid={testId}>
      <Plot>
        <svg viewBox={`0 0 ${WIDTH} ${plotHeight}`} preserveAspectRatio="none" focusable="false">
          {gridValues.map((value) => (
            <path key={value} d={`M0 ${y(value)}H${WIDTH}`} stroke="currentColor" strokeOpacity="0.2" vectorEffect="non-scaling-stroke" />
          ))}
          <path d={`M0 ${plotHeight}H${WIDTH}`} stroke="currentColor" strokeOpacity="0.5" vectorEffect="non-scaling-stroke" />
          {series.map((one) =>
            bars ? (
              <g key={one.label} fill={one.color} data-series={one.label} data-values={one.points.map((point) => point.value).join(' ')}>
                {one.points.map((point) => {
                  const top = Math.min(plotHeight, y(Math.max(point.value, low)));
                  return (
                    <rect key={point.at} x={fixed(x(point.at) - barWidth / 2)} y={top} width={barWidth} height={fixed(plotHeight - top)} />
                  );
                })}
              </g>
            ) : (
              <g key={one.label} data-series={one.label} data-values={one.points.map((point) => point.value).join(' ')}>
                <path
                  d={one.points.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(point.at)} ${y(point.value)}`).join('')}
                  fill="none"
                  stroke={one.color}
                  strokeWidth="2"
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                />
                {points || one.points.length === 1 ? (
                  // Each point a zero-length stroke with round caps: a dot of 6 px however the plot stretches.
                  <path
                    d={one.points.map((point) => `M${x(point.at)} ${y(point.value)}h0`).join('')}
                    stroke={one.color}
                    strokeWidth="6"
                    strokeLinecap="round"
                    vectorEffect="non-scaling-stroke"
                  />
                ) : null}
              </g>
            ),
          )}
          {shownLines.map((line) => (
            <path
              key={`${line.label}-${line.value}`}
              d={`M0 ${y(line.value)}H${WIDTH}`}
              stroke={line.color}
              strokeWidth="1.5"
              strokeDasharray={line.dashed ? '6 4' : undefined}
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
        {gridValues.map((value) => (
          <ValueLabel key={value} style={{ top: y(value) }}>
            {valueLabel(value)}
          </ValueLabel>
        ))}
        {shownLines.map((line) => (
          <LineLabel key={`${line.label}-${line.value}`} style={{ top: y(line.value), borderLeftColor: line.color }}>
            {line.label}
          </LineLabel>
        ))}
        {ticks.map((tick, index) => {
          const share = x(tick.at) / 10;
          // The last labels end at their point rather than overflow the box on the right.
          const shift = share > 90 ? '-100%' : '-50%';
          return (
            <TimeLabel
              key={tick.at}
              data-minor={thinned && index % 2 === 1 ? '' : undefined}
              style={{ left: `${share}%`, transform: `translateX(${shift})` }}
            >
              {tick.label}
            </TimeLabel>
          );
        })}
      </Plot>
    </Frame>
  );
}
