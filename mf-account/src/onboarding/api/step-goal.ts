import { api } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

/**
 * The welcome's daily step goal: the health area's goals call, which sets both goals at once, so
 * the target weight is read first and kept as it is.
 */
export async function saveDailyStepGoal(dailySteps: number): Promise<void> {
  const goals = await api.getVitalGoals({});
  await api.saveVitalGoals({ dailySteps, targetWeight: goals.targetWeight });
}

export function useSaveDailyStepGoal() {
  return useMutation({ mutationFn: saveDailyStepGoal });
}
