/**
 * What a TimeChart (@sukoyaka/shared/charts) draws for each series, by its label: the values it was
 * given, in order, read from the drawing itself (each series' group carries them).
 */
export function chartSeriesValues(root: ParentNode, testId: string): Record<string, number[]> {
  const chart = root.querySelector(`[data-testid="${testId}"]`);
  if (!chart) throw new Error(`no chart ${testId}`);
  const drawn: Record<string, number[]> = {};
  for (const group of chart.querySelectorAll('[data-series]')) {
    const values = group.getAttribute('data-values') ?? '';
    drawn[group.getAttribute('data-series')!] = values === '' ? [] : values.split(' ').map(Number);
  }
  return drawn;
}
