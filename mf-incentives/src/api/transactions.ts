import { api } from '@sukoyaka/shared';
import { useInfiniteQuery } from '@tanstack/react-query';

/** Whose history: the coin account, or the member's account in one program. */
export type HistorySource = { kind: 'coin' } | { kind: 'point'; pointId: string };

const PAGE_SIZE = 50;

export function useHistory(source: HistorySource, month: string) {
  return useInfiniteQuery({
    queryKey: ['incentives', 'transactions', source, month],
    queryFn: ({ pageParam }) => {
      const input = { month, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) };
      return source.kind === 'coin' ? api.listCoinTransactions(input) : api.listPointTransactions({ ...input, pointId: source.pointId });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
