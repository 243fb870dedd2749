import { unsubscribeTokenCategory } from '@sukoyaka/contract/account-terms';
import { AppLink, Button, ButtonLinkStyle, FormError, Heading, Stack, Text, describeError, usePageTitle } from '@sukoyaka/shared';
import { Actions, Announce, MISSING_TOKEN_MESSAGE, useMailToken } from '../mail-flows/parts';
import { useUnsubscribeNotification } from './api/unsubscribe-notification';
import { CardPage } from '../parts/CardPage';

/**
 * `/settings/notifications/unsubscribe?token=…`: the link at the foot of every notification mail.
 * It says which mails will stop and waits for the button: mail scanners open links, so opening
 * alone changes nothing. No sign-in is needed; the token names the member and the category.
 */
export function UnsubscribePage() {
  usePageTitle('通知メールの配信停止');
  const token = useMailToken();
  const category = token ? unsubscribeTokenCategory(token) : undefined;
  const unsubscribe = useUnsubscribeNotification();

  let content;
  if (!token || !category) {
    content = (
      <Stack $gap={2}>
        <Heading>配信停止のリンクが正しくありません</Heading>
        <FormError>{MISSING_TOKEN_MESSAGE}</FormError>
        <SettingsLink />
      </Stack>
    );
  } else if (unsubscribe.isSuccess) {
    content = (
      <Stack $gap={2}>
        <Heading>配信を停止しました</Heading>
        <Announce>「{unsubscribe.data.label}」のメールは今後お送りしません。</Announce>
        <Text $muted>もう一度受け取りたくなったときは、ログインして「通知設定」からいつでも再開できます。</Text>
        <SettingsLink />
      </Stack>
    );
  } else {
    content = (
      <Stack $gap={2}>
        <Heading>通知メールの配信停止</Heading>
        <Text>
          「{category.label}」（{category.description}）のメールの配信を停止します。よろしければ、下のボタンを押してください。
        </Text>
        <Text $muted>ほかの種類のお知らせメールはこれまでどおり届きます。</Text>
        {unsubscribe.isError ? <FormError>{describeError(unsubscribe.error)}</FormError> : null}
        <Actions>
          <Button type="button" busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
            {unsubscribe.isPending ? '停止しています…' : '配信を停止する'}
          </Button>
        </Actions>
      </Stack>
    );
  }

  return <CardPage>{content}</CardPage>;
}

function SettingsLink() {
  return (
    <Actions>
      <ButtonLinkStyle as={AppLink} href="/settings/notifications" $variant="secondary">
        通知設定へ
      </ButtonLinkStyle>
    </Actions>
  );
}
