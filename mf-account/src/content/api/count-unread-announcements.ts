import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const unreadAnnouncementsQueryKey = ['content', 'unreadAnnouncements'] as const;

export const unreadAnnouncementsQueryOptions = queryOptions({
  queryKey: unreadAnnouncementsQueryKey,
  queryFn: () => api.countUnreadAnnouncements({}),
});

/** How many visible announcements the member has not read (home's card). */
export function useUnreadAnnouncements(enabled = true) {
  return useQuery({ ...unreadAnnouncementsQueryOptions, enabled });
}
