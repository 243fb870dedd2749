import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { api } from '../api/calls';
import { AppLink } from '../routing/navigation';

const Bell = styled(AppLink)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: ${({ theme }) => theme.touchTarget};
  min-height: ${({ theme }) => theme.touchTarget};
  text-decoration: none;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Count = styled.span`
  position: absolute;
  top: 2px;
  right: 0;
  min-width: 1.25rem;
  padding: 0 4px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.caption};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: 1.25rem;
  text-align: center;
`;

/**
 * The header's bell for a signed-in member: a link to /announcements with the unread count. The
 * count is read once per page outside the shared query cache on purpose: a member who may not use
 * the service yet (e-mail not verified, say) is refused this call, and that refusal must not end
 * the page they are on; the bell then shows no count.
 */
export function AnnouncementsBell() {
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
  const label = unread ? `お知らせ（未読${unread}件）` : 'お知らせ';
  return (
    <Bell href="/announcements" aria-label={label} title={label}>
      <span aria-hidden="true">🔔</span>
      {unread ? <Count aria-hidden="true">{unread > 99 ? '99+' : unread}</Count> : null}
    </Bell>
  );
}
