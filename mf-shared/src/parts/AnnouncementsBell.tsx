import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { api } from '../api/calls';
import { AppLink } from '../routing/navigation';

const Bell = styled(AppLink)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  min-height: 44px;
  text-decoration: none;
  font-size: 1.25rem;
`;

const Count = styled.span`
  position: absolute;
  top: 2px;
  right: 0;
  min-width: 1.25rem;
  padding: 0 4px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.surface};
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 1.25rem;
  text-align: center;
`;

/**
 * The unread count's query: a page that marks an announcement read (or all of them) invalidates
 * it, and the bell shows the new count at once (issue 27).
 */
export const unreadAnnouncementsQueryKey = ['announcements', 'unreadCount'] as const;

/**
 * The header's bell for a signed-in member: a link to /announcements with the unread count. A
 * member who may not use the service yet (e-mail not verified, say) is refused this call, and that
 * refusal must not end the page they are on: the query answers null instead of failing, and the
 * bell then shows no count.
 */
export function AnnouncementsBell() {
  const { data: unread = null } = useQuery({
    queryKey: unreadAnnouncementsQueryKey,
    queryFn: () =>
      api.countUnreadAnnouncements({}).then(
        (answer) => answer.unreadCount,
        () => null,
      ),
  });
  const label = unread ? `お知らせ（未読${unread}件）` : 'お知らせ';
  return (
    <Bell href="/announcements" aria-label={label} title={label}>
      <span aria-hidden="true">🔔</span>
      {unread ? <Count aria-hidden="true">{unread > 99 ? '99+' : unread}</Count> : null}
    </Bell>
  );
}
