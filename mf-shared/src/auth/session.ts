import { useQuery } from '@tanstack/react-query';
import type { CallOutput } from '@sukoyaka/contract';
import { api } from '../api/calls';
import { queryClient } from '../errors/query-client';

export type SessionData = CallOutput<'getSession'>;
export const sessionQueryKey = ['session'] as const;

/** The current-user/session read (spec §3). Cached until sign-in or logout clears the cache. */
export function sessionQueryOptions() {
  return { queryKey: sessionQueryKey, queryFn: () => api.getSession(), staleTime: Infinity };
}

/** "Session ready" is when the session read has answered (isSuccess). */
export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** The session, from the cache or the bff, for code outside React (analytics). */
export function fetchSession(): Promise<SessionData> {
  return queryClient.fetchQuery(sessionQueryOptions());
}
