import { useEffect, useState } from 'react';
import { api } from '../api/calls';

/**
 * The signed-in member's unread announcements, or null while unknown. Read once per page outside
 * the shared query cache on purpose: a member who may not use the service yet (e-mail not
 * verified, say) is refused this call, and that refusal must not end the page they are on; the
 * count is then simply not shown.
 */
export function useUnreadAnnouncements(): number | null {
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    api.countUnreadAnnouncements({}).then(
      (answer) => live && setUnread(answer.unreadCount),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return unread;
}

/** The label of a link to the announcements with the count: 'お知らせ（未読3件）'. */
export const announcementsLabel = (unread: number | null) => (unread ? `お知らせ（未読${unread}件）` : 'お知らせ');

/** The count as a badge shows it. */
export const badgeCount = (unread: number) => (unread > 99 ? '99+' : String(unread));
