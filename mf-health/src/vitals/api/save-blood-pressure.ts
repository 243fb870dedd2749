import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bloodPressuresQueryKey } from './list-blood-pressures';

export type BloodPressureInput = CallInput<'saveBloodPressure'>;

export function saveBloodPressure(input: BloodPressureInput) {
  return api.saveBloodPressure(input);
}

export function useSaveBloodPressure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBloodPressure,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bloodPressuresQueryKey }),
  });
}
