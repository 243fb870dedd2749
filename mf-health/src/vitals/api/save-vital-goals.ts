import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vitalsSummaryQueryKey } from './get-vitals-summary';

export type VitalGoalsInput = CallInput<'saveVitalGoals'>;

export function saveVitalGoals(input: VitalGoalsInput) {
  return api.saveVitalGoals(input);
}

/** Both goals are sent together (the call clears one left out): the summary is read again. */
export function useSaveVitalGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVitalGoals,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vitalsSummaryQueryKey }),
  });
}
