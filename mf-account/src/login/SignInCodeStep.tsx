import {
  Actions,
  Button,
  describeError,
  FormError,
  formLevelError,
  Heading,
  Notice,
  Stack,
  Text,
  useContractForm,
  loadAccountCalls,
} from '@sukoyaka/shared';
import { useState } from 'react';
import { SmsCodeField } from '../mfa/SmsCodeField';
import { useVerifySignInCode } from './api/verify-sign-in-code';

interface SignInCodeStepProps {
  /** Signs in again with the same e-mail and password, which sends a new code. */
  onResend: () => void;
  resendPending: boolean;
  /** Set once a new code went out. */
  resent: boolean;
  resendError: unknown;
  onBack: () => void;
  onSignedIn: () => void;
}

/** `/login`, second step: the six-digit code sent by SMS to the member's registered phone. */
export function SignInCodeStep({ onResend, resendPending, resent, resendError, onBack, onSignedIn }: SignInCodeStepProps) {
  const [code, setCode] = useState('');
  const form = useContractForm({
    loadSchema: () => loadAccountCalls().then((calls) => calls.verifySignInCode.input),
    mutation: useVerifySignInCode(),
    onSuccess: onSignedIn,
    onError: () => setCode(''),
  });

  const resend = () => {
    form.reset();
    setCode('');
    onResend();
  };

  // The code's own failure first; otherwise what went wrong sending a new code.
  const resendFailure = formLevelError(resendError);
  const formError = form.error ? form.formError : resendFailure ? describeError(resendFailure) : null;

  return (
    <form {...form.formProps(() => ({ code }))} aria-labelledby="login-code-heading">
      <Stack $gap={2.5}>
        <Heading id="login-code-heading">SMS認証</Heading>
        <div aria-live="polite">
          <Notice>
            {resent ? '認証コードを再送信しました。' : ''}
            ご登録の携帯電話番号に、SMSで6桁の認証コードを送信しました。
          </Notice>
        </div>
        {formError ? <FormError>{formError}</FormError> : null}
        <SmsCodeField value={code} onChange={setCode} error={form.errors.code} />
        <Button type="submit" block busy={form.isPending}>
          {form.isPending ? '確認しています…' : '認証してログイン'}
        </Button>
        <Text $muted>SMSが届かないとき、コードの有効期限が切れたときは、再送信してください。</Text>
        <Actions>
          <Button variant="secondary" onClick={resend} busy={resendPending}>
            {resendPending ? '再送信しています…' : '認証コードを再送信する'}
          </Button>
          <Button variant="text" onClick={onBack}>
            メールアドレスの入力に戻る
          </Button>
        </Actions>
      </Stack>
    </form>
  );
}
