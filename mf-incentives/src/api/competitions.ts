import { api } from '@sukoyaka/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateBalances } from './invalidate';

export const competitionsQueryKey = ['incentives', 'competitions'] as const;

/** The association's competitions open now (or ended lately), with the member's state. */
export function usePrizeCompetitions() {
  return useQuery({ queryKey: competitionsQueryKey, queryFn: () => api.listOpenPrizeCompetitions({}) });
}

/** Enters once; a coin entry spends coins, so balances are read again. */
export function useEnterPrizeCompetition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (competitionId: string) => api.enterPrizeCompetition({ competitionId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: competitionsQueryKey });
      void invalidateBalances(queryClient);
    },
  });
}
