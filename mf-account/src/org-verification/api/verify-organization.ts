import type { CallInput } from '@sukoyaka/contract';
import { api, userInfoQueryKey } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { navigationInfoQueryKey } from '../../navigation/api/get-navigation-info';

export type VerifyOrganizationInput = CallInput<'verifyOrganization'>;

export function verifyOrganization(input: VerifyOrganizationInput) {
  return api.verifyOrganization(input);
}

/** Links the member to their association; what the pages know about the member is read again. */
export function useVerifyOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyOrganization,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: userInfoQueryKey }),
        client.invalidateQueries({ queryKey: navigationInfoQueryKey }),
      ]);
    },
  });
}
