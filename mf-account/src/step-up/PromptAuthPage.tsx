import {
  Actions,
  AppLink,
  Button,
  FormError,
  MemberOnly,
  navigate,
  safeReturnPath,
  Stack,
  usePageTitle,
  useContractForm,
  loadAccountCalls,
} from '@sukoyaka/shared';
import { useState } from 'react';
import { useAuthenticateUserPassword } from './api/authenticate-user-password';
import { returnToFromLocation, StepUpLayout } from './StepUpLayout';
import { CurrentPasswordField } from '../parts/CurrentPasswordField';

function PasswordForm({ email }: { email: string }) {
  const [password, setPassword] = useState('');
  const form = useContractForm({
    loadSchema: () => loadAccountCalls().then((calls) => calls.authenticateUserPassword.input),
    mutation: useAuthenticateUserPassword(),
    onSuccess: () => navigate(safeReturnPath(returnToFromLocation())),
    onError: () => setPassword(''),
    // The field takes focus as the page opens, before the member does anything (the SMS and My
    // Number pages send them here): the schema loads at their first key or press instead, not
    // with the page (issue 27).
    loadSchemaOn: 'input',
  });

  return (
    <form {...form.formProps(() => ({ password }))}>
      <Stack $gap={2.5}>
        {form.formError ? <FormError>{form.formError}</FormError> : null}
        <CurrentPasswordField value={password} onChange={setPassword} error={form.errors.password} username={email} autoFocus />
        <Button type="submit" block busy={form.isPending}>
          {form.isPending ? '確認しています…' : '確認する'}
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
