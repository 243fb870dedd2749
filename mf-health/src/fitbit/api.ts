import type { CallInput, FitbitConnection } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

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

export function useDisconnectFitbit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => api.disconnectFitbit({}), onSuccess: (connection) => settle(queryClient, connection) });
}
