import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function activateUserEmailChange(token: string) {
  return api.activateUserEmailChange({ token });
}

/** The address changed: every cached read that shows it is stale. */
export function useActivateUserEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: activateUserEmailChange, onSuccess: () => queryClient.invalidateQueries() });
}
