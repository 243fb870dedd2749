import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export type SignUpInput = CallInput<'signUp'>;

export function signUp(input: SignUpInput) {
  return api.signUp(input);
}

/** Sign-up may start a member session: whatever was cached belonged to the visitor. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signUp, onSuccess: () => queryClient.clear() });
}
