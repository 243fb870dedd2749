import { pagePaths } from '@sukoyaka/contract';
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
import { Checkbox } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { Actions, Address, Announce, NewPasswordField } from '../mail-flows/parts';
import { useHomeWhen, useSignedInMember } from '../navigation/not-for-this-member';
import { useSignUp } from './api/sign-up';
import { useEmailCheck } from './api/validate-email';
import { CardPage } from '../parts/CardPage';
import { EmailField } from '../parts/EmailField';

function TermsLabel() {
  return (
    <>
      {/* A new tab, so that what was typed here stays. */}
      <a href="/terms" target="_blank" rel="noopener">
        利用規約
      </a>
      に同意する
    </>
  );
}

/**
 * After sign-up: what to do next, said the same way whether or not the address was new. Sign-up
 * signs nobody in (a registered address could not be, so it would tell): the member opens the
 * link, then signs in; a member whose mail does not come can sign in and resend it from there.
 */
function CheckYourMail({ email }: { email: string }) {
  return (
    <Stack $gap={2}>
      <Heading id="signup-heading">確認メールを送信しました</Heading>
      <Announce>
        <Address>{email}</Address> にメールを送信しました。メールに記載されたリンクを開いて確認を完了してから、ログインしてください。
      </Announce>
      <Text>リンクの有効期限は24時間です。</Text>
      <Text $muted>
        メールが届かない場合は、迷惑メールフォルダをご確認ください。携帯電話のメールアドレスをお使いの場合は、受信拒否の設定（ドメイン指定受信）もご確認ください。登録したメールアドレスとパスワードでログインすると、確認メールを再送信できます。
      </Text>
      <Actions>
        <ButtonLinkStyle as={AppLink} href={pagePaths.login}>
          ログイン
        </ButtonLinkStyle>
      </Actions>
    </Stack>
  );
}

/** `/signup`: e-mail, password and the terms; then a verification mail. */
export function SignupPage() {
  usePageTitle('新規登録');
  const [email, setEmail] = useState('');
  const [checkedEmail, setCheckedEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [agreedToTerms, setAgreedToTerms] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signUp = useSignUp();
  const emailCheck = useEmailCheck(checkedEmail);
  // A member who is signed in already goes home (signing up here signs nobody in).
  useHomeWhen(useSignedInMember() && signUp.isIdle);

  const onEmailBlur = () => {
    const value = email.trim();
    // Checked as the member leaves the field; the format alone is known without asking.
    setCheckedEmail(value ? value.toLowerCase() : null);
  };

  const form = useContractForm({
    loadSchema: () => loadAccountCalls().then((calls) => calls.signUp.input),
    mutation: signUp,
    onSuccess: (_result, data) => setSentTo(data.email),
  });
  const fieldErrors = form.errors;

  const emailChecked = checkedEmail !== null && checkedEmail === email.trim().toLowerCase();
  const emailError = fieldErrors.email ?? (emailChecked && emailCheck.data?.valid === false ? emailCheck.data.message : undefined);
  const failure = formLevelError(signUp.error);

  return (
    <CardPage header={{ signupFlow: true }}>
      {sentTo ? (
        <CheckYourMail email={sentTo} />
      ) : (
        <form {...form.formProps(() => ({ email, password, agreedToTerms }))} aria-labelledby="signup-heading">
          <Stack $gap={2.5}>
            <Heading id="signup-heading">新規登録</Heading>
            <Text>メールアドレスとパスワードを登録してください。登録後、健康保険組合の加入者情報を確認します。</Text>
            {failure ? <FormError>{describeError(failure)}</FormError> : null}
            <EmailField
              autoComplete="email"
              value={email}
              onChange={(value) => {
                setEmail(value);
                form.setErrors(({ email: _email, ...rest }) => rest);
              }}
              onBlur={onEmailBlur}
              error={emailError}
            />
            <NewPasswordField value={password} onChange={setPassword} error={fieldErrors.password} />
            <Checkbox
              label={<TermsLabel />}
              name="agreedToTerms"
              checked={agreedToTerms}
              onChange={(event) => setAgreedToTerms(event.target.checked)}
              error={fieldErrors.agreedToTerms}
            />
            <Button type="submit" block busy={form.isPending}>
              {form.isPending ? '登録しています…' : '登録する'}
            </Button>
            <Text $muted>
              すでに登録済みの方は <AppLink href="/login">ログイン</AppLink>
            </Text>
          </Stack>
        </form>
      )}
    </CardPage>
  );
}
