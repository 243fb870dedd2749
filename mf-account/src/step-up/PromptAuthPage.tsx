import { calls } from '@sukoyaka/contract';
import {
  Actions,
  AppLink,
  Button,
  describeError,
  type FieldErrors,
  fieldErrorsOf,
  FormError,
  formLevelError,
  MemberOnly,
  navigate,
  safeReturnPath,
  Stack,
  TextField,
  usePageTitle,
  validateInput,
} from '@sukoyaka/shared';
import { useState, type FormEvent } from 'react';
import { useAuthenticateUserPassword } from './api/authenticate-user-password';
import { returnToFromLocation, StepUpLayout } from './StepUpLayout';

function PasswordForm({ email }: { email: string }) {
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const confirm = useAuthenticateUserPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { data, errors } = validateInput(calls.authenticateUserPassword.input, { password });
    setFieldErrors(errors ?? {});
    if (!data) return;
    confirm.mutate(data, {
      onSuccess: () => navigate(safeReturnPath(returnToFromLocation())),
      onError: (error) => {
        setFieldErrors(fieldErrorsOf(error));
        setPassword('');
      },
    });
  };

  const failure = formLevelError(confirm.error);
  const formError = failure ? describeError(failure) : null;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack $gap={2.5}>
        {formError ? <FormError>{formError}</FormError> : null}
        {/* Lets a password manager know whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="パスワード"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password}
          required
          autoFocus
        />
        <Button type="submit" block busy={confirm.isPending}>
          {confirm.isPending ? '確認しています…' : '確認する'}
        </Button>
        <Actions $gap={2} $align="center">
          <AppLink href="/password_reset/new">パスワードをお忘れの方</AppLink>
          <AppLink href="/">キャンセルしてホームに戻る</AppLink>
        </Actions>
      </Stack>
    </form>
  );
}

/**
 * `/prompt_auth?return_to=…`: the signed-in member's password again, before a sensitive change
 * (the server answers `password_authentication_required` without it). Back to `return_to` after.
 */
export function PromptAuthPage() {
  usePageTitle('パスワードの確認');
  return (
    <StepUpLayout
      title="パスワードの確認"
      lead="大切な設定を変更するため、ご本人確認としてパスワードをもう一度入力してください。確認後15分間は、再入力なしで操作できます。"
    >
      <MemberOnly>{(member) => <PasswordForm email={member.email} />}</MemberOnly>
    </StepUpLayout>
  );
}
