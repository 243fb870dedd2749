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
import { Actions, Address, Announce, Narrow, useSpendTokenOnOpen, MISSING_TOKEN_MESSAGE } from '../mail-flows/parts';
import { useActivateUserEmailChange } from './api/activate-user-email-change';

/** `/settings/email/confirm?token=…`: the link mailed to the new address. It changes the address on opening. */
export function EmailChangeConfirmPage() {
  usePageTitle('メールアドレスの変更');
  const activate = useActivateUserEmailChange();
  const token = useSpendTokenOnOpen(activate.mutate);
  const session = useSession();

  const signedIn = Boolean(session.data?.userId);
  let content;
  if (!token || activate.isError) {
    content = (
      <Stack $gap={2}>
        <Heading>メールアドレスを変更できませんでした</Heading>
        <FormError>{token ? describeError(activate.error) : MISSING_TOKEN_MESSAGE}</FormError>
        <Actions>
          <ButtonLinkStyle as={AppLink} href="/settings/email">
            メールアドレスの設定へ
          </ButtonLinkStyle>
        </Actions>
      </Stack>
    );
  } else if (activate.isSuccess) {
    content = (
      <Stack $gap={2}>
        <Heading>メールアドレスを変更しました</Heading>
        <Announce>
          新しいメールアドレスは <Address>{activate.data.email}</Address> です。次回から、このメールアドレスでログインしてください。
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
      </Stack>
    );
  } else {
    content = (
      <Stack $gap={2}>
        <Heading>メールアドレスを変更しています</Heading>
        <Text $muted>しばらくお待ちください。</Text>
        <LoadingSkeleton label="メールアドレスを変更しています" rows={1} />
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
