import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function updatePasswordByResetToken(input: CallInput<'updatePasswordByResetToken'>) {
  return api.updatePasswordByResetToken(input);
}

/** Every session of the account ended, maybe this browser's too: nothing cached still holds. */
export function useUpdatePasswordByResetToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePasswordByResetToken, onSuccess: () => queryClient.clear() });
}
