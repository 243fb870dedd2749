import styled from 'styled-components';
import { AppLink } from '../routing/navigation';
import { usePageTitle } from '../routing/page-title';
import { Footer, Header, SignupBanner } from './page-parts';
import { Button, ButtonLinkStyle, Heading, Stack, Text } from '../ui/primitives';

const FullScreen = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  flex-direction: column;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.background};
`;

const Body = styled.main`
  flex: 1;
  width: 100%;
  max-width: 640px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.spacing(6, 2)};
  text-align: center;
`;

const StatusHeading = styled(Heading)`
  font-size: ${({ theme }) => theme.fontSizes.hero};
  color: ${({ theme }) => theme.colors.primary};
`;

interface GenericErrorPageProps {
  heading: string;
  message: string;
  homeLink: boolean;
  /** Offer to try again (timeouts, network and server errors). */
  onRetry?: (() => void) | undefined;
  /** The server's id of the failed request, for an inquiry. */
  requestId?: string | undefined;
}

/** Spec §2: a header without its button, the status code heading, the message, and 'ホームに戻る' where §8 says so. */
export function GenericErrorPage({ heading, message, homeLink, onRetry, requestId }: GenericErrorPageProps) {
  usePageTitle('エラー');
  return (
    <FullScreen role="alert" aria-live="assertive">
      <Header hideButton />
      <Body>
        <Stack $gap={3}>
          <StatusHeading as="h1">{heading}</StatusHeading>
          <Text>{message}</Text>
          {requestId ? <Text>お問い合わせの際はこの番号をお伝えください: {requestId}</Text> : null}
          {homeLink ? (
            <div>
              <ButtonLinkStyle as={AppLink} href="/">
                ホームに戻る
              </ButtonLinkStyle>
            </div>
          ) : null}
          {onRetry ? (
            <div>
              <Button variant="secondary" onClick={onRetry}>
                再読み込み
              </Button>
            </div>
          ) : null}
        </Stack>
      </Body>
    </FullScreen>
  );
}

/** Spec §2, "Account-locked screen". */
export function AccountLockedPage() {
  usePageTitle('アカウントがロックされました');
  return (
    <FullScreen role="alert">
      <Header hideButton />
      <Body>
        <Stack $gap={3}>
          <Heading>アカウントが ロックされました</Heading>
          <Text>
            認証に複数回失敗したため、アカウントをロックしました。セキュリティ保護のため、しばらく時間をおいてから再度お試しください。
          </Text>
          <SignupBanner />
        </Stack>
      </Body>
      <Footer />
    </FullScreen>
  );
}

/** Shown while a full-page redirect or a logout is under way. */
export function LeavingPage() {
  return (
    <FullScreen role="status" aria-live="polite">
      <Body>
        <Text>移動しています…</Text>
      </Body>
    </FullScreen>
  );
}
