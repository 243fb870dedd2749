import {
  AppLink,
  ButtonLinkStyle,
  Card,
  FormError,
  Heading,
  LoadingSkeleton,
  PageLayout,
  Stack,
  Text,
  describeError,
  usePageTitle,
  useSession,
} from '@sukoyaka/shared';
import { Actions, Announce, Narrow, useSpendTokenOnOpen, MISSING_TOKEN_MESSAGE } from '../mail-flows/parts';
import { useActivateUserEmailVerification } from './api/activate-user-email-verification';

/** `/signup/verification?token=…`: the link of the verification mail. It verifies on opening. */
export function VerificationPage() {
  usePageTitle('メールアドレスの確認');
  const activate = useActivateUserEmailVerification();
  const token = useSpendTokenOnOpen(activate.mutate);
  const session = useSession();

  const signedIn = Boolean(session.data?.userId);

  let content;
  if (!token || activate.isError) {
    content = (
      <Stack $gap={2}>
        <Heading>メールアドレスを確認できませんでした</Heading>
        <FormError>{token ? describeError(activate.error) : MISSING_TOKEN_MESSAGE}</FormError>
        <Actions>
          {signedIn ? (
            <ButtonLinkStyle as={AppLink} href="/email_not_verified">
              確認メールを再送信する
            </ButtonLinkStyle>
          ) : (
            <ButtonLinkStyle as={AppLink} href="/login?return_to=%2Femail_not_verified">
              ログインして確認メールを再送信する
            </ButtonLinkStyle>
          )}
        </Actions>
      </Stack>
    );
  } else if (activate.isSuccess) {
    content = (
      <Stack $gap={2}>
        <Heading>メールアドレスの確認が完了しました</Heading>
        <Announce>ご登録ありがとうございます。すこやかをご利用いただけます。</Announce>
        <Actions>
          {signedIn ? (
            <ButtonLinkStyle as={AppLink} href="/">
              すこやかをはじめる
            </ButtonLinkStyle>
          ) : (
            <ButtonLinkStyle as={AppLink} href="/login">
              ログインしてはじめる
            </ButtonLinkStyle>
          )}
        </Actions>
      </Stack>
    );
  } else {
    content = (
      <Stack $gap={2}>
        <Heading>メールアドレスを確認しています</Heading>
        <Text $muted>しばらくお待ちください。</Text>
        <LoadingSkeleton label="メールアドレスを確認しています" rows={1} />
      </Stack>
    );
  }

  return (
    <PageLayout header={{ signupFlow: true }}>
      <Narrow>
        <Card>{content}</Card>
      </Narrow>
    </PageLayout>
  );
}
