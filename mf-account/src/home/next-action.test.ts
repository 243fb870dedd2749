import type { VitalsSummary } from '@sukoyaka/contract';
import { greetingAt } from './greeting';
import { nextAction } from './next-action';

const NOW = new Date('2026-11-23T03:00:00.000Z'); // 12:00 in Japan
const vitals = (weighedAt: string | null, steps: number, goal: number | null = 8000): VitalsSummary =>
  ({
    bloodSugar: null,
    bloodPressure: null,
    weight: weighedAt ? { id: 'w', measuredAt: weighedAt, weight: 60, bodyFat: null, source: 'manual', createdAt: weighedAt } : null,
    bodyTemperature: null,
    steps: null,
    today: { day: '2026-11-23', steps },
    goals: { dailySteps: goal, targetWeight: null },
    height: null,
  }) as VitalsSummary;
const enquete = { id: 'e1', title: '健康アンケート', description: '', closesAt: null, questionCount: 1, answeredAt: null };

describe('greetingAt (Japan time)', () => {
  it.each([
    ['2026-11-22T19:00:00.000Z', 'おはようございます'], // 4:00
    ['2026-11-23T01:59:00.000Z', 'おはようございます'], // 10:59
    ['2026-11-23T02:00:00.000Z', 'こんにちは'], // 11:00
    ['2026-11-23T08:59:00.000Z', 'こんにちは'], // 17:59
    ['2026-11-23T09:00:00.000Z', 'こんばんは'], // 18:00
    ['2026-11-22T18:59:00.000Z', 'こんばんは'], // 3:59
  ])('%s → %s', (at, greeting) => {
    expect(greetingAt(new Date(at))).toBe(greeting);
  });
});

describe('nextAction', () => {
  it('asks for today’s weight first (a weight of yesterday in Japan does not count)', () => {
    expect(nextAction({ vitals: vitals(null, 0) }, NOW).text).toBe('今日の体重を記録しましょう');
    // 2026-11-22 23:00 in Japan: yesterday.
    expect(nextAction({ vitals: vitals('2026-11-22T14:00:00.000Z', 0) }, NOW).text).toBe('今日の体重を記録しましょう');
  });

  it('then the steps left to the goal, then an open enquete, then unread announcements, then thanks', () => {
    const weighed = '2026-11-23T00:00:00.000Z';
    expect(nextAction({ vitals: vitals(weighed, 5000) }, NOW).text).toBe('目標まであと3,000歩です。少し歩いてみましょう');
    expect(nextAction({ vitals: vitals(weighed, 9000), enquetes: [enquete], unread: 2 }, NOW)).toMatchObject({
      href: '/enquetes/e1',
    });
    expect(nextAction({ vitals: vitals(weighed, 9000), enquetes: [{ ...enquete, answeredAt: weighed }], unread: 2 }, NOW).text).toBe(
      '未読のお知らせが2件あります',
    );
    expect(nextAction({ vitals: vitals(weighed, 9000, null), enquetes: [], unread: 0 }, NOW).href).toBe('/vitals');
  });

  it('skips what is not known (a failed vitals read) instead of guessing', () => {
    expect(nextAction({ enquetes: [enquete] }, NOW).href).toBe('/enquetes/e1');
  });
});
