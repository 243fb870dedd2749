import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateBalances } from './invalidate';

export function usePointGifts(pointId: string) {
  return useQuery({ queryKey: ['incentives', 'pointGifts', pointId], queryFn: () => api.listPointGifts({ pointId }) });
}

/** The member's visible gifts, newest first, twenty at a time. */
export function useUserGifts() {
  return useInfiniteQuery({
    queryKey: ['incentives', 'userGifts'],
    queryFn: ({ pageParam }) => api.listVisibleUserGifts({ limit: 20, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Exchanges points for a gift; a refusal charges nothing, yet balances and stock are read again. */
export function useRedeemGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (giftId: string) => api.redeemGift({ giftId }),
    onSettled: () => invalidateBalances(queryClient),
  });
}

export function usePatchUserGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'patchUserGift'>) => api.patchUserGift(input),
    onSuccess: () => invalidateBalances(queryClient),
  });
}
