import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * resetUserMynaSecretQuestion (password step-up): clears the question, the answer and the lock.
 * Every My Number read cached so far (all under the key 'myna', mf-myna's) is out of date then.
 */
export function useResetMynaSecretQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.resetUserMynaSecretQuestion({}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['myna'] }),
  });
}
