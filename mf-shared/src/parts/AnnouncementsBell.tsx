import { Bell as BellIcon } from 'lucide-react';
import styled from 'styled-components';
import { AppLink } from '../routing/navigation';
import { VisuallyHidden } from '../ui/primitives';
import { announcementsLabel, badgeCount, useUnreadAnnouncements } from './unread-announcements';

const Bell = styled(AppLink)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: ${({ theme }) => theme.touchTarget};
  min-height: ${({ theme }) => theme.touchTarget};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;

export const CountBadge = styled.span`
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
 * The header's bell for a signed-in member where the member navigation is not shown (inside the
 * apps' web views, and the pages before a member may use the service): a link to /announcements
 * with the unread count. Where the navigation is shown, its お知らせ carries the count instead.
 */
export function AnnouncementsBell() {
  const unread = useUnreadAnnouncements();
  const label = announcementsLabel(unread);
  return (
    // The name is text, not aria-label: a label that leaves out the badge's visible count fails
    // WCAG 2.5.3 (axe's label-content-name-mismatch), so the badge is hidden and the words say it.
    <Bell href="/announcements" title={label}>
      <VisuallyHidden>{label}</VisuallyHidden>
      <BellIcon size={24} aria-hidden="true" focusable="false" />
      {unread ? <CountBadge aria-hidden="true">{badgeCount(unread)}</CountBadge> : null}
    </Bell>
  );
}
