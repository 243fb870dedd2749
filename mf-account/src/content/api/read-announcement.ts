import { api, unreadAnnouncementsQueryKey } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { navigationInfoQueryKey } from '../../navigation/api/get-navigation-info';
import { announcementsQueryKey } from './list-announcements';

/** Opens one announcement: the answer is the announcement, now marked read; the lists follow. */
export function useReadAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (announcementId: string) => api.readAnnouncement({ announcementId }),
    // The lists, and the header's bell (mf-shared's AnnouncementsBell) and the menu's count with them.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: announcementsQueryKey }),
        client.invalidateQueries({ queryKey: unreadAnnouncementsQueryKey }),
        client.invalidateQueries({ queryKey: navigationInfoQueryKey }),
      ]),
  });
}
