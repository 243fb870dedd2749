import { periodOf } from './periods';

// 2026-11-26 09:00 in Japan, 00:00 UTC: the day in Japan, not the server's or the browser's zone.
const NOW = new Date('2026-11-26T00:00:00Z');
const labels = (ticks: { label: string }[]) => ticks.map((tick) => tick.label);

describe('periodOf: a chart period and its time axis in Japan days (issue 27)', () => {
  it('names each day of the week under its middle (noon in Japan)', () => {
    const week = periodOf('week', NOW);
    expect([week.from, week.to]).toEqual(['2026-11-19', '2026-11-26']);
    expect(labels(week.ticks)).toEqual(['11/19', '11/20', '11/21', '11/22', '11/23', '11/24', '11/25', '11/26']);
    expect(new Date(week.ticks[0]!.at).toISOString()).toBe('2026-11-19T03:00:00.000Z');
  });

  it('names every fourth day of a month, so eight at most fit the axis', () => {
    expect(labels(periodOf('month', NOW).ticks)).toEqual(['10/27', '10/31', '11/4', '11/8', '11/12', '11/16', '11/20', '11/24']);
  });

  it('names each month of the year whose middle is inside it', () => {
    const year = periodOf('year', NOW);
    expect(year.from).toBe('2025-11-26');
    expect(labels(year.ticks)).toEqual(['12月', '1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月']);
  });
});
