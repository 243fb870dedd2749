import type { CallInput } from '@sukoyaka/contract';
import { api, authStateQueryKey, type AuthState } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function authenticateBirthday(input: CallInput<'authenticateBirthday'>) {
  return api.authenticateBirthday(input);
}

/** /sensitive_verification's call; like the password's, it updates the auth state at once. */
export function useAuthenticateBirthday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authenticateBirthday,
    onSuccess: async ({ birthdayAuthExpireAt }) => {
      queryClient.setQueryData<AuthState>(authStateQueryKey, (old) => (old ? { ...old, birthdayAuthExpireAt } : old));
      await queryClient.invalidateQueries({ queryKey: authStateQueryKey });
    },
  });
}
