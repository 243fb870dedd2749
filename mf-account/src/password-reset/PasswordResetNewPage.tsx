import {
  AppLink,
  Button,
  ButtonLinkStyle,
  FormError,
  Heading,
  Stack,
  Text,
  describeError,
  usePageTitle,
  formLevelError,
  useContractForm,
  loadAccountCalls,
} from '@sukoyaka/shared';
import { useState } from 'react';
import { Actions, Address, Announce } from '../mail-flows/parts';
import { useCreatePasswordReset } from './api/create-password-reset';
import { CardPage } from '../parts/CardPage';
import { EmailField } from '../parts/EmailField';

/** `/password_reset/new`: the address to send the reset link to. */
export function PasswordResetNewPage() {
  usePageTitle('パスワードの再設定');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useCreatePasswordReset();
  const form = useContractForm({
    loadSchema: () => loadAccountCalls().then((calls) => calls.createPasswordReset.input),
    mutation: request,
    onSuccess: (_result, data) => setSentTo(data.email),
  });
  const failure = formLevelError(request.error);

  return (
    <CardPage>
      {sentTo ? (
        <Stack $gap={2}>
          <Heading>メールを確認してください</Heading>
          {/* The same words whether or not the address is registered. */}
          <Announce>
            <Address>{sentTo}</Address> が登録されている場合は、パスワード再設定用のリンクをお送りしました。リンクの有効期限は30分です。
          </Announce>
          <Text $muted>
            メールが届かない場合は、迷惑メールフォルダや受信拒否の設定をご確認のうえ、1分ほど待ってからもう一度お申し込みください。
          </Text>
          <Actions>
            <ButtonLinkStyle as={AppLink} href="/login" $variant="secondary">
              ログイン画面に戻る
            </ButtonLinkStyle>
          </Actions>
        </Stack>
      ) : (
        <form {...form.formProps(() => ({ email }))} aria-labelledby="reset-heading">
          <Stack $gap={2.5}>
            <Heading id="reset-heading">パスワードの再設定</Heading>
            <Text>ご登録のメールアドレスを入力してください。パスワードを再設定するためのリンクをお送りします。</Text>
            {failure ? <FormError>{describeError(failure)}</FormError> : null}
            <EmailField value={email} onChange={setEmail} error={form.errors.email} />
            <Button type="submit" block busy={form.isPending}>
              {form.isPending ? '送信しています…' : '再設定用のリンクを送信する'}
            </Button>
            <Text $muted>
              <AppLink href="/login">ログイン画面に戻る</AppLink>
            </Text>
          </Stack>
        </form>
      )}
    </CardPage>
  );
}
