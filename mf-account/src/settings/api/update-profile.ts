import type { CallInput } from '@sukoyaka/contract';
import { api, userInfoQueryKey } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { navigationInfoQueryKey } from '../../navigation/api/get-navigation-info';

export type ProfileInput = CallInput<'updateProfile'>;

export function updateProfile(input: ProfileInput) {
  return api.updateProfile(input);
}

/**
 * Changes the nickname, and the height when given (null clears it); every page that shows them
 * reads them again. The health pages read the height with their summary, which they ask for
 * again when they open.
 */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: userInfoQueryKey }),
        client.invalidateQueries({ queryKey: navigationInfoQueryKey }),
      ]);
    },
  });
}
