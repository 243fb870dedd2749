import { areas } from '@sukoyaka/contract';
import { Bell, Coins, HeartPulse, House, Menu, type LucideIcon } from 'lucide-react';
import styled from 'styled-components';
import { webPath } from '../device/deep-links';
import { APP_CHROME_ATTRIBUTE } from '../device/device';
import { AppLink } from '../routing/navigation';
import { usePathname } from '../routing/router';
import { VisuallyHidden } from '../ui/primitives';
import { MOBILE_BREAKPOINT, mobileOnly } from '../ui/theme';
import { CountBadge } from './AnnouncementsBell';
import { announcementsLabel, badgeCount, useUnreadAnnouncements } from './unread-announcements';

/** The height of the phone's tab bar above the safe area (PageLayout keeps its content above it). */
export const TAB_BAR_HEIGHT = 56;

const startsSection = (prefix: string, pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export interface NavigationItem {
  label: string;
  href: string;
  Icon: LucideIcon;
  /** The paths this item stands for besides its own page (its area's pages). */
  section: readonly string[];
}

/**
 * The five destinations every member page shares (issue 27): on phones the tab bar, on wider
 * screens the header's navigation. 記録 and ポイント stand for their areas' pages (the contract's
 * route table), so a page of either marks its item.
 */
export const navigationItems: readonly NavigationItem[] = [
  { label: 'ホーム', href: '/', Icon: House, section: [] },
  { label: '記録', href: '/vitals', Icon: HeartPulse, section: areas['@sukoyaka/health'].prefixes },
  { label: 'ポイント', href: '/incentives', Icon: Coins, section: areas['@sukoyaka/incentives'].prefixes },
  { label: 'お知らせ', href: '/announcements', Icon: Bell, section: ['/announcements'] },
  { label: 'メニュー', href: webPath('menu', {}), Icon: Menu, section: [] },
];

/**
 * How an item is current at `pathname`: 'page' on its own page, 'true' on another page of its
 * section, undefined elsewhere (aria-current's values).
 */
export function currentness(item: NavigationItem, pathname: string): 'page' | 'true' | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === item.href) return 'page';
  return item.section.some((prefix) => startsSection(prefix, path)) ? 'true' : undefined;
}

const desktop = `@media (min-width: ${MOBILE_BREAKPOINT}px)`;

const Bar = styled.nav`
  ${mobileOnly} {
    position: fixed;
    right: 0;
    bottom: 0;
    left: 0;
    z-index: 20;
    padding-bottom: env(safe-area-inset-bottom);
    background: ${({ theme }) => theme.colors.surface};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  ${desktop} {
    flex: 1;
    min-width: 0;
  }
`;

const Items = styled.ul`
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;
  ${desktop} {
    justify-content: center;
    gap: ${({ theme }) => theme.spacing(0.5)};
  }
`;

const Item = styled.li`
  ${mobileOnly} {
    flex: 1 1 0;
    min-width: 0;
  }
`;

const IconBox = styled.span`
  position: relative;
  display: inline-flex;
  ${CountBadge} {
    top: -6px;
    right: -12px;
  }
  ${desktop} {
    ${CountBadge} {
      top: -8px;
      right: -6px;
    }
  }
`;

const TabLink = styled(AppLink)`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 700;
  line-height: 1.2;
  text-decoration: none;
  white-space: nowrap;
  &[aria-current] {
    color: ${({ theme }) => theme.colors.primary};
  }
  ${mobileOnly} {
    flex-direction: column;
    gap: 2px;
    min-height: ${TAB_BAR_HEIGHT}px;
    padding: ${({ theme }) => theme.spacing(0.75, 0.25)};
    font-size: 0.6875rem;
    &[aria-current]::before {
      content: '';
      position: absolute;
      top: 0;
      left: 25%;
      right: 25%;
      height: 3px;
      border-radius: 0 0 3px 3px;
      background: ${({ theme }) => theme.colors.primary};
    }
  }
  ${desktop} {
    gap: ${({ theme }) => theme.spacing(1)};
    min-height: 44px;
    padding: ${({ theme }) => theme.spacing(1, 1.5)};
    border-radius: ${({ theme }) => theme.radius};
    font-size: ${({ theme }) => theme.fontSizes.label};
    &:hover {
      background: ${({ theme }) => theme.colors.background};
    }
    &[aria-current] {
      background: ${({ theme }) => theme.colors.primaryLight};
    }
  }
`;

/**
 * The member navigation: one list of links, laid out as the tab bar at the bottom of a phone
 * (< 768 px, spec §9) and as the header's navigation above. The item of the current page or
 * section carries aria-current; お知らせ carries the unread count in its name and as a badge.
 * Icons are decorative: each link is named by its text. Inside the apps' web views it is not
 * rendered (PageLayout), and hidden by index.html until then (APP_CHROME_ATTRIBUTE).
 */
export function MemberNavigation() {
  const pathname = usePathname();
  const unread = useUnreadAnnouncements();
  return (
    <Bar aria-label="メインメニュー" {...{ [APP_CHROME_ATTRIBUTE]: '' }}>
      <Items>
        {navigationItems.map((item) => {
          const { Icon } = item;
          const isAnnouncements = item.href === '/announcements';
          return (
            <Item key={item.href}>
              <TabLink href={item.href} aria-current={currentness(item, pathname)}>
                <IconBox>
                  <Icon size={24} strokeWidth={2} aria-hidden="true" focusable="false" />
                  {isAnnouncements && unread ? <CountBadge aria-hidden="true">{badgeCount(unread)}</CountBadge> : null}
                </IconBox>
                {/*
                 * With a count, the name is one hidden text 「お知らせ（未読3件）」 rather than an aria-label
                 * that would leave the badge's visible count out (WCAG 2.5.3, axe label-content-name-mismatch).
                 */}
                {isAnnouncements && unread ? (
                  <>
                    <span aria-hidden="true">{item.label}</span>
                    <VisuallyHidden>{announcementsLabel(unread)}</VisuallyHidden>
                  </>
                ) : (
                  <span>{item.label}</span>
                )}
              </TabLink>
            </Item>
          );
        })}
      </Items>
    </Bar>
  );
}
