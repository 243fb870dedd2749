import { api } from '@sukoyaka/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateBalances } from './invalidate';

export const challengesQueryKey = ['incentives', 'challenges'] as const;

/** This month's challenges of the member's association, with the member's progress. */
export function useChallenges() {
  return useQuery({ queryKey: challengesQueryKey, queryFn: () => api.listChallenges({}) });
}

/** One challenge of this month, with the days that counted. */
export function useChallenge(challengeId: string) {
  return useQuery({ queryKey: [...challengesQueryKey, challengeId], queryFn: () => api.getChallenge({ challengeId }) });
}

/** Takes a challenge for this month; it may complete at once (points paid), so balances are read again. */
export function useJoinChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (challengeId: string) => api.joinChallenge({ challengeId }),
    onSuccess: () => invalidateBalances(queryClient),
  });
}
