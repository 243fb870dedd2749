import { pagePaths } from '@sukoyaka/contract';
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
} from '@sukoyaka/shared';
import { Actions, Announce, Narrow, useSpendTokenOnOpen, MISSING_TOKEN_MESSAGE } from '../mail-flows/parts';
import { useUnlockAccount } from './api/unlock-account';

/**
 * `/unlock?token=…`: the link of the mail sent when wrong passwords locked the account for
 * browsers it has not signed in from (issue 8). It ends the lock on opening; nobody is signed in.
 */
export function UnlockPage() {
  usePageTitle('ログインの再開');
  const unlock = useUnlockAccount();
  const token = useSpendTokenOnOpen(unlock.mutate);

  let content;
  if (!token || unlock.isError) {
    content = (
      <Stack $gap={2}>
        <Heading>ログインを再開できませんでした</Heading>
        <FormError>{token ? describeError(unlock.error) : MISSING_TOKEN_MESSAGE}</FormError>
        <Actions>
          <ButtonLinkStyle as={AppLink} href="/password_reset/new">
            パスワードを再設定する
          </ButtonLinkStyle>
          <ButtonLinkStyle as={AppLink} href={pagePaths.login} $variant="secondary">
            ログイン画面へ
          </ButtonLinkStyle>
        </Actions>
      </Stack>
    );
  } else if (unlock.isSuccess) {
    content = (
      <Stack $gap={2}>
        <Heading>ログインを再開しました</Heading>
        <Announce>アカウントのロックを解除しました。メールアドレスとパスワードでログインしてください。</Announce>
        <Text $muted>パスワードに心当たりがない場合は、パスワードを再設定してください。</Text>
        <Actions>
          <ButtonLinkStyle as={AppLink} href={pagePaths.login}>
            ログインする
          </ButtonLinkStyle>
        </Actions>
      </Stack>
    );
  } else {
    content = (
      <Stack $gap={2}>
        <Heading>ロックを解除しています</Heading>
        <Text $muted>しばらくお待ちください。</Text>
        <LoadingSkeleton label="ロックを解除しています" rows={1} />
      </Stack>
    );
  }

  return (
    <PageLayout>
      <Narrow>
        <Card>{content}</Card>
      </Narrow>
    </PageLayout>
  );
}
