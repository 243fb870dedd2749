import { api } from '@sukoyaka/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateBalances } from './invalidate';

export const coinAccountQueryKey = ['incentives', 'coinAccount'] as const;

/** The member's coin balance. */
export function useCoinAccount() {
  return useQuery({ queryKey: coinAccountQueryKey, queryFn: () => api.getCoinAccount({}) });
}

export function useCoinUserActions() {
  return useQuery({ queryKey: ['incentives', 'coinUserActions'], queryFn: () => api.listCoinUserActions({}) });
}

export function useGiftChallengeInfo() {
  return useQuery({ queryKey: ['incentives', 'giftChallengeInfo'], queryFn: () => api.getGiftChallengeInfo({}) });
}

/** One draw; afterwards every balance and gift list is read again. */
export function useGiftChallenge() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => api.giftChallenge({}), onSettled: () => invalidateBalances(queryClient) });
}
