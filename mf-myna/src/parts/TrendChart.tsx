import { chartRange } from '@sukoyaka/shared/charts';
import styled from 'styled-components';

/*
 * An item's values across the years, as a small line drawn in SVG without axes (a few points, one a
 * year; mf-shared's TimeChart is for values over a period of days). Its range follows the same rule
 * as the charts' (chartRange). The values are also written out beside the line, so nothing is told
 * by the drawing alone.
 */

export interface TrendPoint {
  /** What the point is called: 2025年 */
  label: string;
  value: number;
}

const WIDTH = 240;
const HEIGHT = 64;
const PAD = 8;

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(0.5, 2)};
  svg {
    width: 100%;
    max-width: ${WIDTH}px;
    height: auto;
  }
  figcaption {
    font-size: ${({ theme }) => theme.fontSizes.small};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * The points' coordinates in the drawing: oldest left; top to bottom the values' range, at least
 * `minSpan` wide (issue 27: 171.2 → 171.3 → 171.2 cm is drawn flat, not as a peak).
 */
export function plot(points: readonly TrendPoint[], minSpan = 0): { x: number; y: number }[] {
  const values = points.map((point) => point.value);
  const [min, max] = minSpan > 0 ? chartRange(values, minSpan) : [Math.min(...values), Math.max(...values)];
  const span = max - min || 1;
  const step = points.length > 1 ? (WIDTH - PAD * 2) / (points.length - 1) : 0;
  return points.map((point, index) => ({
    x: points.length > 1 ? PAD + index * step : WIDTH / 2,
    y: max === min ? HEIGHT / 2 : PAD + ((max - point.value) / span) * (HEIGHT - PAD * 2),
  }));
}

export function TrendChart({
  title,
  unit,
  points,
  minSpan = 0,
}: {
  title: string;
  unit: string;
  points: readonly TrendPoint[];
  /** The item's smallest meaningful span (exam-items.ts, trendMinSpan). */
  minSpan?: number;
}) {
  if (points.length < 2) return null;
  const coordinates = plot(points, minSpan);
  const described = points.map((point) => `${point.label} ${point.value}${unit}`).join('、');
  return (
    <Figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
        <polyline
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          points={coordinates.map(({ x, y }) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
        />
        {coordinates.map(({ x, y }, index) => (
          <circle key={points[index]!.label} cx={x} cy={y} r="3" fill="currentColor" />
        ))}
      </svg>
      <figcaption>
        {title}の推移：{described}
      </figcaption>
    </Figure>
  );
}
