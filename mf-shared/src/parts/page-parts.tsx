import type { ReactNode } from 'react';
import styled from 'styled-components';
import { AppLink } from '../routing/navigation';
import { LogoutButton } from '../auth/LogoutButton';
import { AnnouncementsBell } from './AnnouncementsBell';
import { useSession } from '../auth/session';
import { COPYRIGHT, externalLinks, PRODUCT_NAME } from '../ui/links';
import { ButtonLinkStyle, List } from '../ui/primitives';

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
  /** Extra content at the right end, e.g. the member menu. */
  end?: ReactNode;
}

/** Spec §2: the logo links home; the button reads ログイン・新規登録 (→ home) or, in sign-up, パソコンから新規登録 (→ /signup). */
export function Header({ hideButton, signupFlow, end }: HeaderProps) {
  return (
    <HeaderBar>
      <Logo href="/" aria-label={`${PRODUCT_NAME} ホーム`}>
        {PRODUCT_NAME}
      </Logo>
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

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Spec §2: copyright, privacy policy (new tab), media policy, FAQ/contact, operating company (new tab), disclosure request (new tab). */
export function Footer() {
  return (
    <FooterBox>
      <nav aria-label="フッター">
        <FooterLinks>
          <li>
            <a href={externalLinks.privacyPolicy} {...newTab}>
              プライバシーポリシー
            </a>
          </li>
          <li>
            <AppLink href="/media_policy">メディアポリシー</AppLink>
          </li>
          <li>
            <AppLink href="/faq">よくある質問・お問い合わせ</AppLink>
          </li>
          <li>
            <a href={externalLinks.operatingCompany} {...newTab}>
              運営会社
            </a>
          </li>
          <li>
            <a href={externalLinks.disclosureRequest} {...newTab}>
              個人情報の開示等の請求
            </a>
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

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const Main = styled.main`
  width: 100%;
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.spacing(2)};
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { padding: ${theme.spacing(3)}; }`}
`;

/** The bell and ログアウト side by side at the header's end. */
const MemberEnd = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1)};
`;

/**
 * A page: the header, the content in a readable column, the footer. A visitor's header offers
 * ログイン・新規登録; a member's offers ログアウト instead (unless the page says otherwise).
 */
export function PageLayout({ children, header = {} }: { children: ReactNode; header?: HeaderProps }) {
  const session = useSession();
  const isMember = Boolean(session.data?.userId);
  const decided = header.hideButton !== undefined;
  const hideButton = decided ? header.hideButton : isMember || session.isPending;
  const end =
    header.end ??
    (isMember && !decided ? (
      <MemberEnd>
        <AnnouncementsBell />
        <LogoutButton />
      </MemberEnd>
    ) : undefined);
  return (
    <Shell>
      <Header {...header} hideButton={hideButton} end={end} />
      <Main>{children}</Main>
      <Footer />
    </Shell>
  );
}
