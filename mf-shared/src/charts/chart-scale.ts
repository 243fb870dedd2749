/*
 * The value axis of a chart (issue 27), one rule for the vitals' charts and the check-up trends:
 * scaled to the data, never narrower than the item's smallest meaningful span (so 171.2 → 171.3 →
 * 171.2 cm draws flat, not as a peak), and never stretched to reach a reference line far away
 * (a week's weight is not squashed flat by the BMI lines). Lines are drawn only inside the range.
 */

/** [low, high] around `values`: at least `minSpan` wide, with a margin; `floor` bounds low (0 for counts). */
export function chartRange(values: readonly number[], minSpan: number, floor?: number): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [floor ?? 0, (floor ?? 0) + minSpan];
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const span = Math.max(max - min, minSpan);
  const middle = (min + max) / 2;
  const margin = span * 0.1;
  let low = middle - span / 2 - margin;
  let high = middle + span / 2 + margin;
  if (floor !== undefined && low < floor) {
    high += floor - low;
    low = floor;
  }
  return [low, high];
}

/** The lines (reference bounds, goals) whose value falls inside the range: the others are not drawn. */
export function linesInRange<L extends { value: number }>(lines: readonly L[], [low, high]: readonly [number, number]): L[] {
  return lines.filter((line) => line.value >= low && line.value <= high);
}
