import { AppLink, ButtonLinkStyle, usePageTitle, useSession } from '@sukoyaka/shared';
import { MailLinkPage } from '../mail-flows/MailLinkPage';
import { Actions, Announce, useSpendTokenOnOpen } from '../mail-flows/parts';
import { useActivateUserEmailVerification } from './api/activate-user-email-verification';

/** `/signup/verification?token=…`: the link of the verification mail. It verifies on opening. */
export function VerificationPage() {
  usePageTitle('メールアドレスの確認');
  const activate = useActivateUserEmailVerification();
  const token = useSpendTokenOnOpen(activate.mutate);
  const session = useSession();

  const signedIn = Boolean(session.data?.userId);
  return (
    <MailLinkPage
      token={token}
      call={activate}
      header={{ signupFlow: true }}
      pendingHeading="メールアドレスを確認しています"
      failureHeading="メールアドレスを確認できませんでした"
      failureActions={
        signedIn ? (
          <ButtonLinkStyle as={AppLink} href="/email_not_verified">
            確認メールを再送信する
          </ButtonLinkStyle>
        ) : (
          <ButtonLinkStyle as={AppLink} href="/login?return_to=%2Femail_not_verified">
            ログインして確認メールを再送信する
          </ButtonLinkStyle>
        )
      }
      successHeading="メールアドレスの確認が完了しました"
      success={() => (
        <>
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
        </>
      )}
    />
  );
}
