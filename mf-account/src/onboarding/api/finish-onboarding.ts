import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { navigationInfoQueryKey, type NavigationInfo } from '../../navigation/api/get-navigation-info';

export function finishOnboarding(skipped: boolean) {
  return api.finishOnboarding({ skipped });
}

/**
 * Records on the server that the welcome is done (finished or skipped), so it is never asked
 * again. The cached navigation answer no longer sends the member here: home, which follows
 * `next`, must not send them back before it has read the answer again.
 */
export function useFinishOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: finishOnboarding,
    onSuccess: async () => {
      client.setQueryData<NavigationInfo>(navigationInfoQueryKey, (info) => (info ? { ...info, next: null } : info));
      await client.invalidateQueries({ queryKey: navigationInfoQueryKey });
    },
  });
}
