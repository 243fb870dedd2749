import {
  AppError,
  AppLink,
  Button,
  FormError,
  Heading,
  LoadingSkeleton,
  Stack,
  Text,
  describeError,
  loginUrlFor,
  navigate,
  usePageTitle,
} from '@sukoyaka/shared';
import { useEffect } from 'react';
import { useUserEmail } from '../email-change/api/get-user-email';
import { useAppliesToMember, useHomeWhen } from '../navigation/not-for-this-member';
import { Actions, Address, Announce } from '../mail-flows/parts';
import { useResendMailUserEmailVerification } from './api/resend-mail-user-email-verification';
import { CardPage } from '../parts/CardPage';

function ResendOutcome({ resend }: { resend: ReturnType<typeof useResendMailUserEmailVerification> }) {
  if (resend.isSuccess) {
    return resend.data.status === 'already_verified' ? (
      <Announce>
        メールアドレスの確認はすでに完了しています。<AppLink href="/">ホームへ進む</AppLink>
      </Announce>
    ) : (
      <Announce>確認メールを再送信しました。新しいメールのリンクを開いてください（以前のリンクは使えなくなりました）。</Announce>
    );
  }
  if (resend.isError) return <FormError>{describeError(resend.error)}</FormError>;
  return null;
}

/**
 * `/email_not_verified`: where a member whose address is not verified yet is sent (403
 * user_email_not_verified). It says what to do and resends the mail.
 */
export function EmailNotVerifiedPage() {
  usePageTitle('メールアドレスの確認');
  const userEmail = useUserEmail();
  const resend = useResendMailUserEmailVerification();
  const isVisitor = userEmail.error instanceof AppError && userEmail.error.statusCode === 401;
  // Sent home once the address turns out to be verified (opened again, or from a bookmark).
  useHomeWhen(useAppliesToMember((info) => !info.emailVerified) === false);

  useEffect(() => {
    if (isVisitor) navigate(loginUrlFor(window.location));
  }, [isVisitor]);
  if (userEmail.error && !isVisitor) throw userEmail.error;

  return (
    <CardPage>
      {userEmail.isPending || isVisitor ? (
        <LoadingSkeleton label="メールアドレスを確認しています" rows={2} />
      ) : (
        <Stack $gap={2}>
          <Heading>メールアドレスの確認が完了していません</Heading>
          <Text>
            <Address>{userEmail.data?.email}</Address>{' '}
            に確認メールを送信しています。メールに記載されたリンクを開くと、すこやかをご利用いただけます。
          </Text>
          <Text $muted>
            メールが届かない場合は、迷惑メールフォルダをご確認ください。携帯電話のメールアドレスをお使いの場合は、受信拒否の設定（ドメイン指定受信）もご確認ください。リンクの有効期限（24時間）が切れた場合も、再送信してください。
          </Text>
          <ResendOutcome resend={resend} />
          <Actions>
            <Button onClick={() => resend.mutate()} busy={resend.isPending}>
              {resend.isPending ? '送信しています…' : '確認メールを再送信する'}
            </Button>
          </Actions>
          <Text $muted>
            メールアドレスを間違えて登録した場合は、正しいメールアドレスで<AppLink href="/signup">新規登録</AppLink>
            をやり直してください。
          </Text>
        </Stack>
      )}
    </CardPage>
  );
}
