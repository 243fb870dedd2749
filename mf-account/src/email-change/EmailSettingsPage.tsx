import {
  AppError,
  Button,
  FormError,
  Heading,
  LoadingSkeleton,
  MemberOnly,
  SectionHeading,
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
import { useCreateUserEmailChange } from './api/create-user-email-change';
import { useUserEmail, type UserEmail } from './api/get-user-email';
import { useResendMailUserEmailChange } from './api/resend-mail-user-email-change';
import { CardPage } from '../parts/CardPage';
import { EmailField } from '../parts/EmailField';

/**
 * The address being typed survives the trip to /prompt_auth and back (the server asks for the
 * password confirmation when the form is sent); it is kept for this tab only.
 */
const DRAFT_KEY = 'sukoyaka.emailChangeDraft';

function readDraft(): string {
  try {
    return window.sessionStorage.getItem(DRAFT_KEY) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(DRAFT_KEY);
    else window.sessionStorage.setItem(DRAFT_KEY, value);
  } catch {
    // Storage can be off (private mode in some web views): the draft is only a convenience.
  }
}

function PendingChange({ pendingEmail }: { pendingEmail: string }) {
  const resend = useResendMailUserEmailChange();
  return (
    <Stack $gap={1.5}>
      <Announce>
        <Address>{pendingEmail}</Address>{' '}
        への変更を確認しています。そのメールアドレスに届いたリンクを開くと、変更が完了します（有効期限24時間）。
      </Announce>
      {resend.isSuccess ? <Announce>確認メールを再送信しました。新しいメールのリンクを開いてください。</Announce> : null}
      {resend.isError ? <FormError>{describeError(resend.error)}</FormError> : null}
      <Actions>
        <Button variant="secondary" onClick={() => resend.mutate()} busy={resend.isPending}>
          {resend.isPending ? '送信しています…' : '確認メールを再送信する'}
        </Button>
      </Actions>
    </Stack>
  );
}

function EmailSettings({ current }: { current: UserEmail }) {
  const [email, setEmail] = useState(readDraft);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useCreateUserEmailChange();
  const form = useContractForm({
    loadSchema: () => loadAccountCalls().then((calls) => calls.createUserEmailChange.input),
    mutation: change,
    // Kept through the password confirmation the call may ask for first.
    beforeSubmit: () => writeDraft(email),
    onSuccess: (_result, data) => {
      writeDraft(null);
      setSentTo(data.email);
      setEmail('');
    },
  });

  const stepUp = change.error instanceof AppError && change.error.serverCode === 'password_authentication_required';
  const failure = stepUp ? null : formLevelError(change.error);

  return (
    <Stack $gap={3}>
      <Heading>メールアドレスの変更</Heading>
      <Stack $gap={1} as="section" aria-labelledby="current-email-heading">
        <SectionHeading id="current-email-heading">現在のメールアドレス</SectionHeading>
        <Text>
          <Address>{current.email}</Address>
        </Text>
      </Stack>
      {current.pendingEmail ? <PendingChange pendingEmail={current.pendingEmail} /> : null}
      <form {...form.formProps(() => ({ email }))} aria-labelledby="new-email-heading">
        <Stack $gap={2}>
          <SectionHeading id="new-email-heading">新しいメールアドレスを登録する</SectionHeading>
          <Text $muted>
            新しいメールアドレスに確認メールをお送りします。メールのリンクを開くと変更が完了し、これまでのメールアドレスにもお知らせします。変更には、パスワードの再入力による本人確認が必要です。
          </Text>
          {sentTo ? (
            <Announce>
              <Address>{sentTo}</Address> に確認メールを送信しました。
            </Announce>
          ) : null}
          {failure ? <FormError>{describeError(failure)}</FormError> : null}
          <EmailField label="新しいメールアドレス" autoComplete="email" value={email} onChange={setEmail} error={form.errors.email} />
          <div>
            <Button type="submit" busy={change.isPending || stepUp}>
              {change.isPending ? '送信しています…' : '確認メールを送信する'}
            </Button>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}

function EmailSettingsLoader() {
  const current = useUserEmail();
  if (current.error) throw current.error;
  if (current.isPending) return <LoadingSkeleton label="メールアドレスを読み込んでいます" rows={2} />;
  return <EmailSettings current={current.data} />;
}

/** `/settings/email`: the current address, a pending change, and the form for a new one. */
export function EmailSettingsPage() {
  usePageTitle('メールアドレスの変更');
  return (
    <CardPage>
      <MemberOnly>{() => <EmailSettingsLoader />}</MemberOnly>
    </CardPage>
  );
}
