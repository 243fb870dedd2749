import type { MynaExam, MynaExamItem } from '@sukoyaka/contract';
import { examItemGroupLabels, examItemGroups, examItemKeyForCode, type ExamItemKey } from '@sukoyaka/contract/myna-terms';
import type { TrendPoint } from '../parts/TrendChart';

/** The items in the groups of the form (身体計測, 血圧, 脂質 …), in its order; empty groups left out. */
export function groupItems(items: readonly MynaExamItem[]): { group: string; label: string; items: MynaExamItem[] }[] {
  return examItemGroups
    .map((group) => ({ group, label: examItemGroupLabels[group], items: items.filter((item) => item.group === group) }))
    .filter((entry) => entry.items.length > 0);
}

/** An item's value as read: 「142 mg/dL」, or the text result (「－」). */
export function itemValue(item: Pick<MynaExamItem, 'value' | 'valueText' | 'unit'>): string {
  const value = item.valueText ?? (item.value !== null ? String(item.value) : '—');
  return item.unit && item.value !== null ? `${value} ${item.unit}` : value;
}

/** The item's numeric values across the check-ups, labelled by year (two on one year: by date). */
export function trendPoints(item: MynaExamItem): TrendPoint[] {
  const numeric = item.trend.filter((point): point is typeof point & { value: number } => point.value !== null);
  const years = numeric.map((point) => point.examinedOn.slice(0, 4));
  const repeated = new Set(years.filter((year, index) => years.indexOf(year) !== index));
  return numeric.map((point, index) => ({
    label: repeated.has(years[index]!) ? point.examinedOn.replaceAll('-', '/') : `${years[index]}年`,
    value: point.value,
  }));
}

/** The items a doctor looks at first, for the check sheet: those with a judgement. */
export const judgedItems = (exam: MynaExam) => exam.items.filter((item) => item.judgement !== null);

/**
 * The smallest span a check-up item's trend is drawn in (issue 27): a change within it is not
 * worth a peak on the line. Roughly what a doctor would call a real change for the item.
 */
const TREND_MIN_SPANS: Record<ExamItemKey, number> = {
  height: 10,
  weight: 5,
  bmi: 2,
  waist: 6,
  systolic: 20,
  diastolic: 15,
  triglycerides: 60,
  triglyceridesRandom: 60,
  hdl: 15,
  ldl: 30,
  nonHdl: 30,
  glucose: 20,
  glucoseRandom: 20,
  hba1c: 0.6,
  ast: 15,
  alt: 15,
  ggt: 30,
  egfr: 15,
  creatinine: 0.3,
  hemoglobin: 2,
};

/** The item's smallest trend span; an item we know no rule for: a tenth of its largest value. */
export function trendMinSpan(item: Pick<MynaExamItem, 'code' | 'trend'>): number {
  const key = examItemKeyForCode(item.code);
  if (key) return TREND_MIN_SPANS[key];
  const largest = Math.max(0, ...item.trend.map((point) => Math.abs(point.value ?? 0)));
  return largest / 10;
}
