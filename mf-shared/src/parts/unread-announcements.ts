import { useQuery } from '@tanstack/react-query';
import { api } from '../api/calls';

/**
 * The unread count's query: a page that marks an announcement read (or all of them) invalidates
 * it, and the bell and the navigation show the new count at once (issue 27).
 */
export const unreadAnnouncementsQueryKey = ['announcements', 'unreadCount'] as const;

/**
 * The signed-in member's unread announcements, or null while unknown. A member who may not use
 * the service yet (e-mail not verified, say) is refused this call, and that refusal must not end
 * the page they are on: the query answers null instead of failing, and no count is shown.
 */
export function useUnreadAnnouncements(): number | null {
  const { data = null } = useQuery({
    queryKey: unreadAnnouncementsQueryKey,
    queryFn: () =>
      api.countUnreadAnnouncements({}).then(
        (answer) => answer.unreadCount,
        () => null,
      ),
  });
  return data;
}

/** The label of a link to the announcements with the count: 'お知らせ（未読3件）'. */
export const announcementsLabel = (unread: number | null) => (unread ? `お知らせ（未読${unread}件）` : 'お知らせ');

/** The count as a badge shows it. */
export const badgeCount = (unread: number) => (unread > 99 ? '99+' : String(unread));
