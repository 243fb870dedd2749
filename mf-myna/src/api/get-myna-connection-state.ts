import type { MynaConnectionState } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const mynaConnectionStateQueryKey = ['myna', 'connectionState'] as const;

/** How often /import asks for the job's progress while it runs. */
export const IMPORT_POLL_MS = 1500;

export const isImportRunning = (state: MynaConnectionState | undefined) =>
  state?.latestImport?.status === 'queued' || state?.latestImport?.status === 'running';

export function mynaConnectionStateQueryOptions() {
  return queryOptions({ queryKey: mynaConnectionStateQueryKey, queryFn: () => api.getMynaConnectionState({}) });
}

/** The connection's state; with `poll`, read again every IMPORT_POLL_MS while an import runs. */
export function useMynaConnectionState({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    ...mynaConnectionStateQueryOptions(),
    refetchInterval: poll ? (query) => (isImportRunning(query.state.data) ? IMPORT_POLL_MS : false) : false,
  });
}
