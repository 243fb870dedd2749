import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function activateUserEmailVerification(token: string) {
  return api.activateUserEmailVerification({ token });
}

/** Verifying the address opens the member calls: what failed before is asked again. */
export function useActivateUserEmailVerification() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: activateUserEmailVerification, onSuccess: () => queryClient.invalidateQueries() });
}
