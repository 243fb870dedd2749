import { api } from '@sukoyaka/shared';
import { useInfiniteQuery } from '@tanstack/react-query';

export const announcementsQueryKey = ['content', 'announcements'] as const;

/** The announcements the member may see, newest first, twenty at a time (もっと見る). */
export function useAnnouncements() {
  return useInfiniteQuery({
    queryKey: announcementsQueryKey,
    queryFn: ({ pageParam }) => api.listAnnouncements({ limit: 20, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
