import type { CallInput } from '@sukoyaka/contract';
import { api, authStateQueryKey, type AuthState } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function authenticateUserPassword(input: CallInput<'authenticateUserPassword'>) {
  return api.authenticateUserPassword(input);
}

/**
 * /prompt_auth's call. On success the new expiry goes into the auth state at once, so the page
 * the member returns to does not read a stale "not confirmed" and send them back here.
 */
export function useAuthenticateUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authenticateUserPassword,
    onSuccess: async ({ passwordAuthExpireAt }) => {
      queryClient.setQueryData<AuthState>(authStateQueryKey, (old) => (old ? { ...old, passwordAuthExpireAt } : old));
      await queryClient.invalidateQueries({ queryKey: authStateQueryKey });
    },
  });
}
