import type { MynaConnectionState } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mynaConnectionStateQueryKey } from './get-myna-connection-state';

/** createMynaImport: queues the import; the state then shows (and polls) the job. */
export function useCreateMynaImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.createMynaImport({}),
    onSuccess: ({ import: job }) => {
      queryClient.setQueryData<MynaConnectionState>(mynaConnectionStateQueryKey, (state) =>
        state ? { ...state, latestImport: job } : state,
      );
      return queryClient.invalidateQueries({ queryKey: mynaConnectionStateQueryKey });
    },
  });
}
