import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userEmailQueryKey } from './get-user-email';

export function createUserEmailChange(input: CallInput<'createUserEmailChange'>) {
  return api.createUserEmailChange(input);
}

export function useCreateUserEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userEmailQueryKey }),
  });
}
