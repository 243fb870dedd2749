import {
  AppLink,
  Button,
  FormError,
  Heading,
  LoadingSkeleton,
  navigate,
  Notice,
  queryClient,
  safeReturnPath,
  Stack,
  Text,
  usePageTitle,
  useContractForm,
  useSearchParams,
  loadAccountCalls,
} from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useHomeWhen, useSignedInMember } from '../navigation/not-for-this-member';
import { signIn as signInCall } from './api/sign-in';
import { CardPage } from '../parts/CardPage';
import { EmailField } from '../parts/EmailField';
import { CurrentPasswordField } from '../parts/CurrentPasswordField';

// The SMS code step, only for members with SMS two-factor on: its chunk (and the account
// contract's constants it names) loads when the password step asks for it, not with /login.
const SignInCodeStep = lazy(() => import('./SignInCodeStep').then((module) => ({ default: module.SignInCodeStep })));

/** Why the member was sent here, when the app sent them (e.g. `?reason=suspended`). */
const reasons: Record<string, string> = {
  suspended: 'このアカウントはご利用が停止されています。詳しくはご加入の健康保険組合にお問い合わせください。',
};

/**
 * `/login`: e-mail and password, then the SMS code when the member has SMS two-factor on; on
 * success back to where the member was going, or home.
 */
export function LoginPage() {
  usePageTitle('ログイン');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // With SMS two-factor on, the password is followed by the code sent by SMS (SignInCodeStep).
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [resent, setResent] = useState(false);
  const [searchParams] = useSearchParams();
  const signedIn = () => {
    // Whatever was cached belonged to the visitor.
    queryClient.clear();
    navigate(safeReturnPath(searchParams.get('return_to')));
  };
  const signIn = useMutation({
    mutationFn: signInCall,
    onSuccess: (result) => {
      if (!result.mfaRequired) return signedIn();
      // Signing in again from the code step is how a new code is sent.
      setResent(step === 'code');
      setStep('code');
    },
  });
  const form = useContractForm({ loadSchema: () => loadAccountCalls().then((calls) => calls.signIn.input), mutation: signIn });
  // A member who is signed in already has nothing to do here; once signing in starts on this
  // page, the way on is the sign-in's own (return_to).
  useHomeWhen(useSignedInMember() && signIn.isIdle);

  const reason = reasons[searchParams.get('reason') ?? ''];

  if (step === 'code') {
    return (
      <CardPage max={440} header={{ hideButton: true }}>
        <Suspense fallback={<LoadingSkeleton label="確認コードの入力を読み込んでいます" rows={3} />}>
          <SignInCodeStep
            onResend={() => signIn.variables && signIn.mutate(signIn.variables)}
            resendPending={signIn.isPending}
            resent={resent}
            resendError={signIn.error}
            onBack={() => {
              signIn.reset();
              setPassword('');
              setResent(false);
              setStep('password');
            }}
            onSignedIn={signedIn}
          />
        </Suspense>
      </CardPage>
    );
  }

  return (
    <CardPage max={440} header={{ hideButton: true }}>
      <form {...form.formProps(() => ({ email, password }))} aria-labelledby="login-heading">
        <Stack $gap={2.5}>
          <Heading id="login-heading">ログイン</Heading>
          {reason ? <Notice role="status">{reason}</Notice> : null}
          {form.formError ? <FormError>{form.formError}</FormError> : null}
          <EmailField value={email} onChange={setEmail} error={form.errors.email} />
          <CurrentPasswordField value={password} onChange={setPassword} error={form.errors.password} />
          <Button type="submit" block busy={form.isPending}>
            {form.isPending ? 'ログインしています…' : 'ログイン'}
          </Button>
          <Text>
            <AppLink href="/password_reset/new">パスワードをお忘れの方</AppLink>
          </Text>
          <Text>
            はじめての方は <AppLink href="/signup">新規登録</AppLink>
          </Text>
        </Stack>
      </form>
    </CardPage>
  );
}
