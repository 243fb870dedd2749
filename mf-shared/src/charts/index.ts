// @sukoyaka/shared/charts — mf-shared's third module: the charts (the vitals, the operators'
// dashboard, the check-up trends), with the pages that draw one. Drawn as SVG by React
// (docs/decisions/0037-charts-as-svg.md); like the widgets, its files import the main module by
// its name, never by relative path.
export { chartRange } from './chart-scale';
export {
  spacedTicks,
  TimeChart,
  type TimeChartLine,
  type TimeChartPoint,
  type TimeChartProps,
  type TimeChartSeries,
  type TimeChartTick,
} from './TimeChart';
