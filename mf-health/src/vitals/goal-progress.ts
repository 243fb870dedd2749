import type { VitalsSummary } from './api/get-vitals-summary';
import { formatNumber } from './formats';

/** How far today's steps are from the daily goal: 「目標の8,000歩まで、あと1,988歩です。」 */
export function stepProgress(summary: Pick<VitalsSummary, 'today' | 'goals'>): string | null {
  const goal = summary.goals.dailySteps;
  if (goal === null) return null;
  const today = `今日の歩数は${formatNumber(summary.today.steps, 0)}歩。`;
  const left = goal - summary.today.steps;
  return left > 0
    ? `${today}目標の${formatNumber(goal, 0)}歩まで、あと${formatNumber(left, 0)}歩です。`
    : `${today}目標の${formatNumber(goal, 0)}歩を達成しました！`;
}

/** How far the latest weight is from the target: 「目標まであと2.4kgです（目標 60.0kg）。」 */
export function weightProgress(summary: Pick<VitalsSummary, 'weight' | 'goals'>): string | null {
  const target = summary.goals.targetWeight;
  if (target === null) return null;
  if (!summary.weight) return `目標体重は${formatNumber(target, 1)}kgです。体重を記録すると、目標までの差を表示します。`;
  const gap = Math.round(Math.abs(summary.weight.weight - target) * 10) / 10;
  if (gap < 0.1) return `目標体重の${formatNumber(target, 1)}kgに到達しています。`;
  return `目標まであと${formatNumber(gap, 1)}kgです（最新 ${formatNumber(summary.weight.weight, 1)}kg、目標 ${formatNumber(target, 1)}kg）。`;
}
