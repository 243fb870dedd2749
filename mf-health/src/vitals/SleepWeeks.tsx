import type { Sleep } from '@sukoyaka/contract';
import { List, Text, japaneseDateWithWeekday } from '@sukoyaka/shared';
import styled from 'styled-components';
import { formatMinutes, weeklyAverages } from './sleep';

const Weeks = styled(List).attrs({ $gap: 0.5 })`
  font-variant-numeric: tabular-nums;
`;

/**
 * Sleep's weekly average in words under the chart (issue 29): each week (Monday to Sunday) of the
 * period with a record, newest first, its average in 時間と分 over the days recorded.
 */
export function SleepWeeks({ readings }: { readings: readonly Sleep[] }) {
  const weeks = weeklyAverages(readings);
  if (weeks.length === 0) return null;
  return (
    <section aria-labelledby="sleep-weeks-heading">
      <Text id="sleep-weeks-heading" as="h3" style={{ margin: 0, fontWeight: 700, fontSize: 'inherit' }}>
        週ごとの平均睡眠時間
      </Text>
      <Weeks aria-labelledby="sleep-weeks-heading">
        {weeks.map((week) => (
          <li key={week.from}>
            {japaneseDateWithWeekday(week.from)}〜{japaneseDateWithWeekday(week.to)}：平均 {formatMinutes(week.average)}（{week.days}日分）
          </li>
        ))}
      </Weeks>
    </section>
  );
}
