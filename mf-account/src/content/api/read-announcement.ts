import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unreadAnnouncementsQueryKey } from './count-unread-announcements';
import { announcementsQueryKey } from './list-announcements';

/** Opens one announcement: the answer is the announcement, now marked read; lists and counts follow. */
export function useReadAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (announcementId: string) => api.readAnnouncement({ announcementId }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: announcementsQueryKey }),
        client.invalidateQueries({ queryKey: unreadAnnouncementsQueryKey }),
      ]);
    },
  });
}
