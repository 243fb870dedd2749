import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { navigateToUrl } from 'single-spa';
import { isAccountConditionError, stepUpRedirect } from './fatal-errors';
import { fatalErrorStore } from './fatal-error-store';

/**
 * An account condition (locked, suspended, …) met by any call ends the page, wherever it is; a
 * call refused for a missing step-up confirmation sends the member to give it, and back.
 */
function reportAccountCondition(error: unknown): void {
  if (isAccountConditionError(error)) {
    fatalErrorStore.report(error);
    return;
  }
  const confirmation = stepUpRedirect(error, window.location);
  if (confirmation) navigateToUrl(confirmation);
}

/**
 * The one QueryClient every area wraps its root with (spec §7: no retry on error, no refetch on
 * focus). TanStack Query v5 does not share context across copies, so all areas import this one.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportAccountCondition }),
    mutationCache: new MutationCache({ onError: reportAccountCondition }),
    defaultOptions: queryDefaults,
  });
}

/** The queries' and mutations' options (the server render's client has them too, mf-shared/src/server). */
export const queryDefaults = {
  queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  mutations: { retry: false },
} as const;

export const queryClient = createQueryClient();
