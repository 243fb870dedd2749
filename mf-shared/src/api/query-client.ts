import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isAccountConditionError } from '../errors/fatal-errors';
import { fatalErrorStore } from '../errors/fatal-error-store';

/** An account condition (locked, suspended, …) met by any call ends the page, wherever it is. */
function reportAccountCondition(error: unknown): void {
  if (isAccountConditionError(error)) fatalErrorStore.report(error);
}

/**
 * The one QueryClient every area wraps its root with (spec §7: no retry on error, no refetch on
 * focus). TanStack Query v5 does not share context across copies, so all areas import this one.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportAccountCondition }),
    mutationCache: new MutationCache({ onError: reportAccountCondition }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
