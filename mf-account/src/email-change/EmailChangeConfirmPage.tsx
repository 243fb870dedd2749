import { AppLink, ButtonLinkStyle, usePageTitle, useSession } from '@sukoyaka/shared';
import { MailLinkPage } from '../mail-flows/MailLinkPage';
import { Address, Announce, Actions, useSpendTokenOnOpen } from '../mail-flows/parts';
import { useActivateUserEmailChange } from './api/activate-user-email-change';

/** `/settings/email/confirm?token=…`: the link mailed to the new address. It changes the address on opening. */
export function EmailChangeConfirmPage() {
  usePageTitle('メールアドレスの変更');
  const activate = useActivateUserEmailChange();
  const token = useSpendTokenOnOpen(activate.mutate);
  const session = useSession();

  const signedIn = Boolean(session.data?.userId);
  return (
    <MailLinkPage
      token={token}
      call={activate}
      pendingHeading="メールアドレスを変更しています"
      failureHeading="メールアドレスを変更できませんでした"
      failureActions={
        <ButtonLinkStyle as={AppLink} href="/settings/email">
          メールアドレスの設定へ
        </ButtonLinkStyle>
      }
      successHeading="メールアドレスを変更しました"
      success={() => (
        <>
          <Announce>
            新しいメールアドレスは <Address>{activate.data?.email}</Address> です。次回から、このメールアドレスでログインしてください。
          </Announce>
          <Actions>
            {signedIn ? (
              <ButtonLinkStyle as={AppLink} href="/settings/email">
                メールアドレスの設定へ戻る
              </ButtonLinkStyle>
            ) : (
              <ButtonLinkStyle as={AppLink} href="/login">
                ログインする
              </ButtonLinkStyle>
            )}
          </Actions>
        </>
      )}
    />
  );
}
