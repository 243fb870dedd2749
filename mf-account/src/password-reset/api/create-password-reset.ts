import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

export function createPasswordReset(input: CallInput<'createPasswordReset'>) {
  return api.createPasswordReset(input);
}

export function useCreatePasswordReset() {
  return useMutation({ mutationFn: createPasswordReset });
}
