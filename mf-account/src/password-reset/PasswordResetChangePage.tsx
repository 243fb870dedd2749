import { ErrorCodes } from '@sukoyaka/contract';
import {
  AppError,
  AppLink,
  Button,
  ButtonLinkStyle,
  FormError,
  Heading,
  Stack,
  Text,
  TextField,
  describeError,
  usePageTitle,
  formLevelError,
  useContractForm,
  loadAccountCalls,
} from '@sukoyaka/shared';
import { useState } from 'react';
import { Actions, Announce, NewPasswordField, useMailToken, MISSING_TOKEN_MESSAGE } from '../mail-flows/parts';
import { useUpdatePasswordByResetToken } from './api/update-password-by-reset-token';
import { CardPage } from '../parts/CardPage';

function LinkProblem({ message }: { message: string }) {
  return (
    <Stack $gap={2}>
      <Heading>このリンクは使えません</Heading>
      <FormError>{message}</FormError>
      <Actions>
        <ButtonLinkStyle as={AppLink} href="/password_reset/new">
          もう一度再設定を申し込む
        </ButtonLinkStyle>
      </Actions>
    </Stack>
  );
}

/** `/password_reset/change?token=…`: the new password, from the link of the reset mail. */
export function PasswordResetChangePage() {
  usePageTitle('新しいパスワードの設定');
  const token = useMailToken();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const update = useUpdatePasswordByResetToken();
  const form = useContractForm({
    loadSchema: () => loadAccountCalls().then((calls) => calls.updatePasswordByResetToken.input),
    mutation: update,
    // Typed twice, because nobody can see what they typed into a password field.
    check: (errors) => (!errors.password && confirmation !== password ? { confirmation: '新しいパスワード（確認）が一致しません' } : {}),
  });
  const fieldErrors = form.errors;

  const badLink = update.error instanceof AppError && update.error.serverCode === ErrorCodes.invalidToken;
  const failure = badLink ? null : formLevelError(update.error);

  let content;
  if (!token) content = <LinkProblem message={MISSING_TOKEN_MESSAGE} />;
  // A link cut short or mangled by a mail program: the token field has no input to show it by.
  else if (fieldErrors.token) content = <LinkProblem message={fieldErrors.token} />;
  else if (badLink) content = <LinkProblem message={describeError(update.error)} />;
  else if (update.isSuccess) {
    content = (
      <Stack $gap={2}>
        <Heading>パスワードを変更しました</Heading>
        <Announce>安全のため、すべての端末でログアウトしました。新しいパスワードでログインしてください。</Announce>
        <Actions>
          <ButtonLinkStyle as={AppLink} href="/login">
            ログインする
          </ButtonLinkStyle>
        </Actions>
      </Stack>
    );
  } else {
    content = (
      <form {...form.formProps(() => ({ token, password }))} aria-labelledby="change-heading">
        <Stack $gap={2.5}>
          <Heading id="change-heading">新しいパスワードの設定</Heading>
          <Text>新しいパスワードを入力してください。変更すると、すべての端末でログアウトします。</Text>
          {failure ? <FormError>{describeError(failure)}</FormError> : null}
          <NewPasswordField label="新しいパスワード" value={password} onChange={setPassword} error={fieldErrors.password} />
          <TextField
            label="新しいパスワード（確認）"
            type="password"
            name="confirmation"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={fieldErrors.confirmation}
            required
          />
          <Button type="submit" block busy={form.isPending}>
            {form.isPending ? '変更しています…' : 'パスワードを変更する'}
          </Button>
        </Stack>
      </form>
    );
  }

  return <CardPage>{content}</CardPage>;
}
