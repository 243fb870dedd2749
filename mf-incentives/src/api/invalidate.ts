import type { QueryClient } from '@tanstack/react-query';

/** A spend or a gift changes balances, histories, progress and gift lists: all incentive reads go stale. */
export function invalidateBalances(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['incentives'] });
}
