import type { SeriesPoint } from './summary';

/** One line of a chart: 最高血圧, 体重 … with its readings in the shown range. */
export interface ChartSeries {
  label: string;
  unit: string;
  color: string;
  points: readonly SeriesPoint[];
  /** Drawn as bars: the days each bar stands for (a week's average: 7); a day when not said. */
  barDays?: number;
}

/** A horizontal line across the chart: a reference range's bound or the member's goal. */
export interface ChartLine {
  kind: 'reference' | 'goal';
  value: number;
  /** Drawn on the canvas, short: 「140」「目標 8,000」. */
  shortLabel: string;
  /** Read in the legend and the text alternative: 「高血圧の基準 140/90mmHg」. */
  label: string;
  color: string;
}
