import { pagePaths } from '@sukoyaka/contract';
import { AppLink, ButtonLinkStyle, Text, usePageTitle } from '@sukoyaka/shared';
import { MailLinkPage } from '../mail-flows/MailLinkPage';
import { Actions, Announce, useSpendTokenOnOpen } from '../mail-flows/parts';
import { useUnlockAccount } from './api/unlock-account';

/**
 * `/unlock?token=…`: the link of the mail sent when wrong passwords locked the account for
 * browsers it has not signed in from (issue 8). It ends the lock on opening; nobody is signed in.
 */
export function UnlockPage() {
  usePageTitle('ログインの再開');
  const unlock = useUnlockAccount();
  const token = useSpendTokenOnOpen(unlock.mutate);

  return (
    <MailLinkPage
      token={token}
      call={unlock}
      pendingHeading="ロックを解除しています"
      failureHeading="ログインを再開できませんでした"
      failureActions={
        <>
          <ButtonLinkStyle as={AppLink} href="/password_reset/new">
            パスワードを再設定する
          </ButtonLinkStyle>
          <ButtonLinkStyle as={AppLink} href={pagePaths.login} $variant="secondary">
            ログイン画面へ
          </ButtonLinkStyle>
        </>
      }
      successHeading="ログインを再開しました"
      success={() => (
        <>
          <Announce>アカウントのロックを解除しました。メールアドレスとパスワードでログインしてください。</Announce>
          <Text $muted>パスワードに心当たりがない場合は、パスワードを再設定してください。</Text>
          <Actions>
            <ButtonLinkStyle as={AppLink} href={pagePaths.login}>
              ログインする
            </ButtonLinkStyle>
          </Actions>
        </>
      )}
    />
  );
}
