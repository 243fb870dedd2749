import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementsQueryKey } from './list-announcements';

/** Opens one announcement: the answer is the announcement, now marked read; the lists follow. */
export function useReadAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (announcementId: string) => api.readAnnouncement({ announcementId }),
    // The header's bell reads its count once per page (mf-shared's AnnouncementsBell), not from the cache.
    onSuccess: () => client.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
