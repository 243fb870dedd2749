import type { Challenge } from '@sukoyaka/contract';
import { japaneseMonth } from '@sukoyaka/shared';
import { formatAmount } from '../format';

/** What counts as a day, in a sentence: 「血圧を記録した日」「8,000歩以上歩いた日」. */
export function countedDayText(challenge: Pick<Challenge, 'kind' | 'minSteps'>): string {
  return challenge.kind === 'step_days' ? `${formatAmount(challenge.minSteps ?? 0)}歩以上歩いた日` : '血圧を記録した日';
}

/** Where the member stands, in one line: 「12日 / 20日」. */
export const progressText = (challenge: Pick<Challenge, 'progressDays' | 'targetDays'>) =>
  `${Math.min(challenge.progressDays, challenge.targetDays)}日 / ${challenge.targetDays}日`;

/** The rule of counting, for the member to know what is fair: what counts and what does not. */
export function countingRule(challenge: Pick<Challenge, 'kind' | 'minSteps' | 'month'>): string {
  const month = japaneseMonth(challenge.month);
  return challenge.kind === 'step_days'
    ? `${month}中に、歩数計やアプリ、連携した機器の歩数が${formatAmount(challenge.minSteps ?? 0)}歩以上だった日を数えます（手入力の歩数と、1日10万歩を超えて確認中の日は数えません）。`
    : `${month}中に、血圧を記録した日を数えます（その日か翌日までに記録したものに限ります。同じ日の記録は何回でも1日です）。`;
}
