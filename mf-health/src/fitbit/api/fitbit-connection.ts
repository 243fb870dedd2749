import type { CallInput, FitbitConnection } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useMutationState, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

export const fitbitConnectionQueryKey = ['fitbitConnection'] as const;

export function useFitbitConnection() {
  return useQuery({ queryKey: fitbitConnectionQueryKey, queryFn: () => api.getFitbitAuthentication({}) });
}

/** Steps arrived (or the connection changed): the connection and every vitals view are refetched. */
function settle(queryClient: QueryClient, connection: FitbitConnection) {
  queryClient.setQueryData(fitbitConnectionQueryKey, connection);
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== fitbitConnectionQueryKey[0] });
}

/** Asks for Google's consent page and goes there. */
export function useStartFitbitAuthorization(go: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({
    mutationFn: () => api.startFitbitAuthorization({}),
    onSuccess: ({ authorizationUrl }) => go(authorizationUrl),
  });
}

export function useCompleteFitbitConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'createUserFitbitConnectionSettings'>) => api.createUserFitbitConnectionSettings(input),
    onSuccess: (connection) => settle(queryClient, connection),
  });
}

export function useSyncFitbit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => api.syncFitbit({}), onSuccess: (connection) => settle(queryClient, connection) });
}

const disconnectFitbitMutationKey = ['disconnectFitbit'] as const;

export function useDisconnectFitbit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: disconnectFitbitMutationKey,
    mutationFn: () => api.disconnectFitbit({}),
    onSuccess: ({ revocationPending: _pending, ...connection }) => settle(queryClient, connection),
  });
}

/**
 * Whether the last disconnect on this page could not yet revoke the grant at Google (the server
 * retries it): read after the connected view that ran the disconnect has gone.
 */
export function useRevocationPending(): boolean {
  const results = useMutationState({
    filters: { mutationKey: disconnectFitbitMutationKey, status: 'success' },
    select: (mutation) => (mutation.state.data as { revocationPending?: boolean } | undefined)?.revocationPending === true,
  });
  return results.at(-1) ?? false;
}
