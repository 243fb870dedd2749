import type { ReactNode } from 'react';
import styled from 'styled-components';
import { AppLink } from '../routing/navigation';
import { LogoutButton } from '../auth/LogoutButton';
import { AnnouncementsBell } from './AnnouncementsBell';
import { MemberNavigation, TAB_BAR_HEIGHT } from './MemberNavigation';
import { useSession } from '../auth/session';
import { APP_CHROME_ATTRIBUTE, isWebView, WEBVIEW_ROOT_ATTRIBUTE } from '../device/device';
import { usePathname } from '../routing/router';
import { showsMemberNavigation } from '../routing/site-map';
import { COPYRIGHT, externalLinks, PRODUCT_NAME } from '../ui/links';
import { OutsideLink } from '../ui/OutsideLink';
import { ButtonLinkStyle, List } from '../ui/primitives';
import { mobileOnly } from '../ui/theme';

const HeaderBar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(1)};
  min-height: 56px;
  padding: ${({ theme }) => theme.spacing(1, 2)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Logo = styled(AppLink)`
  flex: none;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: none;
  letter-spacing: 0.08em;
`;

export interface HeaderProps {
  /** Hide the login/sign-up button (error pages, signed-in members). */
  hideButton?: boolean;
  /** In the sign-up flow the button offers sign-up from a computer instead. */
  signupFlow?: boolean;
  /** Extra content at the right end, e.g. the member's log-out. */
  end?: ReactNode;
  /** The member navigation, between the logo and the end (a tab bar of its own on phones). */
  nav?: ReactNode;
}

/** Spec §2: the logo links home; the button reads ログイン・新規登録 (→ home) or, in sign-up, パソコンから新規登録 (→ /signup). */
export function Header({ hideButton, signupFlow, end, nav }: HeaderProps) {
  return (
    <HeaderBar>
      <Logo href="/" aria-label={`${PRODUCT_NAME} ホーム`}>
        {PRODUCT_NAME}
      </Logo>
      {nav}
      {end}
      {hideButton ? null : (
        <ButtonLinkStyle as={AppLink} href={signupFlow ? '/signup' : '/'} $variant="secondary">
          {signupFlow ? 'パソコンから新規登録' : 'ログイン・新規登録'}
        </ButtonLinkStyle>
      )}
    </HeaderBar>
  );
}

const FooterBox = styled.footer`
  margin-top: auto;
  padding: ${({ theme }) => theme.spacing(3, 2)};
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;

const FooterLinks = styled(List).attrs({ $gap: 1 })`
  flex-direction: row;
  flex-wrap: wrap;
  column-gap: ${({ theme }) => theme.spacing(2)};
  margin-bottom: ${({ theme }) => theme.spacing(2)};
  a {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/**
 * Spec §2: copyright, privacy policy (new tab), media policy, FAQ/contact, operating company (new tab),
 * disclosure request (new tab). Inside the apps' web views the outside ones go through the app.
 */
export function Footer() {
  return (
    <FooterBox>
      <nav aria-label="フッター">
        <FooterLinks>
          <li>
            <OutsideLink href={externalLinks.privacyPolicy}>プライバシーポリシー</OutsideLink>
          </li>
          <li>
            <AppLink href="/media_policy">メディアポリシー</AppLink>
          </li>
          <li>
            <AppLink href="/faq">よくある質問・お問い合わせ</AppLink>
          </li>
          <li>
            <OutsideLink href={externalLinks.operatingCompany}>運営会社</OutsideLink>
          </li>
          <li>
            <OutsideLink href={externalLinks.disclosureRequest}>個人情報の開示等の請求</OutsideLink>
          </li>
        </FooterLinks>
      </nav>
      <small>{COPYRIGHT}</small>
    </FooterBox>
  );
}

const Banner = styled.aside`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1.5)};
  padding: ${({ theme }) => theme.spacing(3, 2)};
  background: ${({ theme }) => theme.colors.primaryLight};
  border-radius: ${({ theme }) => theme.radius};
  text-align: center;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

/** Spec §2: shown to visitors; links to the login route. */
export function SignupBanner() {
  return (
    <Banner aria-label="ログイン・新規登録のご案内">
      <span>さっそく{PRODUCT_NAME}を使ってみましょう！</span>
      <ButtonLinkStyle as={AppLink} href="/login">
        ログイン・新規登録
      </ButtonLinkStyle>
    </Banner>
  );
}

const Shell = styled.div<{ $tabBar: boolean }>`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  /* On phones the tab bar is fixed at the bottom: the page ends above it, never behind it. */
  ${({ $tabBar }) => ($tabBar ? `${mobileOnly} { padding-bottom: calc(${TAB_BAR_HEIGHT + 1}px + env(safe-area-inset-bottom)); }` : '')}
  html[${WEBVIEW_ROOT_ATTRIBUTE}] & {
    padding-bottom: 0;
  }
`;

const Main = styled.main`
  width: 100%;
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.spacing(2)};
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { padding: ${theme.spacing(3)}; }`}
`;

/** The bell (where there is no navigation) and ログアウト side by side at the header's end. */
const MemberEnd = styled.div`
  display: flex;
  flex: none;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1)};
`;

/**
 * A page: the header, the content in a readable column, the footer. A visitor's header offers
 * ログイン・新規登録; a member's offers ログアウト instead (unless the page says otherwise), and the
 * member navigation (the tab bar on phones) on every page but those before a member may use the
 * service (routing/site-map.ts). Inside the apps' web views the app shows its own chrome: no
 * navigation and no ログアウト; the bell stays the way to the announcements there.
 */
export function PageLayout({ children, header = {} }: { children: ReactNode; header?: HeaderProps }) {
  const session = useSession();
  const pathname = usePathname();
  const isMember = Boolean(session.data?.userId);
  const webView = isWebView();
  const decided = header.hideButton !== undefined;
  const hideButton = decided ? header.hideButton : isMember || session.isPending;
  const withNavigation = isMember && !webView && showsMemberNavigation(pathname);
  const end =
    header.end ??
    (isMember && !decided ? (
      <MemberEnd>
        {withNavigation ? null : <AnnouncementsBell />}
        {webView ? null : (
          <div {...{ [APP_CHROME_ATTRIBUTE]: '' }}>
            <LogoutButton />
          </div>
        )}
      </MemberEnd>
    ) : undefined);
  return (
    <Shell $tabBar={withNavigation}>
      <Header {...header} hideButton={hideButton} end={end} nav={withNavigation ? <MemberNavigation /> : header.nav} />
      <Main>{children}</Main>
      <Footer />
    </Shell>
  );
}
