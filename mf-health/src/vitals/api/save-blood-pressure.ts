import type { CallInput } from '@sukoyaka/contract';
import { api, queryClient } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';
import { bloodPressuresQueryKey } from './list-blood-pressures';

export type BloodPressureInput = CallInput<'saveBloodPressure'>;

export function saveBloodPressure(input: BloodPressureInput) {
  return api.saveBloodPressure(input);
}

export function useSaveBloodPressure() {
  return useMutation({
    mutationFn: saveBloodPressure,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bloodPressuresQueryKey }),
  });
}
